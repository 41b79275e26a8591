import { describe, expect, it } from 'vitest';
import { call, login, testApp } from './helpers';

/**
 * QUALITY.md: bad input never gives a 500. Every registered route of the system services, as the super-admin (who passes every
 * permission check, so the input reaches the handler), with malformed and wrongly typed input.
 */
describe('bad input on every route', () => {
  it('answers each with a 4xx (or 200) envelope, never a 500', async () => {
    const app = await testApp();
    await app.ready();
    const { token } = await login(app);
    const routes = app.routeTable.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        // the PSI routes belong to the PSI module's own tests
        !r.url.startsWith('/api/blade-psi/') &&
        !r.url.includes('oauth/token') &&
        !r.url.endsWith('/oauth/logout') &&
        // a live stream never ends; the bell's tests cover its input
        !r.url.endsWith('/notice/stream'),
    );
    const json = { 'content-type': 'application/json' };
    const bodies: { payload: string; headers: Record<string, string> }[] = [
      { payload: '{"id": ', headers: json },
      { payload: '[]', headers: json },
      { payload: '"text"', headers: json },
      { payload: 'null', headers: json },
      {
        payload: '{"id":{"$gt":1},"ids":[[1]],"current":"x","size":{},"tenantId":["000000"]}',
        headers: json,
      },
      {
        payload: '{"id":"1e400","parentId":-1,"sort":1e400,"status":"abc","roleIds":"x","menuIds":{}}',
        headers: json,
      },
      { payload: 'ids[]=1&ids[]=2&id=abc', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      {
        payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      },
    ];
    const queries = [
      '',
      '?id=abc&ids=1,,x&current=-1&size=1e9&parentId=x&code=%00&tenantId=999999&userId=-1&roleIds=a,b',
      '?id=99999999999999999999999&ids=99999999999999999999999',
    ];
    const failures: string[] = [];
    for (const r of routes) {
      const url = r.url.replace(/:(\w+)/g, '..%2F');
      for (const q of queries) {
        const attempts =
          r.method === 'GET'
            ? [{ payload: undefined, headers: {} }]
            : [{ payload: undefined, headers: {} }, ...bodies];
        for (const a of attempts) {
          const res = await call(app, token, {
            method: r.method as 'GET',
            url: `${url}${q}`,
            payload: a.payload,
            headers: a.headers,
          });
          if (res.statusCode >= 500)
            failures.push(
              `${r.method} ${url}${q} ${a.payload ?? ''} → ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
          const type = String(res.headers['content-type'] ?? '');
          if (type.includes('application/json') && res.statusCode >= 400) {
            const body = res.json() as { success?: boolean; msg?: unknown };
            if (body.success !== false || typeof body.msg !== 'string')
              failures.push(`${r.method} ${url}${q}: not an envelope ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(routes.length).toBeGreaterThan(140);
  }, 300_000);
});
