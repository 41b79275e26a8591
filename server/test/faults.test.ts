import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseFaultHeader, type FaultRule } from '@psi/db/model';
import { buildApp } from '../src/app';
import { FaultBook } from '../src/faults/book';
import { BASIC, addTenant, call, login, testApp } from './helpers';

const LIST = '/api/blade-system/param/list';

const rule = (over: Record<string, unknown> = {}) => ({
  method: '*',
  path: '/blade-system/param/list',
  effect: 'status',
  status: 503,
  ...over,
});

async function submit(app: FastifyInstance, token: string, body: Record<string, unknown>, lang = 'zh') {
  return call(app, token, {
    method: 'POST',
    url: '/api/blade-develop/fault/submit',
    payload: body,
    headers: { 'accept-language': lang },
  });
}

async function rules(app: FastifyInstance, token: string): Promise<FaultRule[]> {
  const res = await call(app, token, { method: 'GET', url: '/api/blade-develop/fault/list' });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: FaultRule[] }).data;
}

async function faultsOn() {
  const app = await testApp({ faults: true });
  const { token, refresh } = await login(app);
  return { app, token, refresh };
}

describe('fault injection off (the default)', () => {
  it('has no fault routes and ignores the Blade-Fault header', async () => {
    const app = await testApp();
    const { token } = await login(app);
    const list = await call(app, token, { method: 'GET', url: '/api/blade-develop/fault/list' });
    expect(list.statusCode).toBe(404);
    const submitted = await submit(app, token, rule());
    expect(submitted.statusCode).toBe(404);
    const asked = await call(app, token, {
      method: 'GET',
      url: LIST,
      headers: { 'blade-fault': 'status=503' },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ code: 200, success: true });
    const doc = (await app.inject({ method: 'GET', url: '/v3/api-docs' })).json() as { paths: object };
    expect(Object.keys(doc.paths)).not.toContain('/blade-develop/fault/list');
  });
});

