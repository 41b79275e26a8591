import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loginByUsername } from '../src/api/auth';
import { site } from '../src/config/site';
import { defaultAvatar, displayName, useSession } from '../src/stores/session';
import { getCookie } from '../src/utils/cookie';
import { envelope, resetStores, signIn, tokenBody } from './helpers';
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

describe('switch mode (Dept-Id / Role-Id)', () => {
  const mutable = site as { switchMode: boolean };
  beforeEach(() => resetStores());
  afterEach(() => {
    mutable.switchMode = false;
  });

  /** Records the switch headers of every token request. */
  function serveToken() {
    const seen: { grant: string | null; dept: string | null; role: string | null }[] = [];
    server.use(
      http.post('/api/blade-auth/oauth/token', ({ request }) => {
        const url = new URL(request.url);
        seen.push({
          grant: url.searchParams.get('grant_type'),
          dept: request.headers.get('dept-id'),
          role: request.headers.get('role-id'),
        });
        return HttpResponse.json(tokenBody({ access_token: 'switched', dept_id: '7', role_id: '8' }));
      }),
      http.get('/api/blade-system/menu/routes', () => envelope([])),
      http.get('/api/blade-system/menu/buttons', () => envelope([])),
    );
    return seen;
  }

  it('is off by default: neither sign-in nor a switch sends the headers', async () => {
    expect(site.switchMode).toBe(false);
    const seen = serveToken();
    await loginByUsername({
      tenantId: '000000',
      username: 'admin',
      password: 'admin',
      captchaKey: 'k',
      captchaCode: 'c',
      deptId: '7',
      roleId: '8',
    });
    signIn();
    await useSession.getState().switchDeptRole('7', '8');
    expect(seen).toEqual([
      { grant: 'captcha', dept: null, role: null },
      { grant: 'refresh_token', dept: null, role: null },
    ]);
  });

  it('when on, sign-in and the switch dialog send the chosen department and role', async () => {
    mutable.switchMode = true;
    const seen = serveToken();
    await loginByUsername({
      tenantId: '000000',
      username: 'admin',
      password: 'admin',
      captchaKey: 'k',
      captchaCode: 'c',
      deptId: '5',
      roleId: '6',
    });
    signIn();
    await useSession.getState().switchDeptRole('7', '8');
    expect(seen).toEqual([
      { grant: 'captcha', dept: '5', role: '6' },
      { grant: 'refresh_token', dept: '7', role: '8' },
    ]);
    expect(useSession.getState().token).toBe('switched');
    expect(useSession.getState().userInfo).toMatchObject({ dept_id: '7', role_id: '8' });
  });
});
