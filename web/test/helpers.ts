import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import type { TokenBody } from '../src/api/types';
import { useSession } from '../src/stores/session';
import { useSettings } from '../src/stores/settings';
import { bindToaster } from '../src/utils/feedback';
import { registerNavigate } from '../src/utils/navigation';
import { server } from './msw-server';

export const basicHeader = `Basic ${btoa('saber:saber_secret')}`;

export function tokenBody(overrides: Partial<TokenBody> = {}): TokenBody {
  return {
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    token_type: 'bearer',
    expires_in: 3600,
    scope: 'all',
    tenant_id: '000000',
    user_id: '1123598821738675201',
    dept_id: '1123598813738675201',
    role_id: '1123598816738675201',
    oauth_id: '',
    account: 'admin',
    user_name: 'admin',
    nick_name: '管理员',
    real_name: '管理员',
    role_name: 'administrator',
    avatar: '',
    ...overrides,
  };
}

/** Error and success toasts shown during a test, in order. */
export function captureToasts() {
  const errors: string[] = [];
  const successes: string[] = [];
  const record = (list: string[]) => (content: unknown) => {
    const text =
      typeof content === 'object' && content !== null ? (content as { content?: unknown }).content : content;
    list.push(String(text));
  };
  bindToaster({ error: record(errors), success: record(successes) } as unknown as Parameters<
    typeof bindToaster
  >[0]);
  return { errors, successes };
}

/** A navigate spy standing in for the router. */
export function captureNavigation() {
  const navigate = vi.fn<(path: string) => void>();
  registerNavigate(navigate);
  return navigate;
}

export function signIn(overrides: Partial<TokenBody> = {}): void {
  useSession.getState().applyToken(tokenBody(overrides));
}

export function resetStores(): void {
  useSession.getState().federatedLogout();
  useSession.setState({ tenantId: '000000' });
  useSettings.getState().setLanguage('zh');
}

export const envelope = (data: unknown, msg = '操作成功') =>
  HttpResponse.json({ code: 200, success: true, data, msg });

/**
 * What every screen asks for besides its own data: the tenant of the site's domain (none) and the top
 * menus (none). Tests add their own handlers after this one.
 */
export function serveShellDefaults(): void {
  server.use(
    http.get('/api/blade-system/tenant/info', () => envelope({}, '暂无承载数据')),
    http.get('/api/blade-system/menu/top-menu', () => envelope([])),
    // the home page's role names (a role of the seed by its alias; another by this name)
    http.get('/api/blade-auth/oauth/user-info', () => envelope({ roleName: '自定义角色' })),
  );
}