describe('fault rules (FAULTS=on)', () => {
  it('are managed by the platform super-admin only', async () => {
    const { app } = await faultsOn();
    const anonymous = await app.inject({ method: 'GET', url: '/api/blade-develop/fault/list' });
    expect(anonymous.statusCode).toBe(401);
    // a tenant's admin, and even a role aliased administrator outside tenant 000000, are refused
    const { roleId } = addTenant(app, '700001');
    const tenantAdmin = await login(app, 'admin', 'secret', '700001');
    const refused = await call(app, tenantAdmin.token, {
      method: 'GET',
      url: '/api/blade-develop/fault/list',
    });
    expect(refused.statusCode).toBe(403);
    app.ctx.sqlite
      .prepare("UPDATE blade_role SET role_alias = 'administrator' WHERE id = ?")
      .run(BigInt(roleId));
    app.ctx.grants.clear();
    const lookalike = await login(app, 'admin', 'secret', '700001');
    for (const [method, url] of [
      ['GET', '/api/blade-develop/fault/list'],
      ['POST', '/api/blade-develop/fault/submit'],
      ['POST', '/api/blade-develop/fault/remove?ids=1'],
    ] as const) {
      const res = await call(app, lookalike.token, {
        method,
        url,
        payload: method === 'POST' ? rule() : undefined,
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, success: false, msg: '无权限' });
    }
  });

  it('are validated with bilingual messages', async () => {
    const { app, token } = await faultsOn();
    const noPath = await submit(app, token, { effect: 'delay' }, 'en');
    expect(noPath.statusCode).toBe(400);
    expect(noPath.json()).toMatchObject({ code: 400, success: false, msg: 'Please enter Path' });
    const zh = await submit(app, token, { effect: 'delay' }, 'zh');
    expect(zh.json().msg).toBe('请输入路径');
    const badEffect = await submit(app, token, rule({ effect: 'explode' }), 'en');
    expect(badEffect.json().msg).toBe('Fault is invalid');
    const badStatus = await submit(app, token, rule({ status: 700 }), 'en');
    expect(badStatus.json().msg).toBe('HTTP status must be at most 599');
    const badPath = await submit(app, token, rule({ path: 'blade-system' }), 'en');
    expect(badPath.json().msg).toMatch(/^The path starts with \//);
    const badPercent = await submit(app, token, rule({ percent: 0 }), 'zh');
    expect(badPercent.json().msg).toBe('比例(%)不能小于1');
    const notJson = await call(app, token, {
      method: 'POST',
      url: '/api/blade-develop/fault/submit',
      payload: '[1]',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    });
    expect(notJson.statusCode).toBe(400);
    const unknown = await submit(app, token, { ...rule(), id: '123' }, 'en');
    expect(unknown.json()).toMatchObject({ code: 400, msg: 'The fault rule does not exist' });
    expect(await rules(app, token)).toEqual([]);
  });

  it('answer an error status with the Blade envelope and its message, and count it', async () => {
    const { app, token } = await faultsOn();
    const added = await submit(app, token, rule({ message: '上游维护中' }));
    expect(added.statusCode).toBe(200);
    const id = (added.json() as { data: FaultRule }).data.id;
    const res = await call(app, token, { method: 'GET', url: `${LIST}?current=1` });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 503, success: false, data: {}, msg: '上游维护中' });
    // another path, another method: untouched
    expect((await call(app, token, { method: 'GET', url: '/api/blade-system/dict/list' })).statusCode).toBe(
      200,
    );
    const listed = (await rules(app, token)).find((r) => r.id === id)!;
    expect(listed).toMatchObject({ source: 'rule', hits: 1, remaining: -1 });
    expect(listed.lastHit).not.toBe('');
    // without a message: a bilingual default
    await call(app, token, { method: 'POST', url: `/api/blade-develop/fault/remove?ids=${id}` });
    await submit(app, token, rule({ status: 500 }));
    const en = await call(app, token, { method: 'GET', url: LIST, headers: { 'accept-language': 'en' } });
    expect(en.json()).toMatchObject({ code: 500, msg: 'Injected fault: HTTP 500' });
  });

  it('delay a call, then let it through', async () => {
    const { app, token } = await faultsOn();
    await submit(app, token, rule({ effect: 'delay', delayMs: 300 }));
    const started = Date.now();
    const res = await call(app, token, { method: 'GET', url: LIST });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: { records: expect.any(Array) } });
  });

  it('expire a token: 401 as for an expired token, and the refresh token still works', async () => {
    const { app, token, refresh } = await faultsOn();
    await submit(
      app,
      token,
      rule({ method: 'POST', path: '/blade-system/param/submit', effect: 'expire', times: 1 }),
    );
    const payload = { paramName: 'fault', paramKey: 'fault.once', paramValue: '1' };
    const first = await call(app, token, { method: 'POST', url: '/api/blade-system/param/submit', payload });
    expect(first.statusCode).toBe(401);
    expect(first.json()).toEqual({ code: 401, success: false, data: {}, msg: '请求未授权' });
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: BASIC, 'tenant-id': '000000' },
      query: { grant_type: 'refresh_token', refresh_token: refresh, tenantId: '000000', scope: 'all' },
    });
    expect(refreshed.statusCode).toBe(200);
    const again = await call(app, refreshed.json().access_token as string, {
      method: 'POST',
      url: '/api/blade-system/param/submit',
      payload,
    });
    expect(again.statusCode).toBe(200);
    const written = app.ctx.sqlite
      .prepare("SELECT COUNT(*) AS n FROM blade_param WHERE param_key = 'fault.once' AND is_deleted = 0")
      .get() as { n: number };
    expect(Number(written.n)).toBe(1);
  });

  it('throttle with 429 and retry-after', async () => {
    const { app, token } = await faultsOn();
    await submit(
      app,
      token,
      rule({ method: 'POST', path: '/blade-auth/oauth/token', effect: 'throttle', retryAfter: 42 }),
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: BASIC, 'tenant-id': '000000', 'accept-language': 'en' },
      query: { grant_type: 'password', username: 'admin', password: 'x', tenantId: '000000' },
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('42');
    expect(res.json()).toMatchObject({ code: 429, msg: 'Too many requests, please try again later' });
  });

  it('drop the connection', async () => {
    const { app, token } = await faultsOn();
    await submit(app, token, rule({ effect: 'drop' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    await expect(
      fetch(`http://127.0.0.1:${port}${LIST}`, { headers: { 'blade-auth': `bearer ${token}` } }),
    ).rejects.toThrow();
    const other = await fetch(`http://127.0.0.1:${port}/api/blade-system/dict/list`, {
      headers: { 'blade-auth': `bearer ${token}` },
    });
    expect(other.status).toBe(200);
    expect((await rules(app, token))[0]).toMatchObject({ effect: 'drop', hits: 1 });
    app.server.closeAllConnections();
  });

  it('apply to the next N calls, then stop', async () => {
    const { app, token } = await faultsOn();
    await submit(app, token, rule({ times: 2 }));
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await call(app, token, { method: 'GET', url: LIST })).statusCode);
    expect(codes).toEqual([503, 503, 200, 200]);
    expect((await rules(app, token))[0]).toMatchObject({ times: 2, hits: 2, remaining: 0 });
  });

  it('apply to a share of the calls', async () => {
    const { app, token } = await faultsOn();
    await submit(app, token, rule({ percent: 50 }));
    let faulted = 0;
    for (let i = 0; i < 120; i++)
      if ((await call(app, token, { method: 'GET', url: LIST })).statusCode === 503) faulted++;
    // binomial(120, 0.5): outside 30..90 about once in 10^8 runs
    expect(faulted).toBeGreaterThan(30);
    expect(faulted).toBeLessThan(90);
    expect((await rules(app, token))[0].hits).toBe(faulted);
  });

  it('match a path pattern, a method, a role and an account', async () => {
    const { app, token } = await faultsOn();
    await submit(app, token, rule({ path: '/api/blade-system/*/list', account: 'somebody' }));
    await submit(app, token, rule({ path: '/blade-system/**', method: 'POST', status: 502 }));
    await submit(app, token, rule({ path: '/blade-system/*/list', role: 'administrator', status: 504 }));
    expect((await call(app, token, { method: 'GET', url: '/api/blade-system/dict/list' })).statusCode).toBe(
      504,
    );
    expect(
      (await call(app, token, { method: 'GET', url: '/api/blade-system/dict/detail?id=1' })).statusCode,
    ).toBe(200);
    expect(
      (await call(app, token, { method: 'POST', url: '/api/blade-system/param/submit', payload: {} }))
        .statusCode,
    ).toBe(502);
    const counts = (await rules(app, token)).map((r) => r.hits);
    expect(counts).toEqual([0, 1, 1]);
  });

  it('are removed with ids in the query or the body', async () => {
    const { app, token } = await faultsOn();
    const a = (await submit(app, token, rule())).json().data.id as string;
    const b = (await submit(app, token, rule({ status: 502 }))).json().data.id as string;
    const c = (await submit(app, token, rule({ status: 504 }))).json().data.id as string;
    const missing = await call(app, token, {
      method: 'POST',
      url: '/api/blade-develop/fault/remove',
      headers: { 'accept-language': 'en' },
    });
    expect(missing.json()).toMatchObject({ code: 400, msg: 'Missing required parameter: ids' });
    const bad = await call(app, token, { method: 'POST', url: '/api/blade-develop/fault/remove?ids=x,y' });
    expect(bad.statusCode).toBe(400);
    await call(app, token, { method: 'POST', url: `/api/blade-develop/fault/remove?ids=${a},${b}` });
    await call(app, token, { method: 'POST', url: '/api/blade-develop/fault/remove', payload: { ids: c } });
    expect(await rules(app, token)).toEqual([]);
    expect((await call(app, token, { method: 'GET', url: LIST })).statusCode).toBe(200);
  });

  it('are edited in place, keeping their count', async () => {
    const { app, token } = await faultsOn();
    const id = (await submit(app, token, rule())).json().data.id as string;
    await call(app, token, { method: 'GET', url: LIST });
    const edited = await submit(app, token, { id, status: 502 });
    expect(edited.json().data).toMatchObject({ id, status: 502, path: '/blade-system/param/list', hits: 1 });
    expect((await call(app, token, { method: 'GET', url: LIST })).statusCode).toBe(502);
  });

  it('take the Blade-Fault header, count it, and refuse one not understood', async () => {
    const { app, token } = await faultsOn();
    const asked = await call(app, token, {
      method: 'GET',
      url: LIST,
      headers: { 'blade-fault': 'status=503' },
    });
    expect(asked.statusCode).toBe(503);
    const throttled = await call(app, token, {
      method: 'GET',
      url: LIST,
      headers: { 'blade-fault': 'status=429; retry-after=7' },
    });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('7');
    const expired = await call(app, token, {
      method: 'GET',
      url: LIST,
      headers: { 'blade-fault': 'expire' },
    });
    expect(expired.statusCode).toBe(401);
    const started = Date.now();
    const slow = await call(app, token, {
      method: 'GET',
      url: LIST,
      headers: { 'blade-fault': 'delay=200' },
    });
    expect(slow.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    await call(app, token, { method: 'GET', url: LIST, headers: { 'blade-fault': 'status=503' } });
    const wrong = await call(app, token, {
      method: 'GET',
      url: LIST,
      headers: { 'blade-fault': 'explode', 'accept-language': 'en' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toMatch(/^The Blade-Fault header is not understood: explode/);
    const listed = await rules(app, token);
    expect(listed.map((r) => [r.source, r.effect, r.hits])).toEqual([
      ['header', 'status', 2],
      ['header', 'throttle', 1],
      ['header', 'expire', 1],
      ['header', 'delay', 1],
    ]);
  });

  it('appear in the served OpenAPI document', async () => {
    const { app } = await faultsOn();
    const doc = (await app.inject({ method: 'GET', url: '/v3/api-docs' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.paths['/blade-develop/fault/list']?.get).toBeDefined();
    expect(doc.paths['/blade-develop/fault/submit']?.post).toBeDefined();
    expect(doc.paths['/blade-develop/fault/remove']?.post).toBeDefined();
  });
});

describe('the served site settings', () => {
  it('say whether faults are on', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-fault-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<html><head></head><body></body></html>');
    for (const faults of [true, false]) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-fault-site-'));
      const app = await buildApp({
        dataDir: dir,
        dbFile: path.join(dir, 'psi.db'),
        jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
        seed: 'none',
        webDist: dist,
        faults,
      });
      const html = (await app.inject({ method: 'GET', url: '/login' })).body;
      expect(html.includes('&quot;faults&quot;:true'), String(faults)).toBe(faults);
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    fs.rmSync(dist, { recursive: true, force: true });
  });
});

describe('fault injection in proxy mode', () => {
  it('applies before forwarding, and only the upstream super-admin manages the rules', async () => {
    const forwarded: string[] = [];
    const upstream = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/blade-auth/oauth/user-info') {
        const admin = req.headers['blade-auth'] === 'bearer admin-token';
        return res.end(
          JSON.stringify({
            code: 200,
            success: true,
            data: { tenantId: '000000', roleAlias: admin ? 'administrator' : 'user' },
            msg: '',
          }),
        );
      }
      forwarded.push(`${req.method} ${req.url}`);
      res.end(JSON.stringify({ code: 200, success: true, data: { from: 'upstream' }, msg: '操作成功' }));
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const port = (upstream.address() as AddressInfo).port;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-fault-proxy-'));
    const app = await buildApp({
      dataDir: dir,
      dbFile: path.join(dir, 'psi.db'),
      jwtSecret: '',
      upstream: `http://127.0.0.1:${port}`,
      faults: true,
      upstreamLine: 'bladex',
    });
    // what the proxy asked at start-up (which parts the upstream has) is not a forwarded call
    forwarded.length = 0;
    try {
      const user = await call(app, 'user-token', { method: 'GET', url: '/api/blade-develop/fault/list' });
      expect(user.statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url: '/api/blade-develop/fault/list' })).statusCode).toBe(
        401,
      );
      const added = await submit(app, 'admin-token', rule({ status: 502, times: 1 }));
      expect(added.statusCode).toBe(200);
      const faulted = await call(app, 'user-token', { method: 'GET', url: LIST });
      expect(faulted.statusCode).toBe(502);
      expect(forwarded).toEqual([]);
      const passed = await call(app, 'user-token', { method: 'GET', url: LIST });
      expect(passed.json()).toMatchObject({ data: { from: 'upstream' } });
      const asked = await call(app, 'user-token', {
        method: 'GET',
        url: LIST,
        headers: { 'blade-fault': 'status=503' },
      });
      expect(asked.statusCode).toBe(503);
      expect(forwarded).toEqual(['GET /blade-system/param/list']);
      const listed = await call(app, 'admin-token', { method: 'GET', url: '/api/blade-develop/fault/list' });
      expect((listed.json() as { data: FaultRule[] }).data.map((r) => r.hits)).toEqual([1, 1]);
      const removed = await call(app, 'admin-token', {
        method: 'POST',
        url: `/api/blade-develop/fault/remove?ids=${(added.json() as { data: FaultRule }).data.id}`,
      });
      expect(removed.json()).toMatchObject({ code: 200, success: true });
    } finally {
      await app.close();
      upstream.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the rule book and the header', () => {
  it('applies a share of calls by its random source', () => {
    const draws = [0.1, 0.6, 0.29, 0.3];
    const book = new FaultBook(() => draws.shift()!);
    book.save({
      method: '*',
      path: '/a/**',
      role: '',
      account: '',
      effect: 'drop',
      delayMs: 1,
      status: 500,
      retryAfter: 1,
      message: '',
      times: 0,
      percent: 30,
    });
    const call = { method: 'GET', path: '/a/b', account: '', roles: [] };
    expect([book.pick(call), book.pick(call), book.pick(call), book.pick(call)].map(Boolean)).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  it('reads the header forms', () => {
    expect(parseFaultHeader('status=503')).toMatchObject({ effect: 'status', status: 503 });
    expect(parseFaultHeader('Status=429')).toMatchObject({ effect: 'throttle', retryAfter: 30 });
    expect(parseFaultHeader('status=429; retry-after=5')).toMatchObject({
      effect: 'throttle',
      retryAfter: 5,
    });
    expect(parseFaultHeader('delay=2000')).toMatchObject({ effect: 'delay', delayMs: 2000 });
    expect(parseFaultHeader('drop')).toMatchObject({ effect: 'drop' });
    expect(parseFaultHeader('expire')).toMatchObject({ effect: 'expire' });
    for (const bad of ['', 'status=200', 'status=503, drop', 'delay=0', 'delay=x', 'boom'])
      expect(parseFaultHeader(bad), bad).toBeNull();
  });
});
