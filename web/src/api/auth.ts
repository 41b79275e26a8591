import type { AxiosResponse } from 'axios';
import { site } from '../config/site';
import { t } from '../i18n';
import { notifyError } from '../utils/feedback';
import { RequestError } from './errors';
import { getData, request } from './request';
import type { Captcha, TokenBody, TokenFailure } from './types';

const tokenUrl = '/blade-auth/oauth/token';

export function fetchCaptcha(): Promise<Captcha> {
  return getData<Captcha>('/blade-auth/oauth/captcha', { meta: { isToken: false } });
}

export interface LoginForm {
  tenantId: string;
  username: string;
  /** The plain password; it is sent as its md5 hex. */
  password: string;
  captchaKey?: string;
  captchaCode?: string;
  /** Switch mode only. */
  deptId?: string;
  roleId?: string;
}

function isTokenBody(data: unknown): data is TokenBody {
  return typeof data === 'object' && data !== null && typeof (data as TokenBody).access_token === 'string';
}

/**
 * The token endpoint answers an unwrapped body. An HTTP 400 failure was already toasted by the client;
 * a 200 without `access_token` (seen on some Blade gateways) is toasted here.
 */
function tokenFrom(response: AxiosResponse<TokenBody | TokenFailure>): TokenBody {
  if (isTokenBody(response.data)) return response.data;
  const description = (response.data as Partial<TokenFailure> | undefined)?.error_description;
  const text = description || t('request.unknownError');
  notifyError(text);
  throw new RequestError(text, response.status, { notified: true, response });
}

/** Form parameters go in the query string, as Saber sends them; both servers accept it. */
async function postToken(
  params: Record<string, string>,
  headers: Record<string, string>,
): Promise<TokenBody> {
  const response = await request.post<TokenBody | TokenFailure>(tokenUrl, null, {
    params,
    headers,
    meta: { isToken: false },
  });
  return tokenFrom(response);
}

function switchHeaders(deptId?: string, roleId?: string): Record<string, string> {
  if (!site.switchMode) return {};
  return { ...(deptId ? { 'Dept-Id': deptId } : {}), ...(roleId ? { 'Role-Id': roleId } : {}) };
}

/** md5 hex of the password, as BladeX expects; loaded on submit to keep it off the initial bundle. */
async function hashPassword(password: string): Promise<string> {
  const { md5 } = await import('js-md5');
  return md5(password);
}

export async function loginByUsername(form: LoginForm): Promise<TokenBody> {
  const headers: Record<string, string> = {
    'Tenant-Id': form.tenantId,
    ...switchHeaders(form.deptId, form.roleId),
  };
  if (site.captchaMode) {
    headers['Captcha-Key'] = form.captchaKey ?? '';
    headers['Captcha-Code'] = form.captchaCode ?? '';
  }
  return postToken(
    {
      tenantId: form.tenantId,
      username: form.username,
      password: await hashPassword(form.password),
      grant_type: site.captchaMode ? 'captcha' : 'password',
      scope: 'all',
      type: 'account',
    },
    headers,
  );
}

export interface RefreshForm {
  refreshToken: string;
  tenantId: string;
  deptId?: string;
  roleId?: string;
}

export function refreshAccessToken(form: RefreshForm): Promise<TokenBody> {
  return postToken(
    {
      tenantId: form.tenantId,
      refresh_token: form.refreshToken,
      grant_type: 'refresh_token',
      scope: 'all',
    },
    { 'Tenant-Id': form.tenantId, ...switchHeaders(form.deptId, form.roleId) },
  );
}

/** Revokes the caller's refresh tokens on the server. */
export async function logoutRequest(): Promise<void> {
  await request.get('/blade-auth/oauth/logout');
}

/** The signed-in user's profile; its exact fields depend on the server. */
export type UserInfo = Record<string, unknown>;

export function fetchUserInfo(): Promise<UserInfo> {
  return getData<UserInfo>('/blade-auth/oauth/user-info');
}
