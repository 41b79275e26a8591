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
        // a live stream never ends (the bell's tests cover its input); a demo reset ends the session
        !r.url.endsWith('/notice/stream') &&
        !r.url.endsWith('/demo/reset'),
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

/**
 * Hostile text in every field: NUL bytes, lone surrogates, control characters, very long strings
 * and full-text-search syntax, in every query parameter and body field a declared resource knows
 * (plus the common ones), on every route of every module (system, PSI, flow) as the super-admin and
 * as a tenant's platform user. No answer is a 5xx, and the database stays intact.
 */
describe('hostile text on every route', () => {
  it('never answers 5xx and leaves the database intact', async () => {
    const { demoApp, as: psiAs, assertInvariants } = await import('./psi/helpers');
    const { resources } = await import('@psi/db/model');
    const app = await demoApp();
    await app.ready();
    const admin = (await login(app)).token;
    const pt = (await psiAs(app, 'pt_admin')).token;
    const names = new Set([
      'id',
      'ids',
      'name',
      'title',
      'code',
      'keyword',
      'account',
      'tenantId',
      'parentId',
      'userIds',
      'roleIds',
      'term',
      'remark',
      'goodsName',
      'orderNo',
      'isbn',
      'descs',
      'ascs',
      'current',
      'size',
    ]);
    for (const def of Object.values(resources))
      for (const f of def.fields) {
        names.add(f.name);
        names.add(`${f.name}_like`);
      }
    const values = [
      'a\u0000b',
      '\ud800x\udfff',
      '\u0001\u0007\u001b[31m\u007f',
      'x'.repeat(20_000),
      '"书" OR title:* NEAR(a b) ^c -d AND (e',
      '*',
      '%_\\',
    ];
    const routes = app.routeTable.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        !r.url.includes('oauth/token') &&
        !r.url.endsWith('/oauth/logout') &&
        !r.url.endsWith('/update-password') &&
        // a live stream never ends; a demo reset ends the walker's own sessions
        !r.url.endsWith('/notice/stream') &&
        !r.url.endsWith('/demo/reset'),
    );
    const failures: string[] = [];
    for (const r of routes) {
      const url = r.url.replace(/:(\w+)/g, 'x');
      for (const value of values) {
        const fields = Object.fromEntries([...names].map((n) => [n, value]));
        // the URL carries a shorter value: servers cap the request line
        const short = value.length > 1000 ? value.slice(0, 1000) : value;
        // a lone surrogate has no UTF-8 form: the URL carries the bytes a careless encoder would send
        const encoded = short.includes('\ud800')
          ? `${encodeURIComponent(short.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80%C0%AF`
          : encodeURIComponent(short);
        const query = [...names].map((n) => `${encodeURIComponent(n)}=${encoded}`).join('&');
        for (const token of [admin, pt]) {
          const res = await call(app, token, {
            method: r.method as 'GET',
            url: `${url}?${query}`,
            ...(r.method === 'GET' ? {} : { payload: fields }),
          });
          if (res.statusCode >= 500)
            failures.push(
              `${r.method} ${url} ${JSON.stringify(short.slice(0, 20))} → ${res.statusCode} ${res.body.slice(0, 160)}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(
      (app.ctx.sqlite.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check,
    ).toBe('ok');
    assertInvariants(app.ctx.sqlite);
    expect(routes.length).toBeGreaterThan(250);
  }, 600_000);
});
