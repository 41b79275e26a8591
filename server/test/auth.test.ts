import { createHmac } from 'node:crypto';
import { formatDateTime } from '@psi/db/model';
import { describe, expect, it, vi } from 'vitest';
import { BASIC, CAPTCHA, addTenant, addUser, call, login, md5, testApp } from './helpers';

const TOKEN = '/api/blade-auth/oauth/token';

function tokenRequest(query: Record<string, string>, headers: Record<string, string> = {}) {
  return {
    method: 'POST' as const,
    url: TOKEN,
    headers: { authorization: BASIC, 'tenant-id': '000000', ...headers },
    query: { tenantId: '000000', scope: 'all', type: 'account', ...query },
  };
}

async function captcha(app: Awaited<ReturnType<typeof testApp>>) {
  const res = await app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' });
  expect(res.json()).toMatchObject({ code: 200, success: true });
  return res.json().data as { key: string; image: string };
}

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('oauth/token', () => {
  it('signs in with the captcha grant and answers the unwrapped Blade token body', async () => {
    const app = await testApp();
    const c = await captcha(app);
    expect(c.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const res = await app.inject(
      tokenRequest(
        { username: 'admin', password: md5('admin'), grant_type: 'captcha' },
        { 'captcha-key': c.key, 'captcha-code': CAPTCHA.toUpperCase() },
      ),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    for (const key of [
      'access_token',
      'token_type',
      'refresh_token',
      'expires_in',
      'scope',
      'tenant_id',
      'user_id',
      'dept_id',
      'post_id',
      'role_id',
      'oauth_id',
      'account',
      'user_name',
      'nick_name',
      'real_name',
      'role_name',
      'avatar',
      'detail',
      'license',
      'jti',
    ])
      expect(body, key).toHaveProperty(key);
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      scope: 'all',
      tenant_id: '000000',
      user_name: 'admin',
      account: 'admin',
      role_name: 'administrator',
      detail: { type: 'web' },
    });
    expect(body).not.toHaveProperty('code');
    expect(body.avatar).toBeTruthy();
    const info = await call(app, body.access_token, {
      method: 'GET',
      url: '/api/blade-auth/oauth/user-info',
    });
    expect(info.json()).toMatchObject({ code: 200, data: { account: 'admin', tenantId: '000000' } });
    expect(info.json().data).not.toHaveProperty('password');
    expect(info.body).not.toContain('argon2');
  });

  it('refuses a wrong captcha, a reused captcha and a missing one', async () => {
    const app = await testApp();
    const c = await captcha(app);
    const wrong = await app.inject(
      tokenRequest(
        { username: 'admin', password: md5('admin'), grant_type: 'captcha' },
        { 'captcha-key': c.key, 'captcha-code': 'zzzzz' },
      ),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error_code: 400, error_description: '验证码不正确' });
    // the key was spent by the failed attempt
    const reused = await app.inject(
      tokenRequest(
        { username: 'admin', password: md5('admin'), grant_type: 'captcha' },
        { 'captcha-key': c.key, 'captcha-code': CAPTCHA },
      ),
    );
    expect(reused.json().error_description).toBe('验证码不正确');
    const c2 = await captcha(app);
    const first = await app.inject(
      tokenRequest(
        { username: 'admin', password: md5('admin'), grant_type: 'captcha' },
        { 'captcha-key': c2.key, 'captcha-code': CAPTCHA },
      ),
    );
    expect(first.statusCode).toBe(200);
    const second = await app.inject(
      tokenRequest(
        { username: 'admin', password: md5('admin'), grant_type: 'captcha' },
        { 'captcha-key': c2.key, 'captcha-code': CAPTCHA },
      ),
    );
    expect(second.json().error_description).toBe('验证码不正确');
    const none = await app.inject(
      tokenRequest({ username: 'admin', password: md5('admin'), grant_type: 'captcha' }),
    );
    expect(none.json().error_description).toBe('验证码不正确');
  });

  it('expires a captcha after 5 minutes', async () => {
    const app = await testApp();
    const signIn = (key: string) =>
      app.inject(
        tokenRequest(
          { username: 'admin', password: md5('admin'), grant_type: 'captcha' },
          { 'captcha-key': key, 'captcha-code': CAPTCHA },
        ),
      );
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const stale = await captcha(app);
      const fresh = await captcha(app);
      vi.setSystemTime(Date.now() + 4 * 60 * 1000);
      expect((await signIn(fresh.key)).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 60 * 1000 + 1);
      const late = await signIn(stale.key);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({ error_code: 400, error_description: '验证码不正确' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers wrong password, unknown user and unknown tenant the same way, naming the tenant typed, in the caller language', async () => {
    const app = await testApp();
    const wrongPassword = await app.inject(
      tokenRequest({ username: 'admin', password: md5('nope'), grant_type: 'password' }),
    );
    const unknownUser = await app.inject(
      tokenRequest({ username: 'ghost', password: md5('admin'), grant_type: 'password' }),
    );
    const unknownTenant = await app.inject(
      tokenRequest(
        { username: 'admin', password: md5('admin'), grant_type: 'password', tenantId: '999999' },
        { 'tenant-id': '999999' },
      ),
    );
    for (const r of [wrongPassword, unknownUser]) {
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({
        error_code: 400,
        error_description: '用户名或密码错误：租户 000000 中没有此账号，或密码不对',
      });
    }
    // a tenant that does not exist reads like one without the account: which tenants exist stays unsaid
    expect(unknownTenant.statusCode).toBe(400);
    expect(unknownTenant.json()).toEqual({
      error_code: 400,
      error_description: '用户名或密码错误：租户 999999 中没有此账号，或密码不对',
    });
    const en = await app.inject({
      ...tokenRequest({ username: 'admin', password: md5('nope'), grant_type: 'password' }),
      headers: { authorization: BASIC, 'accept-language': 'en' },
    });
    expect(en.json().error_description).toBe(
      'Wrong user name or password: no such account in tenant 000000, or a wrong password',
    );
  });

  it('refuses an unknown client or a wrong secret with HTTP 401', async () => {
    const app = await testApp();
    for (const auth of [
      `Basic ${Buffer.from('other:secret').toString('base64')}`,
      `Basic ${Buffer.from('saber:wrong').toString('base64')}`,
      '',
    ]) {
      const res = await app.inject({
        ...tokenRequest({ username: 'admin', password: md5('admin'), grant_type: 'password' }),
        headers: { authorization: auth },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error_code: 401, error_description: '客户端认证失败!' });
    }
  });

  it('lets no more than 5 parallel guesses be verified: the others are refused as locked at once', async () => {
    const app = await testApp();
    // the verifications run off the event loop, so all ten are in flight together
    const attempts = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.inject(tokenRequest({ username: 'admin', password: md5('wrong'), grant_type: 'password' })),
      ),
    );
    const texts = attempts.map((r) => String(r.json().error_description));
    expect(texts.filter((t) => t.startsWith('用户名或密码错误：租户 000000'))).toHaveLength(5);
    expect(texts.filter((t) => t === '用户已被锁定，请联系管理员')).toHaveLength(5);
    const failures = app.ctx.sqlite
      .prepare(
        "SELECT fail_count AS n FROM blade_login_failure WHERE tenant_id = '000000' AND account = 'admin'",
      )
      .get() as { n: bigint };
    expect(Number(failures.n)).toBe(5);
    const right = await app.inject(
      tokenRequest({ username: 'admin', password: md5('admin'), grant_type: 'password' }),
    );
    expect(right.json()).toEqual({ error_code: 400, error_description: '用户已被锁定，请联系管理员' });
  });

  it('locks an account after 5 failures, even with the right password, until unlocked', async () => {
    const app = await testApp();
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.inject(tokenRequest({ username: 'admin', password: md5('wrong'), grant_type: 'password' })),
      ),
    );
    expect(
      attempts.every((r) => String(r.json().error_description).startsWith('用户名或密码错误：租户 000000')),
    ).toBe(true);
    const locked = await app.inject(
      tokenRequest({ username: 'admin', password: md5('admin'), grant_type: 'password' }),
    );
    expect(locked.json()).toEqual({ error_code: 400, error_description: '用户已被锁定，请联系管理员' });
    // another tenant's account of the same name is not affected
    addTenant(app, '400001');
    await expect(login(app, 'admin', 'secret', '400001')).resolves.toBeTruthy();
    // a sixth wrong attempt keeps it locked
    const sixth = await app.inject(
      tokenRequest({ username: 'admin', password: md5('wrong'), grant_type: 'password' }),
    );
    expect(sixth.json().error_description).toBe('用户已被锁定，请联系管理员');
    // another administrator unlocks it through /blade-user/unlock
    const deputyId = addUser(app, '000000', 'deputy', 'deputy1');
    app.ctx.sqlite
      .prepare(
        'UPDATE blade_user SET role_id = (SELECT role_id FROM blade_user WHERE account = ? AND tenant_id = ?) WHERE id = ?',
      )
      .run('admin', '000000', BigInt(deputyId));
    const deputy = await login(app, 'deputy', 'deputy1');
    const adminId = (
      app.ctx.sqlite
        .prepare("SELECT id FROM blade_user WHERE account = 'admin' AND tenant_id = '000000'")
        .get() as {
        id: bigint;
      }
    ).id;
    const unlocked = await call(app, deputy.token, {
      method: 'POST',
      url: '/api/blade-user/unlock',
      payload: `userIds=${adminId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unlocked.json()).toMatchObject({ code: 200, success: true });
    await expect(login(app)).resolves.toBeTruthy();
  });

  it('checks the tenant at sign-in and at every refresh: expiry, disabled accounts and the account limit', async () => {
    const app = await testApp();
    addTenant(app, '700001');
    // three more accounts, created one after another (the tenant admin is the oldest)
    const ids = ['u1', 'u2', 'u3'].map((a, i) =>
      addUser(app, '700001', a, 'secret', formatDateTime(new Date(Date.now() + (i + 1) * 60_000))),
    );
    const setTenant = (sql: string, ...args: unknown[]) =>
      app.ctx.sqlite.prepare(`UPDATE blade_tenant SET ${sql} WHERE tenant_id = '700001'`).run(...args);
    const session = await login(app, 'u3', 'secret', '700001');
    const refresh = (token: string) =>
      app.inject(
        tokenRequest({ grant_type: 'refresh_token', refresh_token: token }, { 'tenant-id': '700001' }),
      );

    // a limit of 3 accounts: the newest of the four is refused, at sign-in and at refresh
    setTenant('account_number = 3');
    await expect(login(app, 'u2', 'secret', '700001')).resolves.toBeTruthy();
    const over = await app.inject(
      tokenRequest(
        { username: 'u3', password: md5('secret'), grant_type: 'password', tenantId: '700001' },
        { 'tenant-id': '700001' },
      ),
    );
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ error_code: 400, error_description: '当前租户已到最大账号额度!' });
    const overEn = await app.inject({
      ...tokenRequest(
        { username: 'u3', password: md5('secret'), grant_type: 'password', tenantId: '700001' },
        { 'tenant-id': '700001', 'accept-language': 'en' },
      ),
    });
    expect(overEn.json().error_description).toBe('The tenant has reached its account limit!');
    expect((await refresh(session.refresh)).json().error_description).toBe('当前租户已到最大账号额度!');
    // removing an older account makes room
    app.ctx.sqlite.prepare('UPDATE blade_user SET is_deleted = 1 WHERE id = ?').run(BigInt(ids[0]));
    const again = await login(app, 'u3', 'secret', '700001');
    setTenant('account_number = -1');

    // expiry: refused at sign-in (after the password) and at refresh
    setTenant("expire_time = '2020-01-01 00:00:00'");
    await expect(login(app, 'u2', 'secret', '700001')).rejects.toThrow(/租户已过期/);
    const expiredRefresh = await refresh(again.refresh);
    expect(expiredRefresh.statusCode).toBe(400);
    expect(expiredRefresh.json().error_description).toBe('租户已过期');
    setTenant("expire_time = '2099-12-31 23:59:59'");

    // a disabled account cannot refresh either
    const fresh = await login(app, 'u2', 'secret', '700001');
    app.ctx.sqlite.prepare('UPDATE blade_user SET status = 0 WHERE id = ?').run(BigInt(ids[1]));
    expect((await refresh(fresh.refresh)).json().error_description).toBe(
      '用户已被禁用或待审核，请联系管理员',
    );
  });

  it('rotates refresh tokens and refuses them as access tokens', async () => {
    const app = await testApp();
    const first = await login(app);
    const refreshAsAccess = await call(app, first.refresh, {
      method: 'GET',
      url: '/api/blade-auth/oauth/user-info',
    });
    expect(refreshAsAccess.statusCode).toBe(401);
    const accessAsRefresh = await app.inject(
      tokenRequest({ grant_type: 'refresh_token', refresh_token: first.token }),
    );
    expect(accessAsRefresh.json().error_description).toBe('令牌已失效');

    const refreshed = await app.inject(
      tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh }),
    );
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().refresh_token).not.toBe(first.refresh);
    const alias = await app.inject({
      ...tokenRequest({ refresh_token: refreshed.json().refresh_token }),
      url: `${TOKEN}/refresh`,
    });
    expect(alias.statusCode).toBe(200);
    const reuse = await app.inject(
      tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh }),
    );
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error_description).toBe('令牌已失效');

    // logout revokes every refresh token of the user
    const latest = alias.json();
    await call(app, latest.access_token, { method: 'GET', url: '/api/blade-auth/oauth/logout' });
    const afterLogout = await app.inject(
      tokenRequest({ grant_type: 'refresh_token', refresh_token: latest.refresh_token }),
    );
    expect(afterLogout.json().error_description).toBe('令牌已失效');
  });

  it('takes the token from Blade-Auth (?blade-auth= on downloads only), never from Authorization nor a refresh token', async () => {
    const app = await testApp();
    const { token, refresh } = await login(app);
    const info = (opts: { headers?: Record<string, string>; query?: string }) =>
      app.inject({
        method: 'GET',
        url: `/api/blade-auth/oauth/user-info${opts.query ?? ''}`,
        headers: opts.headers ?? {},
      });
    expect((await info({ headers: { 'blade-auth': `bearer ${token}` } })).statusCode).toBe(200);
    expect((await info({ headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    // a query token is read only where a browser opens a download, never here
    expect((await info({ query: `?blade-auth=${encodeURIComponent(`bearer ${token}`)}` })).statusCode).toBe(
      401,
    );
    const download = await app.inject({
      method: 'GET',
      url: `/api/blade-user/export-template?blade-auth=${encodeURIComponent(`bearer ${token}`)}`,
    });
    expect(download.statusCode).toBe(200);
    // the client's Basic header is no token
    const basic = await info({ headers: { authorization: BASIC } });
    expect(basic.statusCode).toBe(401);
    expect(basic.json()).toMatchObject({ code: 401, msg: '缺失令牌,鉴权失败' });
    const refreshed = await info({ headers: { 'blade-auth': `bearer ${refresh}` } });
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json()).toMatchObject({ code: 401, msg: '请求未授权' });
    // a bearer token in Authorization is no token at all
    const inAuthorization = await info({ headers: { authorization: `Bearer ${token}` } });
    expect(inAuthorization.json()).toMatchObject({ code: 401, msg: '缺失令牌,鉴权失败' });
  });

  it('refuses forged, alg:none, expired and not-yet-valid tokens', async () => {
    const app = await testApp();
    const { token } = await login(app);
    const [h, p] = token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const sign = (head: object, body: object, key: string) => {
      const data = `${b64(head)}.${b64(body)}`;
      return `${data}.${createHmac('sha256', key).update(data).digest('base64url')}`;
    };
    const forged = sign(
      { alg: 'HS256', typ: 'JWT' },
      { ...payload, role_name: 'administrator' },
      'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject',
    );
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
    const tampered = `${h}.${b64({ ...payload, tenant_id: '999999' })}.${token.split('.')[2]}`;
    const secret = 'test-secret-that-is-long-enough-for-hs256-signing';
    const now = Math.floor(Date.now() / 1000);
    const expired = sign({ alg: 'HS256', typ: 'JWT' }, { ...payload, exp: now - 10, nbf: now - 100 }, secret);
    const early = sign({ alg: 'HS256', typ: 'JWT' }, { ...payload, nbf: now + 600, exp: now + 1200 }, secret);
    for (const t of [forged, none, tampered, expired, early]) {
      const res = await call(app, t, { method: 'GET', url: '/api/blade-auth/oauth/user-info' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 401, success: false, msg: '请求未授权' });
    }
    const good = sign({ alg: 'HS256', typ: 'JWT' }, payload, secret);
    expect(
      (await call(app, good, { method: 'GET', url: '/api/blade-auth/oauth/user-info' })).statusCode,
    ).toBe(200);
  });

  it('answers social and authorization_code grants with a clear not-configured error', async () => {
    const app = await testApp();
    for (const grant of ['social', 'authorization_code']) {
      const res = await app.inject(
        tokenRequest({ grant_type: grant, code: 'x', source: 'github', state: 's' }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error_description).toBe(`未配置第三方登录: ${grant}`);
    }
    const unknown = await app.inject(tokenRequest({ grant_type: 'implicit' }));
    expect(unknown.json().error_description).toBe('不支持的授权类型: implicit');
  });

  it('in switch mode takes Dept-Id and Role-Id only among the user own', async () => {
    const app = await testApp();
    const user = app.ctx.sqlite
      .prepare("SELECT role_id, dept_id FROM blade_user WHERE account = 'admin' AND tenant_id = '000000'")
      .get() as {
      role_id: string;
      dept_id: string;
    };
    const roleId = user.role_id.split(',')[0];
    const deptId = user.dept_id.split(',')[0];
    const ok = await app.inject(
      tokenRequest(
        { username: 'admin', password: md5('admin'), grant_type: 'password' },
        { 'dept-id': deptId, 'role-id': roleId },
      ),
    );
    expect(ok.json()).toMatchObject({ dept_id: deptId, role_id: roleId });
    const bad = await app.inject(
      tokenRequest(
        { username: 'admin', password: md5('admin'), grant_type: 'password' },
        { 'role-id': '123' },
      ),
    );
    expect(bad.json().error_description).toBe('无权切换到该部门或角色');
  });

  it('refuses an error log upload that is not a list of entries, and writes none of it', async () => {
    const app = await testApp();
    const { token } = await login(app);
    const entry = { type: 'error', message: 'm', stack: 's', info: 'i', url: '/wel/index', time: 't' };
    const count = () =>
      Number(
        app.ctx.sqlite
          .prepare<[], { n: bigint }>("SELECT count(*) AS n FROM blade_log_error WHERE service_id = 'web'")
          .get()!.n,
      );
    for (const payload of [
      [entry, 'not an entry'],
      [{ ...entry, message: 7 }],
      [entry, [entry]],
      { entry },
    ]) {
      const res = await call(app, token, { method: 'POST', url: '/api/blade-auth/oauth/logout', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, success: false });
    }
    expect(count()).toBe(0);
  });

  it('stores uploaded client logs as web error logs and clears caches', async () => {
    const app = await testApp();
    const { token } = await login(app);
    const res = await call(app, token, {
      method: 'POST',
      url: '/api/blade-auth/oauth/logout',
      payload: [
        {
          type: 'error',
          message: 'boom in page',
          stack: 'Error: boom\n at x',
          info: 'render',
          url: '/wel/index',
          time: '2025-09-01 10:00:00',
        },
      ],
    });
    expect(res.json()).toMatchObject({ code: 200, msg: '操作成功' });
    const row = app.ctx.sqlite
      .prepare("SELECT message, request_uri, service_id FROM blade_log_error WHERE service_id = 'web'")
      .get() as Record<string, string>;
    expect(row).toMatchObject({ message: 'boom in page', request_uri: '/wel/index' });
    // grants are cached: a change written behind the server's back shows after clear-cache
    addTenant(app, '700002', ['notice']);
    const other = await login(app, 'admin', 'secret', '700002');
    const notices = () => call(app, other.token, { method: 'GET', url: '/api/blade-desk/notice/list' });
    expect((await notices()).statusCode).toBe(200);
    app.ctx.sqlite
      .prepare(
        "DELETE FROM blade_role_menu WHERE role_id IN (SELECT id FROM blade_role WHERE tenant_id = '700002')",
      )
      .run();
    expect((await notices()).statusCode).toBe(200);
    expect(
      (await call(app, other.token, { method: 'GET', url: '/api/blade-auth/oauth/clear-cache' })).json(),
    ).toEqual({ code: 200, success: true, data: {}, msg: '操作成功' });
    expect((await notices()).statusCode).toBe(403);
  });
});

describe('menus for the signed-in user', () => {
  it('returns the granted route forest, buttons with leaf codes, and {} to anonymous callers', async () => {
    const app = await testApp();
    const anon = await app.inject({ method: 'GET', url: '/api/blade-system/menu/routes' });
    expect(anon.json()).toEqual({ code: 200, success: true, data: {}, msg: '暂无承载数据' });
    addTenant(app, '500001', ['notice', 'notice_view', 'param']);
    const { token } = await login(app, 'admin', 'secret', '500001');
    const routes = (await call(app, token, { method: 'GET', url: '/api/blade-system/menu/routes' })).json()
      .data as Record<string, unknown>[];
    const flat: Record<string, unknown>[] = [];
    const walk = (nodes: Record<string, unknown>[]) =>
      nodes.forEach((n) => (flat.push(n), walk((n.children as Record<string, unknown>[]) ?? [])));
    walk(routes);
    const codes = flat.map((n) => n.code);
    expect(codes).toContain('notice');
    expect(codes).toContain('param');
    expect(codes).not.toContain('user');
    expect(flat.every((n) => n.category === 1)).toBe(true);
    const buttons = (await call(app, token, { method: 'GET', url: '/api/blade-system/menu/buttons' })).json()
      .data as Record<string, unknown>[];
    const leaves: Record<string, unknown>[] = [];
    const walkB = (nodes: Record<string, unknown>[]) =>
      nodes.forEach((n) => (n.children ? walkB(n.children as Record<string, unknown>[]) : leaves.push(n)));
    walkB(buttons);
    expect(leaves.map((l) => l.code)).toEqual(['notice_view']);
    expect(JSON.stringify(buttons)).not.toContain('"children":[]');
  });
});
