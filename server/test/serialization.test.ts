import { describe, expect, it } from 'vitest';
import { call, login, testApp } from './helpers';

/**
 * Answers leave exactly as the handler built them: the response schemas document and check, but the
 * serialiser never drops, renames or reshapes a field (a schema-driven serialiser that strips unknown
 * keys or coerces values would fail here).
 */
describe('serialisation keeps what the handler sends', () => {
  it('the wire equals the handler output on representative routes', async () => {
    const app = await testApp();
    const sent = new Map<string, unknown>();
    app.addHook('preSerialization', async (req, _reply, payload) => {
      sent.set(`${req.method} ${req.url}`, JSON.parse(JSON.stringify(payload)));
      return payload;
    });
    const { token } = await login(app);
    const routes = [
      '/api/blade-user/info',
      '/api/blade-auth/oauth/user-info',
      // the sidebar's answers and the paged lists leave already serialised, from a cache:
      // menu-cache.test.ts and answer-cache.test.ts compare them with the uncached answers
      '/api/blade-system/menu/menu-list',
      '/api/blade-system/dict/dictionary?code=sex',
      '/api/blade-system/user/page?current=1&size=5',
      '/api/blade-system/region/lazy-tree?parentCode=00',
      '/api/blade-system/tenant/select',
      '/api/blade-system/role/tree',
      '/api/blade-flow/work/start-list',
      '/api/blade-desk/notice/inbox',
    ];
    for (const url of routes) {
      const res = await call(app, token, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const handed = sent.get(`GET ${url}`);
      expect(handed, url).toBeDefined();
      expect(res.json(), url).toEqual(handed);
      // and byte for byte: no reordering, no coercion
      expect(res.body, url).toBe(JSON.stringify(handed));
    }
    // the token answer is not enveloped and has its own schema
    const tokenUrl = [...sent.keys()].find((k) => k.startsWith('POST /api/blade-auth/oauth/token'))!;
    const signIn = await login(app);
    expect(Object.keys(signIn.body).sort()).toEqual(Object.keys(sent.get(tokenUrl) as object).sort());
  });
});
