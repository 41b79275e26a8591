import axios, {
  AxiosHeaders,
  type AxiosError,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { site } from '../config/site';
import { currentLanguage, t } from '../i18n';
import { notifyError } from '../utils/feedback';
import { doneProgress, startProgress } from '../utils/progress';
import { RequestError } from './errors';
import { lineUrl } from './lines';
import { pendingRefresh } from './refresh-gate';
import { sessionBridge } from './session-bridge';
import type { Envelope } from './types';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** `false` drops the `Authorization: Basic` client header (Saber's `authorization: false`). */
    authorization?: boolean;
    /**
     * `isToken: false` drops the `Blade-Auth` header (Saber's `meta.isToken`). `quiet: true` rejects a
     * failure without the error toast: the caller words it (e.g. "submit failed" when there is no msg).
     */
    meta?: { isToken?: boolean; quiet?: boolean; retried?: boolean };
  }
}

/** `Basic base64(clientId:clientSecret)`: the OAuth client the server checks on the token endpoint. */
const basicAuthorization = `Basic ${btoa(`${site.clientId}:${site.clientSecret}`)}`;

/** The single HTTP client of the app (CONTRACT.md section 8). */
export const request = axios.create({
  baseURL: site.apiBase,
  timeout: site.requestTimeout,
  withCredentials: true,
  // 4xx and 5xx bodies carry `msg` / `error_description`, so they are read as responses.
  validateStatus: (status) => status >= site.validStatus.min && status <= site.validStatus.max,
});

function withHeaders(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  // the line's name of the path (the public line has the user service under `/blade-system/user/`)
  if (config.url) config.url = lineUrl(config.url);
  const headers = AxiosHeaders.from(config.headers);
  if (config.authorization !== false) headers.set('Authorization', basicAuthorization);
  const token = sessionBridge().accessToken();
  if (token && config.meta?.isToken !== false) headers.set('Blade-Auth', `bearer ${token}`);
  headers.set('Accept-Language', currentLanguage());
  config.headers = headers;
  return config;
}

interface FailureBody {
  code?: unknown;
  msg?: unknown;
  error_description?: unknown;
}

function asFailureBody(data: unknown): FailureBody {
  return typeof data === 'object' && data !== null ? (data as FailureBody) : {};
}

/** The body `code` decides; bodies without one (token endpoint, files) fall back to the HTTP status. */
function responseCode(response: AxiosResponse): number {
  const { code } = asFailureBody(response.data);
  return typeof code === 'number' ? code : response.status;
}

/** `GET /blade-system/user/list`: the route of a request, without the API prefix and the query. */
function routeOf(config: AxiosRequestConfig | undefined): string {
  const path = (config?.url ?? '').split('?')[0] ?? '';
  return `${(config?.method ?? 'get').toUpperCase()} ${path}`;
}

/**
 * The text of a failed response: a 404 or 405 (status or body code) names the route the backend lacks,
 * in the user's language; any other failure its body's text.
 */
function responseFailureText(response: AxiosResponse, code: number): string {
  if (code === 404 || code === 405 || response.status === 404 || response.status === 405)
    return t('request.routeAbsent', { route: routeOf(response.config) });
  return failureText(response.data);
}

/** The text of a failure toast: `msg`, else `error_description`, else "unknown error". */
export function failureText(data: unknown): string {
  const body = asFailureBody(data);
  if (typeof body.msg === 'string' && body.msg) return body.msg;
  if (typeof body.error_description === 'string' && body.error_description) return body.error_description;
  return t('request.unknownError');
}

function settle(response: AxiosResponse): AxiosResponse {
  const code = responseCode(response);
  if (site.statusWhiteList.includes(code)) {
    throw new RequestError(failureText(response.data), code, { notified: false, response });
  }
  if (code === 401) {
    // With a session, 401 means it ended: log out silently and go to the login page. Without one
    // (e.g. the token endpoint refusing the client) there is nothing to end, so say what failed.
    if (sessionBridge().accessToken()) {
      sessionBridge().onUnauthorized();
      throw new RequestError(failureText(response.data), code, { notified: false, response });
    }
    const text = failureText(response.data);
    notifyError(text);
    throw new RequestError(text, code, { notified: true, response });
  }
  if (code !== 200) {
    const text = responseFailureText(response, code);
    if (response.config?.meta?.quiet) throw new RequestError(text, code, { notified: false, response });
    notifyError(text);
    throw new RequestError(text, code, { notified: true, response });
  }
  return response;
}

/**
 * A 401 (HTTP status, or the public line's HTTP 200 with body code 401) to a call that carried the
 * session's token: the token is renewed once and the call sent again; when that fails the session ends.
 */
function endsSession(response: AxiosResponse): boolean {
  const config = response.config as AxiosRequestConfig | undefined;
  return (
    responseCode(response) === 401 &&
    Boolean(sessionBridge().accessToken()) &&
    config?.meta?.isToken !== false &&
    !config?.meta?.retried
  );
}

async function retryAfterRenewal(response: AxiosResponse): Promise<AxiosResponse> {
  const renewed = await sessionBridge()
    .renew()
    .then(() => Boolean(sessionBridge().accessToken()))
    .catch(() => false);
  if (!renewed) {
    if (sessionBridge().accessToken()) sessionBridge().onUnauthorized();
    throw new RequestError(failureText(response.data), 401, { notified: false, response });
  }
  const config = response.config;
  return request({ ...config, meta: { ...config.meta, retried: true } });
}

function onFulfilled(response: AxiosResponse): AxiosResponse | Promise<AxiosResponse> {
  doneProgress();
  if (endsSession(response)) return retryAfterRenewal(response);
  return settle(response);
}

function onRejected(error: AxiosError): Promise<AxiosResponse> {
  doneProgress();
  if (axios.isCancel(error)) return Promise.reject(error);
  // A status outside 200..500 (e.g. 502 from a proxy) still has a response: judge it the same way.
  if (error.response) {
    if (endsSession(error.response)) return retryAfterRenewal(error.response);
    return Promise.reject(rejectionFor(error.response));
  }
  const text =
    error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT'
      ? t('request.timeout')
      : t('request.networkError');
  notifyError(text);
  return Promise.reject(new RequestError(text, 0, { notified: true }));
}

/** The rejection for a response outside 200..500; it is a failure even if its body claims success. */
function rejectionFor(response: AxiosResponse): unknown {
  try {
    settle(response);
  } catch (failure) {
    return failure;
  }
  const text = responseFailureText(response, response.status);
  notifyError(text);
  return new RequestError(text, response.status, { notified: true, response });
}

request.interceptors.request.use(async (config) => {
  startProgress();
  // A call made while the token is being refreshed waits and then carries the new token.
  if (config.meta?.isToken !== false) await pendingRefresh()?.catch(() => undefined);
  return withHeaders(config);
});
request.interceptors.response.use(onFulfilled, onRejected);

/** GET an envelope and return its `data`. */
export async function getData<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  const response = await request.get<Envelope<T>>(url, config);
  return response.data.data;
}

/** POST and return the envelope's `data`. */
export async function postData<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  const response = await request.post<Envelope<T>>(url, body, config);
  return response.data.data;
}
