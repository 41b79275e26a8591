import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { site } from '../src/config/site';
import { defaultAvatar, displayName, useSession } from '../src/stores/session';
import { getCookie } from '../src/utils/cookie';
import { resetStores, signIn } from './helpers';
import { server } from './msw-server';

describe('session store', () => {
  beforeEach(() => resetStores());

  it('stores the token body, the user fields and the token cookies, and persists under saber-session', () => {
    const before = Date.now();
    signIn({ access_token: 'a1', refresh_token: 'r1', nick_name: '张老师', avatar: '' });
    const state = useSession.getState();
    expect(state.token).toBe('a1');
    expect(state.refreshToken).toBe('r1');
    expect(state.tokenSavedAt).toBeGreaterThanOrEqual(before);
    expect(state.userInfo).toMatchObject({
      account: 'admin',
      role_name: 'administrator',
      tenant_id: '000000',
    });
    expect(state.userInfo?.avatar).toBe(defaultAvatar);
    expect(displayName(state.userInfo)).toBe('张老师');
    expect(getCookie(site.cookies.accessToken)).toBe('a1');
    expect(getCookie(site.cookies.refreshToken)).toBe('r1');
    const persisted = JSON.parse(localStorage.getItem('saber-session') ?? '{}') as {
      state?: { token?: string };
    };
    expect(persisted.state?.token).toBe('a1');
  });

  it('logout revokes the session on the server, then clears token, menus, permission and cookies', async () => {
    let revokedWith: string | null = null;
    server.use(
      http.get('/api/blade-auth/oauth/logout', ({ request }) => {
        revokedWith = request.headers.get('blade-auth');
        return HttpResponse.json({ code: 200, success: true, data: {}, msg: '操作成功' });
      }),
    );
    signIn({ access_token: 'a1' });
    useSession
      .getState()
      .setMenus([{ id: '1', parentId: '0', code: 'desk', name: '工作台', path: '/desk' }], {
        notice_add: true,
      });

    await useSession.getState().logout();

    expect(revokedWith).toBe('bearer a1');
    const state = useSession.getState();
    expect(state.token).toBeNull();
    expect(state.menus).toEqual([]);
    expect(state.permission).toEqual({});
    expect(getCookie(site.cookies.accessToken)).toBeUndefined();
    expect(getCookie(site.cookies.refreshToken)).toBeUndefined();
  });

  it('federated logout clears everything without a server call', () => {
    // No handler is registered: any request would fail the test (onUnhandledRequest: 'error').
    signIn();
    useSession.getState().federatedLogout();
    expect(useSession.getState().token).toBeNull();
    expect(useSession.getState().userInfo).toBeNull();
    expect(getCookie(site.cookies.accessToken)).toBeUndefined();
  });
});
