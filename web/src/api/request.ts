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
    meta?: { isToken?: boolean; quiet?: boolean };
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
      sessionBridge().onUnauthorized(failureText(response.data));
      throw new RequestError(failureText(response.data), code, { notified: false, response });
    }
    const text = failureText(response.data);
    notifyError(text);
    throw new RequestError(text, code, { notified: true, response });
  }
  if (code !== 200) {
    const text = failureText(response.data);
    if (response.config?.meta?.quiet) throw new RequestError(text, code, { notified: false, response });
    notifyError(text);
    throw new RequestError(text, code, { notified: true, response });
  }
  return response;
}

function onFulfilled(response: AxiosResponse): AxiosResponse {
  doneProgress();
  return settle(response);
}

function onRejected(error: AxiosError): Promise<never> {
  doneProgress();
  if (axios.isCancel(error)) return Promise.reject(error);
  // A status outside 200..500 (e.g. 502 from a proxy) still has a response: judge it the same way.
  if (error.response) return Promise.reject(rejectionFor(error.response));
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
  const text = failureText(response.data);
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
