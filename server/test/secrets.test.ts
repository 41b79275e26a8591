import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { flushApiLogs, redact, scrubText } from '../src/core/logs';
import { BASIC, CAPTCHA, call, login, md5 } from './helpers';

const dirs: string[] = [];
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A server whose request log is kept in memory, to be read back. */
async function loggedApp() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-secrets-'));
  dirs.push(dir);
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    dataDir: dir,
    dbFile: path.join(dir, 'psi.db'),
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    seed: 'minimal',
    captchaFixed: CAPTCHA,
    logger: true,
    logStream,
  });
  apps.push(app);
  return { app, lines };
}

const JWT_SHAPE = /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]{4,}/;

/** Every text value of every table (the credential store of OAuth clients aside). */
function everyStoredText(app: FastifyInstance): { where: string; text: string }[] {
  const tables = app.ctx.sqlite
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%fts%'",
    )
    .all() as { name: string }[];
  const out: { where: string; text: string }[] = [];
  for (const { name } of tables) {
    if (name === 'blade_client') continue;
    for (const row of app.ctx.sqlite.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[])
      for (const [col, v] of Object.entries(row))
        if (typeof v === 'string') out.push({ where: `${name}.${col}`, text: v });
  }
  return out;
}

describe('tokens only where they belong', () => {
  it('reads the access token from Blade-Auth only, never from Authorization: Bearer', async () => {
    const { app } = await loggedApp();
    const { token } = await login(app);
    for (const url of [
      '/api/blade-system/dict/list',
      '/api/blade-psi/goodsinfo/list',
      '/api/blade-flow/work/todo-list',
      '/api/blade-user/export-template',
    ]) {
      const bearer = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect({ url, status: bearer.statusCode }).toEqual({ url, status: 401 });
      expect(bearer.json()).toMatchObject({ code: 401, success: false });
      const blade = await app.inject({ method: 'GET', url, headers: { 'blade-auth': `bearer ${token}` } });
      expect({ url, status: blade.statusCode }).toEqual({ url, status: 200 });
      // the public clients send both: the Basic client in Authorization, the token in Blade-Auth
      const both = await app.inject({
        method: 'GET',
        url,
        headers: { authorization: BASIC, 'blade-auth': `bearer ${token}` },
      });
      expect({ url, status: both.statusCode }).toEqual({ url, status: 200 });
    }
  });

  it('takes ?blade-auth= only on GET download routes', async () => {
    const { app } = await loggedApp();
    const { token } = await login(app);
    const q = `blade-auth=${encodeURIComponent(`bearer ${token}`)}`;
    const ignored = [
      ['GET', `/api/blade-auth/oauth/user-info?${q}`],
      ['GET', `/api/blade-system/dict/list?${q}`],
      ['GET', `/api/blade-psi/goodsinfo/list?${q}`],
      ['GET', `/api/blade-flow/work/todo-list?${q}`],
      ['POST', `/api/blade-system/dict/remove?ids=1&${q}`],
      ['POST', `/api/blade-psi/goodsinfo/export?${q}`],
    ] as const;
    for (const [method, url] of ignored) {
      const res = await app.inject({ method, url });
      expect({ url, status: res.statusCode }).toEqual({
        url,
        status: method === 'POST' && url.includes('export') ? 405 : 401,
      });
    }
    const downloads = [
      `/api/blade-user/export-template?${q}`,
      `/api/blade-user/export-user?${q}`,
      `/api/blade-user/export?${q}`,
      `/api/blade-psi/goodsinfo/template?${q}`,
      `/api/blade-psi/goodsinfo/export?${q}`,
    ];
    for (const url of downloads) {
      const res = await app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
    }
  });

  it('keeps tokens, passwords, captcha codes and client secrets out of every table and log', async () => {
    const { app, lines } = await loggedApp();
    app.post('/api/test-echo-failure', { config: { access: 'user' } }, async (req) => {
      // a bug that quotes what it was given
      throw new Error(`cannot handle ${JSON.stringify(req.body)} from ${req.headers['blade-auth']}`);
    });
    const secrets: string[] = [md5('admin'), 'saber_secret', BASIC.slice(6)];

    // captcha grant: the code and key travel in headers and query
    const captcha = (
      (await app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' })).json() as {
        data: { key: string };
      }
    ).data;
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: {
        authorization: BASIC,
        'tenant-id': '000000',
        'captcha-key': captcha.key,
        'captcha-code': CAPTCHA,
      },
      query: {
        tenantId: '000000',
        username: 'admin',
        password: md5('admin'),
        grant_type: 'captcha',
        scope: 'all',
      },
    });
    expect(signIn.statusCode).toBe(200);
    const first = signIn.json() as { access_token: string; refresh_token: string };
    secrets.push(first.access_token, first.refresh_token, captcha.key);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: BASIC },
      query: { grant_type: 'refresh_token', refresh_token: first.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
    const token = (refreshed.json() as { access_token: string }).access_token;
    secrets.push(token, (refreshed.json() as { refresh_token: string }).refresh_token);
    const q = `blade-auth=${encodeURIComponent(`bearer ${token}`)}`;

    // a download with the query token, a call where it is ignored, writes carrying secrets
    expect((await app.inject({ method: 'GET', url: `/api/blade-user/export?${q}` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: `/api/blade-system/dict/submit?${q}` })).statusCode).toBe(
      401,
    );
    const newPassword = md5('N3w-secret!');
    secrets.push(newPassword);
    await call(app, token, {
      method: 'POST',
      url: '/api/blade-system/param/submit',
      payload: {
        paramName: 'x',
        paramKey: 'k.x',
        paramValue: token,
        remark: `Bearer ${token}`,
        password: newPassword,
      },
    });
    const failed = await call(app, token, {
      method: 'POST',
      url: `/api/test-echo-failure?${q}&password=${newPassword}`,
      payload: { refresh_token: first.refresh_token, note: `token ${token}` },
    });
    expect(failed.statusCode).toBe(500);
    // the web's error log, quoting a failed request
    const uploaded = await call(app, token, {
      method: 'POST',
      url: '/api/blade-auth/oauth/logout',
      payload: [
        {
          type: 'error',
          url: `http://localhost/api/blade-user/export?${q}&code=${CAPTCHA}`,
          message: `Request failed with Blade-Auth: bearer ${token}`,
          stack: `Error at fetch (${token})`,
          info: { headers: { 'Blade-Auth': `bearer ${token}`, Authorization: BASIC }, password: newPassword },
          time: '2026-01-01 00:00:00',
        },
      ],
    });
    expect(uploaded.statusCode).toBe(200);
    // the upload's own password change, with md5 values in the body
    await call(app, token, {
      method: 'POST',
      url: '/api/blade-user/update-password',
      payload: { oldPassword: md5('admin'), newPassword, newPassword1: newPassword },
    });
    flushApiLogs(app);

    const stored = everyStoredText(app);
    expect(stored.some((s) => s.where.startsWith('blade_log_error'))).toBe(true);
    expect(stored.some((s) => s.where.startsWith('blade_log_api'))).toBe(true);
    const leaks = stored.filter((s) => JWT_SHAPE.test(s.text) || secrets.some((x) => s.text.includes(x)));
    expect(leaks).toEqual([]);
    const codeLeaks = stored.filter(
      (s) => s.where.startsWith('blade_log') && s.text.includes(`code=${CAPTCHA}`),
    );
    expect(codeLeaks).toEqual([]);

    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('blade-auth=******');
    expect(JWT_SHAPE.test(log)).toBe(false);
    for (const x of secrets) expect(log.includes(x), x.slice(0, 12)).toBe(false);
  });

  it('redacts by key and by shape', () => {
    expect(
      redact({ oldPassword: 'a', nested: { refresh_token: 'b', code: 'c', key: 'k', clientSecret: 'd' } }),
    ).toEqual({
      oldPassword: '******',
      nested: { refresh_token: '******', code: '******', key: '******', clientSecret: '******' },
    });
    expect(scrubText('GET /x?a=1&blade-auth=bearer%20abc.def&password=zz&ok=2')).toBe(
      'GET /x?a=1&blade-auth=******&password=******&ok=2',
    );
    expect(scrubText('Authorization: Basic c2FiZXI6c2FiZXJfc2VjcmV0')).toBe('Authorization: Basic ******');
    expect(scrubText('eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl')).toBe('******');
  });
});
