import type Database from 'better-sqlite3';
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
 * The state a refused write must leave untouched: per business table its row count, live rows,
 * status sum and latest update time (one statement, so it can run after every refused call). Logs,
 * tokens and sign-in counters are left out: a refusal is logged.
 */
function fingerprintOf(sqlite: Database.Database): () => string {
  const tables = (
    sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as { name: string }[]
  )
    .map((t) => t.name)
    .filter((n) => !/log|token|revocation|generation|fts|failure|__drizzle/.test(n));
  const parts = tables.map((name) => {
    const cols = new Set(
      (sqlite.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[]).map((c) => c.name),
    );
    const extra = ['update_time', 'is_deleted', 'status']
      .filter((c) => cols.has(c))
      .map((c) => (c === 'update_time' ? `max("${c}")` : `total("${c}")`));
    return `(SELECT '${name}:' || count(*)${extra.map((e) => ` || ',' || ifnull(${e}, '')`).join('')} FROM "${name}")`;
  });
  const stmt = sqlite.prepare(`SELECT ${parts.join(" || ';' || ")} AS f`);
  return () => (stmt.get() as { f: string }).f;
}

/**
 * Hostile text in every field: NUL bytes, lone surrogates, control characters, 100 000-character
 * strings and full-text-search syntax, in every query parameter, path parameter and body field
 * (also inside document lines and id lists) a declared resource knows (plus the common ones), on every
 * route of every module (system, PSI, flow, sign-in) as the super-admin and as a tenant's platform
 * user. No answer is a 5xx, a refused write changes nothing, and the database stays intact.
 */
const LONG_TEXT_FIELDS = ['name', 'title', 'remark', 'goodsName', 'content', 'reason', 'comment', 'keyword'];

describe('hostile text on every route', () => {
  it('never answers 5xx, changes nothing when it refuses, and leaves the database intact', async () => {
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
      // sign-in, flow and PSI fields no resource declares
      'username',
      'password',
      'oldPassword',
      'newPassword',
      'newPassword1',
      'grant_type',
      'refresh_token',
      'key',
      'code',
      'processDefinitionId',
      'processInstanceId',
      'taskId',
      'modelId',
      'flag',
      'comment',
      'pass',
      'auditRemark',
      'category',
      'variables',
      'reason',
      'startTime',
      'endTime',
      'days',
      'taskUser',
      'quantity',
      'amount',
      'payMethod',
      'voucherNo',
      'checkDate',
      'message',
      'stackTrace',
      'url',
    ]);
    for (const def of Object.values(resources))
      for (const f of def.fields) {
        names.add(f.name);
        names.add(`${f.name}_like`);
      }
    const values = [
      'a\u0000b',
      '\ud800',
      '\ud800x\udfff',
      '\u0001\u0007\u001b[31m\u007f\u0085\u2028',
      'x'.repeat(100_000),
      '"书" OR title:* NEAR(a b) ^c -d AND (e',
      '"',
      'NEAR(',
      'a OR b',
      '*',
      '%_\\',
    ];
    const routes = app.routeTable.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        // logout ends the walker's session and its body is the client error log (secrets.test.ts);
        // a live stream never ends; a demo reset ends the walker's own sessions
        !r.url.endsWith('/oauth/logout') &&
        !r.url.endsWith('/notice/stream') &&
        !r.url.endsWith('/demo/reset'),
    );
    const fingerprint = fingerprintOf(app.ctx.sqlite);
    const failures: string[] = [];
    let refusedWrites = 0;
    for (const r of routes) {
      for (const value of values) {
        // a very long value goes into the text fields only, so the body stays under the 2 MiB limit and
        // reaches the handler instead of a 413
        const carriers = value.length > 1000 ? LONG_TEXT_FIELDS : [...names];
        const fields: Record<string, unknown> = Object.fromEntries(carriers.map((n) => [n, value]));
        // the URL carries a shorter value: servers cap the request line
        const short = value.length > 1000 ? value.slice(0, 1000) : value;
        // a lone surrogate has no UTF-8 form: the URL carries the bytes a careless encoder would send
        const encoded = /[\ud800-\udfff]/.test(short)
          ? `${encodeURIComponent(short.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80%C0%AF`
          : encodeURIComponent(short);
        const url = r.url.replace(/:(\w+)/g, encoded.slice(0, 400) || 'x');
        const query = [...names].map((n) => `${encodeURIComponent(n)}=${encoded}`).join('&');
        const payload =
          r.method === 'GET'
            ? undefined
            : value.length > 1000
              ? fields
              : { ...fields, details: [fields], variables: fields };
        for (const token of [admin, pt]) {
          const before = r.method === 'GET' ? '' : fingerprint();
          const res = await call(app, token, {
            method: r.method as 'GET',
            url: `${url}?${query}`,
            headers: { 'tenant-id': short.slice(0, 100) },
            ...(payload ? { payload } : {}),
          });
          const label = `${r.method} ${r.url} ${JSON.stringify(short.slice(0, 20))}`;
          if (res.statusCode >= 500) failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 160)}`);
          else if (r.method !== 'GET' && res.statusCode >= 400) {
            refusedWrites++;
            if (fingerprint() !== before) failures.push(`${label} → ${res.statusCode} but the data changed`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(refusedWrites).toBeGreaterThan(1000);
    expect(
      (app.ctx.sqlite.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check,
    ).toBe('ok');
    assertInvariants(app.ctx.sqlite);
    expect(routes.length).toBeGreaterThan(250);
  }, 900_000);
});
