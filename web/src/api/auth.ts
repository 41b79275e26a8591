import type { AxiosResponse } from 'axios';
import { site } from '../config/site';
import { t } from '../i18n';
import { notifyError } from '../utils/feedback';
import { RequestError } from './errors';
import { lineRoutes } from './lines';
import type { DataOf, Merged } from './call';
import { getData, request } from './request';
import type { Captcha, Envelope, TokenBody, TokenFailure } from './types';

/** The react-query keys of the sign-in screens and the profile. */
export const authKeys = {
  userInfo: () => ['auth', 'user-info'] as const,
  tenantInfo: () => ['auth', 'tenant-info'] as const,
  captcha: () => ['auth', 'captcha'] as const,
};

export function fetchCaptcha(): Promise<Captcha> {
  return getData<Captcha>(lineRoutes.auth.captcha, { meta: { isToken: false } });
}

export interface LoginForm {
  tenantId: string;
  username: string;
  /** The plain password; it travels as the line wants it (md5 hex, or SM2-encrypted). */
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

/** The public line's token answer (`R<AuthInfo>`, camelCase). */
export interface AuthInfo {
  accessToken: string;
  refreshToken: string;
  tokenType?: string;
  expiresIn: number;
  tenantId: string;
  userId: string;
  account: string;
  userName?: string;
  /** The role aliases, comma-joined. */
  authority?: string;
  avatar?: string;
  oauthId?: string;
  license?: string;
}

function isAuthInfo(data: unknown): data is AuthInfo {
  return typeof data === 'object' && data !== null && typeof (data as AuthInfo).accessToken === 'string';
}

/** The public line's `AuthInfo` as the token body the session keeps (the user's name is its real name). */
function tokenBodyOf(info: AuthInfo): TokenBody {
  return {
    access_token: info.accessToken,
    refresh_token: info.refreshToken,
    token_type: info.tokenType || 'bearer',
    expires_in: Number(info.expiresIn) || 0,
    tenant_id: info.tenantId,
    user_id: info.userId,
    account: info.account,
    user_name: info.userName || info.account,
    real_name: info.userName ?? '',
    role_name: info.authority ?? '',
    avatar: info.avatar ?? '',
    oauth_id: info.oauthId ?? '',
    ...(info.license ? { license: info.license } : {}),
  };
}

/**
 * The token of a token answer. BladeX answers an unwrapped body (an HTTP 400 failure was already toasted
 * by the client; a 200 without `access_token`, seen on some gateways, is toasted here); the public line
 * an envelope whose failures the client already toasted.
 */
function tokenFrom(response: AxiosResponse<unknown>): TokenBody {
  const data = response.data;
  if (lineRoutes.auth.answer === 'envelope') {
    const payload = (data as Partial<Envelope<unknown>> | undefined)?.data;
    if (isAuthInfo(payload)) return tokenBodyOf(payload);
  } else if (isTokenBody(data)) return data;
  const body = data as Partial<TokenFailure> & { msg?: string };
  const text = body?.error_description || body?.msg || t('request.unknownError');
  if (!response.config?.meta?.quiet) notifyError(text);
  throw new RequestError(text, response.status, { notified: !response.config?.meta?.quiet, response });
}

/** Form parameters go in the query string, as Saber sends them; both lines accept it. */
async function postToken(
  params: Record<string, string>,
  headers: Record<string, string>,
  quiet = false,
): Promise<TokenBody> {
  const { grant, ...names } = lineRoutes.auth.params;
  const renamed = Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      if (name === 'grant') return [grant, value];
      return [name in names ? names[name as keyof typeof names] : name, value];
    }),
  );
  const response = await request.post<unknown>(lineRoutes.auth.token, null, {
    params: renamed,
    headers,
    meta: { isToken: false, quiet },
  });
  return tokenFrom(response);
}

function switchHeaders(deptId?: string, roleId?: string): Record<string, string> {
  if (!site.switchMode) return {};
  return { ...(deptId ? { 'Dept-Id': deptId } : {}), ...(roleId ? { 'Role-Id': roleId } : {}) };
}

/** md5 hex of the password, as BladeX expects; loaded on submit to keep it off the initial bundle. */
async function md5Hex(password: string): Promise<string> {
  const { md5 } = await import('js-md5');
  return md5(password);
}

/** A password outside the sign-in as the line takes it: md5 hex (BladeX), or as typed (public line). */
export async function hashPassword(password: string): Promise<string> {
  return lineRoutes.passwords === 'md5' ? md5Hex(password) : password;
}

/**
 * The sign-in password as the line takes it: md5 hex, or SM2-encrypted with the backend's public key
 * (cipher mode 0, C1C2C3, as Saber does); sm-crypto is loaded on submit, and only on that line.
 */
async function signInPassword(password: string): Promise<string> {
  if (lineRoutes.auth.password === 'md5') return md5Hex(password);
  const { sm2 } = await import('sm-crypto');
  return sm2.doEncrypt(password, site.sm2PublicKey, 0);
}

/**
 * Downloads the sign-in's password encoding (md5 or sm-crypto) while the user types, so that the submit
 * does not wait for it behind the signed-in screens it preloads.
 */
export function preloadSignInPassword(): void {
  const loading = lineRoutes.auth.password === 'md5' ? import('js-md5') : import('sm-crypto');
  loading.catch(() => undefined);
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
      account: form.username,
      password: await signInPassword(form.password),
      grant: site.captchaMode ? 'captcha' : 'password',
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
      grant: 'social',
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
  /** A refusal is not toasted. */
  quiet?: boolean;
}

export function refreshAccessToken(form: RefreshForm): Promise<TokenBody> {
  return postToken(
    {
      tenantId: form.tenantId,
      refreshToken: form.refreshToken,
      grant: 'refresh_token',
      scope: 'all',
    },
    { 'Tenant-Id': form.tenantId, ...switchHeaders(form.deptId, form.roleId) },
    form.quiet,
  );
}

/** Signs out on the server (ours revokes the caller's refresh tokens). */
export async function logoutRequest(): Promise<void> {
  const { method, url } = lineRoutes.auth.logout;
  await request.request({ method, url });
}

/** The signed-in user's profile: the BladeX line's `oauth/user-info` or the public line's `user/info`. */
export type UserInfo = Merged<DataOf<'/blade-auth/oauth/user-info'> | DataOf<'/blade-system/user/info'>>;

export function fetchUserInfo(): Promise<UserInfo | null> {
  return getData<UserInfo | null>(lineRoutes.auth.userInfo);
}
