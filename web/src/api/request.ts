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
    meta?: { isToken?: boolean; quiet?: boolean; refreshed?: boolean };
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

/** The text of a failure toast: `msg`, else `error_description`, else "unknown error". */
export function failureText(data: unknown): string {
  const body = asFailureBody(data);
  if (typeof body.msg === 'string' && body.msg) return body.msg;
  if (typeof body.error_description === 'string' && body.error_description) return body.error_description;
  return t('request.unknownError');
}

/** A `retry-after` in whole seconds (seconds or an HTTP date), or null. */
function retryAfterSeconds(response: AxiosResponse): number | null {
  const raw: unknown = AxiosHeaders.from(response.headers as AxiosHeaders).get('retry-after');
  if (typeof raw !== 'string' || !raw.trim()) return null;
  const seconds = /^\d+$/.test(raw.trim()) ? Number(raw) : (Date.parse(raw) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : null;
}

/** Statuses of a gateway or proxy whose upstream is down or too slow. */
const UNAVAILABLE = new Set([502, 503, 504]);

/**
 * What a failed answer tells the user: a 404 or 405 names the route the backend lacks, a throttle says when to try again (its `retry-after`), a gateway
 * without a message says the service is unavailable, anything else its own text.
 */
function failureTextOf(response: AxiosResponse): string {
  const code = responseCode(response);
  if (code === 404 || code === 405 || response.status === 404 || response.status === 405)
    return t('request.routeAbsent', { route: routeOf(response.config) });
  const wait = code === 429 || response.status === 429 ? retryAfterSeconds(response) : null;
  if (wait !== null)
    return wait >= 120
      ? t('request.retryAfterMinutes', { minutes: Math.ceil(wait / 60) })
      : t('request.retryAfter', { seconds: wait });
  const body = asFailureBody(response.data);
  const said =
    (typeof body.msg === 'string' && body.msg) ||
    (typeof body.error_description === 'string' && body.error_description);
  if (!said && (UNAVAILABLE.has(response.status) || UNAVAILABLE.has(code))) return t('request.unavailable');
  return failureText(response.data);
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
    const text = failureTextOf(response);
    if (response.config?.meta?.quiet) throw new RequestError(text, code, { notified: false, response });
    notifyError(text);
    throw new RequestError(text, code, { notified: true, response });
  }
  return response;
}

/**
 * A call answered 401 while signed in: its access token may only have expired. The token is refreshed
 * (or the refresh another call started is awaited) and the call sent once more with the new one; the
 * server refused it before doing anything, so a save goes through once. A refused refresh ends the
 * session. Null when the answer is no such 401.
 */
async function afterRefresh(response: AxiosResponse): Promise<AxiosResponse | null> {
  const config = response.config as InternalAxiosRequestConfig | undefined;
  if (responseCode(response) !== 401 || !config) return null;
  if (config.meta?.isToken === false || config.meta?.refreshed) return null;
  const token = sessionBridge().accessToken();
  if (!token) return null;
  const sent = AxiosHeaders.from(config.headers).get('Blade-Auth');
  // a refresh since the call was sent already gave a new token: only send it again
  if (sent === `bearer ${token}`) {
    try {
      await sessionBridge().renew();
    } catch {
      if (sessionBridge().accessToken()) sessionBridge().onUnauthorized();
      throw new RequestError(failureText(response.data), 401, { notified: false, response });
    }
  }
  return request({ ...config, meta: { ...config.meta, refreshed: true } });
}

async function onFulfilled(response: AxiosResponse): Promise<AxiosResponse> {
  doneProgress();
  return (await afterRefresh(response)) ?? settle(response);
}

function onRejected(error: AxiosError): Promise<AxiosResponse> {
  doneProgress();
  if (axios.isCancel(error)) return Promise.reject(error);
  // A status outside 200..500 (e.g. 502 from a proxy) still has a response: judge it the same way.
  const response = error.response;
  if (response)
    return afterRefresh(response).then((retried) => retried ?? Promise.reject(rejectionFor(response)));
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
  const text = failureTextOf(response);
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
