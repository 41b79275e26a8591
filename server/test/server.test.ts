import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { configFromEnv } from '../src/config';
import { assertUsableSecret } from '../src/core/jwt';
import { BASIC, md5, testApp } from './helpers';

describe('configuration and start-up', () => {
  it('answers /healthz when the database is open', async () => {
    const app = await testApp();
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('refuses short or publicly known JWT secrets and keeps a generated one in DATA_DIR', () => {
    expect(() => assertUsableSecret('short')).toThrow(/32 bytes/);
    expect(() =>
      assertUsableSecret(
        'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject',
      ),
    ).toThrow(/publicly known/);
    expect(() => configFromEnv({ JWT_SECRET: 'too-short', DATA_DIR: os.tmpdir() })).toThrow();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-cfg-'));
    const first = configFromEnv({ DATA_DIR: dir });
    const second = configFromEnv({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(first).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      seed: 'demo',
      dbFile: path.join(dir, 'psi.db'),
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the built web with an SPA fallback, and API 404s stay JSON', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-web-'));
    const dist = path.join(dir, 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    const app = await buildApp({
      dataDir: dir,
      dbFile: path.join(dir, 'psi.db'),
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
      seed: 'minimal',
      webDist: dist,
    });
    const page = await app.inject({ method: 'GET', url: '/system/param/index' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>app</title>');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.body).toBe('console.log(1)');
    const traversal = await app.inject({ method: 'GET', url: '/../../etc/passwd' });
    expect(traversal.body).not.toContain('root:');
    const api = await app.inject({ method: 'GET', url: '/api/blade-nothing/x' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 404, success: false });
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('web assets', () => {
  it("sends the build's brotli and gzip copies with Content-Encoding and caches hashed assets for a year", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-assets-'));
    const dist = path.join(dir, 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    const js = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))};`;
    const asset = path.join(dist, 'assets', 'index-B1a2c3d4.js');
    fs.writeFileSync(asset, js);
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(js));
    fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(js));
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const app = await buildApp({
      dataDir: dir,
      dbFile: path.join(dir, 'psi.db'),
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
      seed: 'none',
      webDist: dist,
    });
    try {
      const get = (url: string, encoding?: string) =>
        app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

      const br = await get('/assets/index-B1a2c3d4.js', 'gzip, deflate, br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
      expect(br.rawPayload.length).toBeLessThan(js.length / 2);

      const gz = await get('/assets/index-B1a2c3d4.js', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);

      const plain = await get('/assets/index-B1a2c3d4.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(js);

      // unhashed files and the page itself are revalidated on every visit
      const icon = await get('/favicon.svg', 'br');
      expect(icon.headers['cache-control']).toBe('public, max-age=0');
      const page = await get('/book/order', 'br');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-encoding']).toBeUndefined();
      expect(page.body).toContain('<title>app</title>');
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('rate limits', () => {
  it('limits captcha, token and upload calls per client and answers 429 in the envelope', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-rate-'));
    const app = await buildApp({
      dataDir: dir,
      dbFile: path.join(dir, 'psi.db'),
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
      seed: 'minimal',
      captchaFixed: 'abcde',
      authRateLimit: 3,
    });
    try {
      const captcha = () => app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' });
      for (let i = 0; i < 3; i++) expect((await captcha()).statusCode).toBe(200);
      const limited = await captcha();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 429, success: false, msg: '请求过于频繁,请稍后再试' });

      const token = (ip: string) =>
        app.inject({
          method: 'POST',
          url: '/api/blade-auth/oauth/token',
          remoteAddress: ip,
          headers: { authorization: BASIC, 'tenant-id': '000000' },
          query: { tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'password' },
        });
      const first = await token('10.0.0.1');
      expect(first.statusCode).toBe(200);
      for (let i = 0; i < 2; i++) expect((await token('10.0.0.1')).statusCode).toBe(200);
      expect((await token('10.0.0.1')).statusCode).toBe(429);
      // another client is not affected
      expect((await token('10.0.0.2')).statusCode).toBe(200);

      const access = first.json().access_token as string;
      const upload = () =>
        app.inject({
          method: 'POST',
          url: '/api/blade-resource/oss/endpoint/put-file',
          remoteAddress: '10.0.0.3',
          headers: { 'blade-auth': `bearer ${access}`, 'content-type': 'multipart/form-data; boundary=x' },
          payload: '--x--\r\n',
        });
      for (let i = 0; i < 3; i++) expect((await upload()).statusCode).toBe(400);
      expect((await upload()).statusCode).toBe(429);
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('BLADE_UPSTREAM proxy mode', () => {
  it('forwards /api/* to the upstream gateway with the prefix stripped, headers and body intact', async () => {
    const seen: { method?: string; url?: string; auth?: string; body?: string }[] = [];
    const upstream = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, auth: req.headers['blade-auth'] as string, body });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ code: 200, success: true, data: { from: 'upstream' }, msg: '操作成功' }));
      });
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const port = (upstream.address() as AddressInfo).port;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-proxy-'));
    const app = await buildApp({
      dataDir: dir,
      dbFile: path.join(dir, 'psi.db'),
      jwtSecret: '',
      upstream: `http://127.0.0.1:${port}`,
    });
    // the start-up questions (the upstream's line and parts) are not the forwarding under test
    seen.splice(0);
    const get = await app.inject({
      method: 'GET',
      url: '/api/blade-system/param/list?current=1&size=10',
      headers: { 'blade-auth': 'bearer abc' },
    });
    expect(get.json()).toMatchObject({ data: { from: 'upstream' } });
    const post = await app.inject({
      method: 'POST',
      url: '/api/blade-system/param/submit',
      payload: { paramName: 'x' },
    });
    expect(post.statusCode).toBe(200);
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: '/blade-system/param/list?current=1&size=10',
      auth: 'bearer abc',
    });
    expect(seen[1]).toMatchObject({
      method: 'POST',
      url: '/blade-system/param/submit',
      body: '{"paramName":"x"}',
    });
    // the local database is not created in proxy mode
    expect(fs.existsSync(path.join(dir, 'psi.db'))).toBe(false);
    await app.close();
    upstream.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
