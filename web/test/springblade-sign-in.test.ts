import { http, HttpResponse } from 'msw';
import { sm2 } from 'sm-crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from './msw-server';

// the served page says: the backend is on the public line, with this SM2 key and no PSI, bell or demo
const keys = vi.hoisted(() => ({ publicKey: '', privateKey: '' }));
vi.mock('../src/config/site', async (importOriginal) => {
  const { sm2: crypto } = await import('sm-crypto');
  Object.assign(keys, crypto.generateKeyPairHex());
  const original = await importOriginal<typeof import('../src/config/site')>();
  return {
    ...original,
    site: {
      ...original.site,
      line: 'springblade',
      sm2PublicKey: keys.publicKey,
      features: { psi: false, inbox: false, demo: false },
    },
  };
});

const { fetchCaptcha, fetchUserInfo, logoutRequest, refreshAccessToken } = await import('../src/api/auth');
const { fetchInbox } = await import('../src/api/desk');
const { fetchDemoInfo } = await import('../src/api/demo');
const { fetchOwnInfo } = await import('../src/api/info');
const { useSession } = await import('../src/stores/session');
const { basicHeader, captureToasts, resetStores } = await import('./helpers');

const envelope = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' });

const authInfo = {
  accessToken: 'sb-access',
  tokenType: 'bearer',
  refreshToken: 'sb-refresh',
  userId: '1123598821738675201',
  tenantId: '000000',
  oauthId: '',
  avatar: '',
  authority: 'administrator',
  userName: '管理员',
  account: 'admin',
  expiresIn: 3600,
  license: 'powered by bladex',
};

describe('signing in on the public SpringBlade line', () => {
  beforeEach(() => {
    resetStores();
    server.use(
      http.get('/api/blade-system/menu/routes', () => envelope([])),
      http.get('/api/blade-system/menu/buttons', () => envelope([])),
    );
  });

  it('asks the public captcha route', async () => {
    server.use(
      http.get('/api/blade-auth/captcha', () => envelope({ key: 'k1', image: 'data:image/png;base64,' })),
    );
    await expect(fetchCaptcha()).resolves.toEqual({ key: 'k1', image: 'data:image/png;base64,' });
  });

  it('posts grantType, tenantId, account and the SM2-encrypted password to /blade-auth/token', async () => {
    let seen: { query: URLSearchParams; headers: Headers } | undefined;
    server.use(
      http.post('/api/blade-auth/token', ({ request }) => {
        seen = { query: new URL(request.url).searchParams, headers: request.headers };
        return envelope(authInfo);
      }),
    );

    await useSession.getState().login({
      tenantId: '000000',
      username: 'admin',
      password: 'admin',
      captchaKey: 'k1',
      captchaCode: 'abcde',
    });

    const query = seen?.query;
    expect([query?.get('grantType'), query?.get('tenantId'), query?.get('account')]).toEqual([
      'captcha',
      '000000',
      'admin',
    ]);
    expect(query?.has('grant_type')).toBe(false);
    expect(query?.has('username')).toBe(false);
    const cipher = query?.get('password') ?? '';
    expect(cipher).not.toBe('admin');
    expect(sm2.doDecrypt(cipher, keys.privateKey, 0)).toBe('admin');
    expect(seen?.headers.get('authorization')).toBe(basicHeader);
    expect(seen?.headers.get('tenant-id')).toBe('000000');
    expect([seen?.headers.get('captcha-key'), seen?.headers.get('captcha-code')]).toEqual(['k1', 'abcde']);

    const state = useSession.getState();
    expect([state.token, state.refreshToken, state.tenantId]).toEqual(['sb-access', 'sb-refresh', '000000']);
    expect(state.userInfo).toMatchObject({
      user_id: authInfo.userId,
      account: 'admin',
      real_name: '管理员',
      role_name: 'administrator',
    });
  });

  it('shows the envelope message of a refused sign-in', async () => {
    const toasts = captureToasts();
    server.use(
      http.post('/api/blade-auth/token', () =>
        HttpResponse.json({ code: 400, success: false, data: {}, msg: '用户名或密码错误' }, { status: 400 }),
      ),
    );
    await expect(
      useSession.getState().login({ tenantId: '000000', username: 'admin', password: 'x' }),
    ).rejects.toThrow('用户名或密码错误');
    expect(toasts.errors).toEqual(['用户名或密码错误']);
    expect(useSession.getState().token).toBeNull();
  });

  it('refreshes with grantType=refresh_token and refreshToken, and signs out with POST /blade-auth/logout', async () => {
    let refresh: URLSearchParams | undefined;
    let loggedOut = false;
    server.use(
      http.post('/api/blade-auth/token', ({ request }) => {
        refresh = new URL(request.url).searchParams;
        return envelope({ ...authInfo, accessToken: 'sb-access-2' });
      }),
      http.post('/api/blade-auth/logout', () => {
        loggedOut = true;
        return envelope({ code: '200', msg: '操作成功' });
      }),
    );
    const body = await refreshAccessToken({ refreshToken: 'sb-refresh', tenantId: '000000' });
    expect(body.access_token).toBe('sb-access-2');
    expect([refresh?.get('grantType'), refresh?.get('refreshToken')]).toEqual([
      'refresh_token',
      'sb-refresh',
    ]);
    await logoutRequest();
    expect(loggedOut).toBe(true);
  });

  it('reads the user from /blade-system/user/info, also for the calls of the BladeX user service', async () => {
    server.use(
      http.get('/api/blade-system/user/info', () =>
        envelope({ id: '1', account: 'admin', roleName: '超级管理员', realName: '管理员' }),
      ),
    );
    await expect(fetchUserInfo()).resolves.toMatchObject({ roleName: '超级管理员' });
    await expect(fetchOwnInfo()).resolves.toMatchObject({ id: '1', realName: '管理员' });
  });

  it('asks neither the inbox nor the demo where the backend has none', async () => {
    const asked: string[] = [];
    const listen = ({ request }: { request: Request }) => {
      asked.push(new URL(request.url).pathname);
    };
    server.events.on('request:start', listen);
    server.use(http.get('/api/blade-desk/notice/list', () => envelope({ total: 0, records: [] })));
    await expect(fetchDemoInfo()).resolves.toEqual({ resettable: false });
    await expect(fetchInbox()).resolves.toMatchObject({ mode: 'basic' });
    server.events.removeListener('request:start', listen);
    expect(asked).toEqual(['/api/blade-desk/notice/list']);
  });
});
