import { describe, expect, it } from 'vitest';
import { addTenant, addUser, call, login, testApp } from './helpers';

describe('default deny over the whole route table', () => {
  it('every route declares access, and none is reachable without what it declares', async () => {
    const app = await testApp();
    await app.ready();
    const routes = app.routeTable.filter((r) => r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(10);
    const publicRoutes = routes.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`);
    // the gateway's public paths and nothing else
    expect(publicRoutes.sort()).toEqual(
      [
        'GET /api/blade-auth/oauth/captcha',
        'GET /api/blade-system/menu/routes',
        // the public SpringBlade dialect's: its sign-in, Sword's route guard, the SM2 public key
        'GET /api/blade-auth/captcha',
        'POST /api/blade-auth/token',
        'GET /api/blade-system/menu/auth-routes',
        'GET /api/blade-auth/public-key',
        // stored files: a signed link, else the token (the handler checks either)
        'GET /api/blade-resource/oss/endpoint/file/:tenantId/:day/:name',
        'POST /api/blade-auth/oauth/token',
        'POST /api/blade-auth/oauth/token/refresh',
        ...routes
          .filter((r) => r.access === 'public' && r.url.startsWith('/api/blade-system/tenant/info'))
          .map((r) => `${r.method} ${r.url}`),
      ].sort(),
    );

    // two users without grants: a tenant's `admin` (an admin alias counts for nothing by itself) and a
    // platform user (tenant 000000) of a role granted nothing
    addTenant(app, '600001', []);
    const nobody = await login(app, 'admin', 'secret', '600001');
    const platformUserId = addUser(app, '000000', 'plain', 'plain1');
    const guestRole = '1999999999999999001';
    app.ctx.sqlite
      .prepare(
        `INSERT INTO blade_role (id, tenant_id, parent_id, role_name, sort, role_alias, status, is_deleted) VALUES (?, '000000', 0, '访客', 9, 'guest', 1, 0)`,
      )
      .run(BigInt(guestRole));
    app.ctx.sqlite
      .prepare('UPDATE blade_user SET role_id = ? WHERE id = ?')
      .run(guestRole, BigInt(platformUserId));
    const plain = await login(app, 'plain', 'plain1');
    expect(plain.body.role_name).toBe('guest');
    const forged = `${nobody.token.slice(0, -4)}AAAA`;

    for (const r of routes) {
      if (r.access === 'public') continue;
      const url = r.url.replace(/:(\w+)/g, '1');
      const method = r.method as 'GET' | 'POST';
      const anonymous = await call(app, null, { method, url });
      expect(anonymous.statusCode, `${r.method} ${r.url} without a token`).toBe(401);
      const bad = await call(app, forged, { method, url });
      expect(bad.statusCode, `${r.method} ${r.url} with a forged token`).toBe(401);
      if (r.access === 'user') continue;
      for (const low of [nobody, plain]) {
        const res = await call(app, low.token, { method, url });
        expect(res.statusCode, `${r.method} ${r.url} as ${low.body.tenant_id} ${low.body.account}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 403, msg: '无权限' });
      }
    }
  });

  it('refuses to register a route that declares no access rule', async () => {
    const app = await testApp();
    expect(() => app.get('/api/undeclared', async () => 'x')).toThrow(/declares no access rule/);
  });
});
