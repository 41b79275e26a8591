import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { BladeLine } from '@psi/db/model';
import { BASIC, md5, publicLogin, testApp } from './helpers';

const closers: (() => Promise<unknown>)[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The documented route the fake gateways lack (it is also the probe of the PSI part). */
const DROPPED = '/blade-psi/dashboard/summary';
const SM2_KEY = `04${'ab'.repeat(64)}`;

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const notFound = (res: http.ServerResponse, url: string) =>
  send(res, 200, { code: 404, success: false, data: null, msg: `No endpoint GET ${url}.` });

async function listen(server: http.Server, port = 0) {
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(r)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A gateway of a line: a real server of ours behind a forwarder that answers Blade's enveloped 404 for one route. */
async function lackingUpstream(line: BladeLine = 'bladex') {
  const real = await testApp({ seed: 'minimal', line });
  await real.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(real.server.address() as AddressInfo).port}`;
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    asked.push(url.split('?')[0]);
    if (url.split('?')[0] === DROPPED) return notFound(res, url);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k)) headers[k] = v;
    void fetch(`${origin}/api${url}`, { method: req.method, headers }).then(async (r) => {
      res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await r.arrayBuffer()));
    });
  });
  return { url: await listen(server), asked, real };
}

/**
 * A public SpringBlade gateway as far as the proxy asks it: the public captcha, `user/info` accepting
 * the tokens it issued (HTTP 200 code 401 for any other), Blade's enveloped 404 for routes it lacks
 * (the BladeX captcha, the PSI summary), HTTP 200 code 401 for the rest without a token.
 */
function springbladeGateway(issued: Set<string>) {
  return http.createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0];
    const token = String(req.headers['blade-auth'] ?? '').replace(/^bearer /i, '');
    const unauthorized = { code: 401, success: false, data: null, msg: '请求未授权' };
    if (url === '/blade-auth/captcha')
      return send(res, 200, {
        code: 200,
        success: true,
        data: { key: 'k', image: 'data:image/png;base64,' },
      });
    if (url === '/blade-auth/oauth/captcha' || url === DROPPED) return notFound(res, url);
    if (!issued.has(token)) return send(res, 200, unauthorized);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<
      string,
      string
    >;
    if (url === '/blade-system/user/info')
      return send(res, 200, {
        code: 200,
        success: true,
        data: { tenantId: claims.tenant_id, account: claims.account },
      });
    return notFound(res, url);
  });
}

const jwt = (claims: Record<string, string>) =>
  ['{"alg":"HS256"}', JSON.stringify(claims), 'sig']
    .map((s) => Buffer.from(s).toString('base64url'))
    .join('.');

async function startProxy(upstream: string, extra: { upstreamSm2PublicKey?: string } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-proxy-line-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'index.html'), '<html><head></head><body></body></html>');
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    dataDir: dir,
    dbFile: path.join(dir, 'unused.db'),
    jwtSecret: '',
    upstream,
    webDist: dir,
    logger: true,
    logStream,
    ...extra,
  });
  closers.push(() => app.close());
  return { app, lines };
}

/** The site settings written into the served page. */
async function siteOf(app: FastifyInstance) {
  const html = (await app.inject({ method: 'GET', url: '/' })).body;
  const content = /<meta name="psi-site" content="([^"]*)"/.exec(html)?.[1] ?? '{}';
  return JSON.parse(content.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as Record<string, unknown>;
}

async function driftRows(app: FastifyInstance, token: string, want: number) {
  let rows: Record<string, unknown>[] = [];
  for (let i = 0; i < 50 && rows.length < want; i++) {
    const res = await app.inject({
      method: 'GET',
      url: '/api/contract/drift',
      headers: { authorization: BASIC, 'blade-auth': `bearer ${token}` },
    });
    rows = (res.json() as { data: { rows: Record<string, unknown>[] } }).data.rows;
    if (rows.length < want) await new Promise((r) => setTimeout(r, 50));
  }
  return rows;
}

describe('the proxy in front of a BladeX gateway', () => {
  it('asks the line and the parts, and reports a documented route the upstream lacks as absent', async () => {
    const upstream = await lackingUpstream();
    const { app, lines } = await startProxy(upstream.url);
    expect(await siteOf(app)).toMatchObject({
      proxyMode: true,
      line: 'bladex',
      features: { psi: false, flow: true, inbox: true, demo: true },
    });
    expect(upstream.asked).toContain('/blade-auth/oauth/captcha');

    const login = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: BASIC, 'tenant-id': '000000' },
      query: { tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'password' },
    });
    const token = (login.json() as { access_token: string }).access_token;
    const absent = await app.inject({
      method: 'GET',
      url: `/api${DROPPED}`,
      headers: { authorization: BASIC, 'blade-auth': `bearer ${token}` },
    });
    expect(absent.json()).toMatchObject({ code: 404 });

    const rows = await driftRows(app, token, 1);
    expect(rows).toEqual([
      expect.objectContaining({
        route: `GET ${DROPPED}`,
        path: '$',
        expected: 'the documented route',
        seen: 'absent upstream (HTTP 200 code 404)',
        count: 1,
      }),
    ]);
    const logged = lines.map((l) => JSON.parse(l) as { contractDrift?: Record<string, unknown> });
    expect(logged.find((l) => l.contractDrift)?.contractDrift).toMatchObject({
      route: `GET ${DROPPED}`,
      kind: 'absent',
    });
  });
});

describe('the proxy in front of a public SpringBlade gateway', () => {
  it('asks the line, serves the SM2 key, and lets the super-admin read the report by the token’s roles', async () => {
    const issued = new Set<string>();
    const admin = jwt({ tenant_id: '000000', account: 'admin', role_name: 'administrator' });
    const user = jwt({ tenant_id: '000000', account: 'someone', role_name: 'user' });
    issued.add(admin).add(user);
    const upstream = await listen(springbladeGateway(issued));
    const { app } = await startProxy(upstream, { upstreamSm2PublicKey: SM2_KEY });
    expect(await siteOf(app)).toMatchObject({
      proxyMode: true,
      line: 'springblade',
      sm2PublicKey: SM2_KEY,
      features: { psi: false },
    });
    const drift = (token?: string) =>
      app.inject({
        method: 'GET',
        url: '/api/contract/drift',
        headers: { authorization: BASIC, ...(token ? { 'blade-auth': `bearer ${token}` } : {}) },
      });
    const read = await drift(admin);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ code: 200, data: { line: 'springblade' } });
    expect((await drift(user)).statusCode).toBe(403);
    // a forged token claiming the role: the upstream refuses it (HTTP 200, code 401), so anonymous
    const forged = jwt({ tenant_id: '000000', account: 'x', role_name: 'administrator' });
    expect((await drift(forged)).statusCode).toBe(401);
    expect((await drift()).statusCode).toBe(401);
  });

  it('in front of our own server on the springblade line: the line asked, an absent route in the report its admin reads', async () => {
    const upstream = await lackingUpstream('springblade');
    const { app, lines } = await startProxy(upstream.url);
    expect(await siteOf(app)).toMatchObject({
      proxyMode: true,
      line: 'springblade',
      features: { psi: false, flow: true, inbox: true, demo: true },
    });
    expect(upstream.asked).toContain('/blade-auth/captcha');
    expect(lines.some((l) => l.includes('BLADE_SM2_PUBLIC_KEY is unset'))).toBe(true);
    const { token } = await publicLogin(upstream.real);
    const absent = await app.inject({
      method: 'GET',
      url: `/api${DROPPED}`,
      headers: { authorization: BASIC, 'blade-auth': `bearer ${token}` },
    });
    expect(absent.json()).toMatchObject({ code: 404 });
    const rows = await driftRows(app, token, 1);
    expect(rows).toEqual([
      expect.objectContaining({ route: `GET ${DROPPED}`, seen: 'absent upstream (HTTP 200 code 404)' }),
    ]);
    const drift = (t?: string) =>
      app.inject({
        method: 'GET',
        url: '/api/contract/drift',
        headers: { authorization: BASIC, ...(t ? { 'blade-auth': `bearer ${t}` } : {}) },
      });
    expect((await drift(token)).json()).toMatchObject({ code: 200, data: { line: 'springblade' } });
    expect((await drift('not-a-token')).statusCode).toBe(401);
  });

  it('starts while the upstream is unreachable, as bladex, and learns the line once it answers', async () => {
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const { app, lines } = await startProxy(`http://127.0.0.1:${port}`);
    expect(await siteOf(app)).toEqual({ switchMode: false, proxyMode: true, line: 'bladex' });
    expect(lines.some((l) => l.includes('the upstream is unreachable'))).toBe(true);
    await listen(springbladeGateway(new Set()), port);
    let site: Record<string, unknown> = {};
    for (let i = 0; i < 100 && site.line !== 'springblade'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      site = await siteOf(app);
    }
    expect(site).toMatchObject({ line: 'springblade', features: { psi: false } });
    expect(lines.some((l) => l.includes('BLADE_SM2_PUBLIC_KEY is unset'))).toBe(true);
  });
});
