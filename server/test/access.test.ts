import { describe, expect, it } from 'vitest';
import { addTenant, call, login, testApp } from './helpers';

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
        'POST /api/blade-auth/oauth/token',
        'POST /api/blade-auth/oauth/token/refresh',
        ...routes
          .filter((r) => r.access === 'public' && r.url.startsWith('/api/blade-system/tenant/info'))
          .map((r) => `${r.method} ${r.url}`),
      ].sort(),
    );

    addTenant(app, '600001', []);
    const nobody = await login(app, 'admin', 'secret', '600001');
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
      const low = await call(app, nobody.token, { method, url });
      expect(low.statusCode, `${r.method} ${r.url} as a user without grants`).toBe(403);
      expect(low.json()).toMatchObject({ code: 403, msg: '无权限' });
    }
  });

  it('refuses to register a route that declares no access rule', async () => {
    const app = await testApp();
    expect(() => app.get('/api/undeclared', async () => 'x')).toThrow(/declares no access rule/);
  });
});
