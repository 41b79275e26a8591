import type { AxiosResponse } from 'axios';
import { site } from '../config/site';
import { t } from '../i18n';
import { notifyError } from '../utils/feedback';
import { RequestError } from './errors';
import { getData, request } from './request';
import type { Captcha, TokenBody, TokenFailure } from './types';

const tokenUrl = '/blade-auth/oauth/token';

/** The react-query keys of the sign-in screens and the profile. */
export const authKeys = {
  userInfo: () => ['auth', 'user-info'] as const,
  tenantInfo: () => ['auth', 'tenant-info'] as const,
  captcha: () => ['auth', 'captcha'] as const,
};

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
export async function hashPassword(password: string): Promise<string> {
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

export interface SocialForm {
  tenantId: string;
  /** The provider (`github`, `gitee`, `wechat_open`...) and what it sent back to the callback. */
  source: string;
  code: string;
  state: string;
}

/** Third-party sign-in: the provider's callback parameters exchanged for a token (`grant_type=social`). */
export function loginBySocial(form: SocialForm): Promise<TokenBody> {
  return postToken(
    {
      tenantId: form.tenantId,
      source: form.source,
      code: form.code,
      state: form.state,
      grant_type: 'social',
      scope: 'all',
    },
    { 'Tenant-Id': form.tenantId },
  );
}

/** A third-party sign-in without a user of this system (the user then asks for an account). */
export function isUnboundSocialUser(body: TokenBody): boolean {
  return !body.user_id || body.user_id === '-1';
}

export interface RegisterForm {
  tenantId: string;
  name: string;
  account: string;
  /** Plain passwords; they are sent as md5 hex. */
  password: string;
  password2: string;
  oauthId: string;
}

/**
 * Asks for an account for a third-party user (`/blade-user/register-guest`), with the token of the
 * third-party sign-in. The account stays pending until an administrator approves it.
 */
export async function registerGuest(form: RegisterForm, accessToken: string): Promise<void> {
  const [password, password2] = await Promise.all([
    hashPassword(form.password),
    hashPassword(form.password2),
  ]);
  await request.post('/blade-user/register-guest', null, {
    params: {
      tenantId: form.tenantId,
      name: form.name,
      account: form.account,
      password,
      password2,
      oauthId: form.oauthId,
    },
    headers: { 'Blade-Auth': `bearer ${accessToken}` },
    meta: { isToken: false, quiet: true },
  });
}

/** `tenant/info?domain=`: the tenant a site's domain belongs to, so the login page can hide the field. */
export interface TenantInfo {
  tenantId?: string;
  domain?: string;
  backgroundUrl?: string;
}

export async function fetchTenantInfo(domain: string): Promise<TenantInfo> {
  const data = await getData<TenantInfo | null>('/blade-system/tenant/info', {
    params: { domain },
    meta: { isToken: false },
  });
  return data ?? {};
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

/** The signed-in user's profile; beyond the role and tenant names its fields depend on the server. */
export interface UserInfo extends Record<string, unknown> {
  roleName?: string;
  tenantName?: string;
}

export function fetchUserInfo(): Promise<UserInfo | null> {
  return getData<UserInfo | null>('/blade-auth/oauth/user-info');
}
