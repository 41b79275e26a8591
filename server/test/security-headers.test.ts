import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../src/app';
import { configFromEnv } from '../src/config';
import { parseTrustProxy } from '../src/core/security-headers';
import { BASIC, CAPTCHA, login, md5, call } from './helpers';

const opened: FastifyInstance[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const app of opened) await app.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function appWith(extra: Partial<AppOptions> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-sec-'));
  dirs.push(dir);
  const app = await buildApp({
    dataDir: dir,
    dbFile: path.join(dir, 'psi.db'),
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    seed: 'minimal',
    captchaFixed: CAPTCHA,
    ...extra,
  });
  opened.push(app);
  return app;
}

function expectSecurityHeaders(res: LightMyRequestResponse) {
  expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
}

const signIn = (app: FastifyInstance, headers: Record<string, string> = {}, password = 'wrong') =>
  app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    headers: { authorization: BASIC, 'tenant-id': '000000', ...headers },
    query: { tenantId: '000000', username: 'admin', password: md5(password), grant_type: 'password' },
  });

describe('security headers on every answer', () => {
  it('carries them on 200, 401, 403, 404, 413, 429 and 500 answers', async () => {
    const app = await appWith({ authRateLimit: 1 });
    app.get('/api/test-boom', { config: { access: 'public' } }, async () => {
      throw new Error('boom');
    });
    const { token } = await login(app);
    expectSecurityHeaders(await call(app, token, { method: 'GET', url: '/api/blade-system/dict/list' }));
    const unauthorized = await app.inject({ method: 'GET', url: '/api/blade-system/dict/list' });
    expect(unauthorized.statusCode).toBe(401);
    expectSecurityHeaders(unauthorized);
    const notFound = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(notFound.statusCode).toBe(404);
    expectSecurityHeaders(notFound);
    const tooLarge = await call(app, token, {
      method: 'POST',
      url: '/api/blade-system/dict/submit',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ remark: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expectSecurityHeaders(tooLarge);
    const limited = await signIn(app);
    expect(limited.statusCode).toBe(429);
    expectSecurityHeaders(limited);
    const boom = await app.inject({ method: 'GET', url: '/api/test-boom' });
    expect(boom.statusCode).toBe(500);
    expectSecurityHeaders(boom);
  });

  it('carries them on 403 answers', async () => {
    const app = await appWith();
    const { addTenant } = await import('./helpers');
    addTenant(app, '200001');
    const { token } = await login(app, 'admin', 'secret', '200001');
    const res = await call(app, token, { method: 'GET', url: '/api/blade-system/tenant/list' });
    expect(res.statusCode).toBe(403);
    expectSecurityHeaders(res);
  });

  it('carries them on proxied answers', async () => {
    const upstream = http.createServer((req, res) => {
      res.writeHead(req.url?.startsWith('/missing') ? 404 : 200, { 'content-type': 'application/json' });
      res.end('{"code":200}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = upstream.address() as AddressInfo;
      const app = await appWith({ upstream: `http://127.0.0.1:${port}` });
      const ok = await app.inject({ method: 'GET', url: '/api/blade-system/dict/list' });
      expect(ok.statusCode).toBe(200);
      expectSecurityHeaders(ok);
      const missing = await app.inject({ method: 'GET', url: '/api/missing' });
      expect(missing.statusCode).toBe(404);
      expectSecurityHeaders(missing);
    } finally {
      upstream.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('parses off, hop counts and address lists, and refuses trusting everyone', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('loopback')).toEqual(['loopback']);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.7')).toEqual(['10.0.0.0/8', '192.168.1.7']);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('evil host')).toThrow(/TRUST_PROXY/);
    expect(configFromEnv({ DATA_DIR: os.tmpdir(), JWT_SECRET: 'x'.repeat(40) }).trustProxy).toBe(false);
    expect(
      configFromEnv({ DATA_DIR: os.tmpdir(), JWT_SECRET: 'x'.repeat(40), TRUST_PROXY: 'loopback' })
        .trustProxy,
    ).toEqual(['loopback']);
  });

  it('ignores forged X-Forwarded-For from an untrusted peer: rate limit and logged address hold', async () => {
    const app = await appWith({ authRateLimit: 3 });
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push((await signIn(app, { 'x-forwarded-for': `203.0.113.${i}` }, 'admin')).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
    const ips = app.ctx.sqlite
      .prepare("SELECT DISTINCT remote_ip AS ip FROM blade_log_usual WHERE log_id = 'login'")
      .all() as { ip: string }[];
    expect(ips.map((r) => r.ip)).toEqual(['127.0.0.1']);
  });

  it('believes X-Forwarded-For from a trusted proxy', async () => {
    const app = await appWith({ authRateLimit: 3, trustProxy: ['loopback'] });
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push((await signIn(app, { 'x-forwarded-for': `203.0.113.${i}` }, 'admin')).statusCode);
    expect(answers).toEqual([200, 200, 200, 200]);
    const ips = app.ctx.sqlite
      .prepare("SELECT remote_ip AS ip FROM blade_log_usual WHERE log_id = 'login' ORDER BY time")
      .all() as { ip: string }[];
    expect(ips.map((r) => r.ip).sort()).toEqual(['203.0.113.0', '203.0.113.1', '203.0.113.2', '203.0.113.3']);
  });
});

describe('bounds on every request', () => {
  it('caps the body and the time a client may take to send its request (slow clients are cut off)', async () => {
    const app = await appWith();
    expect(app.initialConfig.bodyLimit).toBe(2 * 1024 * 1024);
    // the Node server cuts off a client that takes longer than this to send its whole request
    expect(app.server.requestTimeout).toBeGreaterThan(0);
    expect(app.server.requestTimeout).toBeLessThanOrEqual(60_000);
  });
});
