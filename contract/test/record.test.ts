import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { BladeLine } from '@psi/db/model/line';
import { RECORDED_KINDS, type RecordingManifest } from '@psi/db/model/recording';
import { buildApp } from '../../server/src/app';
import { sm2KeysFor } from '../../server/src/modules/auth/sm2';
import { LineAuth } from '../src/auth';
import { loadDocument } from '../src/document';
import { ContractClient } from '../src/http';
import { Kit, type Dict } from '../src/kit';
import { LINE_DOCUMENTS } from '../src/line';
import { ContractValidator } from '../src/validate';
import { CAPTCHA, startServer, tableHashes, track } from './servers';

/** `pnpm contract record …` as typed: its exit code and everything it printed. */
async function record(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'record', ...args], {
    cwd: path.join(import.meta.dirname, '..'),
    env: { ...process.env, INIT_CWD: '', BLADE_SM2_PUBLIC_KEY: '' },
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((r) => child.on('exit', r));
  return { code, out };
}

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'psi-record-'));
const admin = ['--tenant', '000000', '--account', 'admin', '--password', 'admin'];

/** Tables a sign-in writes by design (sessions, logs, the failed-attempt counter): not business data. */
const SESSION_TABLES =
  /^(blade_refresh_token|blade_access_generation|blade_token_revocation|blade_login_failure|blade_log_\w+)$/;
const businessHashes = (hashes: Record<string, string>) =>
  Object.fromEntries(Object.entries(hashes).filter(([name]) => !SESSION_TABLES.test(name)));

/** A server of `line` seeded from a recording, as `SEED=recorded:<dir>` starts it. */
async function startRecorded(dir: string, line: BladeLine) {
  const data = tmp();
  const app = await buildApp({
    dataDir: data,
    dbFile: path.join(data, 'psi.db'),
    jwtSecret: 'contract-secret-that-is-long-enough-for-hs256',
    seed: 'minimal',
    recordedSeed: dir,
    captchaFixed: CAPTCHA,
    authRateLimit: 100_000,
    line,
  });
  track(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const unmapped = JSON.parse(fs.readFileSync(path.join(data, 'unmapped.json'), 'utf8')) as string[];
  const sm2PublicKey = (app.ctx.options.sm2 ?? sm2KeysFor(data)).publicKey;
  return { app, baseUrl: `http://127.0.0.1:${port}/api`, unmapped, sm2PublicKey };
}

/** The answers of the system routes a signed-in admin's client reads, signed in the line's own way. */
async function systemAnswers(baseUrl: string, line: BladeLine, sm2PublicKey?: string) {
  const validator = new ContractValidator(await loadDocument(LINE_DOCUMENTS[line]));
  const http = new ContractClient(
    baseUrl,
    validator,
    `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
    'en',
  );
  const kit = new Kit(
    {
      baseUrl,
      line,
      tenant: '000000',
      account: 'admin',
      password: 'admin',
      clientId: 'saber',
      clientSecret: 'saber_secret',
      readOnly: true,
      demoPassword: '',
      lang: 'en',
      sm2PublicKey,
    },
    http,
    validator,
  );
  const session = await new LineAuth(kit).signIn('000000', 'admin', 'admin');
  if (session.failed !== undefined) throw new Error(session.failed);
  const get = <T>(route: string, query: Record<string, string> = {}) =>
    kit.ok<T>('GET', `/blade-system${route}`, { token: session.access, query });
  const answers: Record<string, unknown> = {};
  for (const route of ['/menu/routes', '/menu/buttons', '/menu/top-menu', '/menu/list', '/dict/list'])
    answers[route] = await get(route);
  answers['/param/list'] = await get('/param/list', { size: '1000' });
  const own = { tenantId: '000000' };
  answers['/role/tree'] = await get('/role/tree', own);
  const roles = await get<Dict[]>('/role/list', own);
  answers['/role/list'] = roles;
  for (const role of roles)
    answers[`/menu/role-tree-keys ${String(role.roleAlias)}`] = await get('/menu/role-tree-keys', {
      roleIds: String(role.id),
    });
  for (const top of await get<Dict[]>('/menu/top-menu')) {
    answers[`/menu/routes ${String(top.code)}`] = await get('/menu/routes', { topMenuId: String(top.id) });
    answers[`/menu/top-tree-keys ${String(top.code)}`] = await get('/menu/top-tree-keys', {
      topMenuIds: String(top.id),
    });
  }
  if (line === 'bladex') answers['/dict-biz/list'] = await get('/dict-biz/list', own);
  return answers;
}

describe('pnpm contract record', () => {
  const out = path.join(tmp(), 'demo');
  /** the demo server recorded once and compared with its replays */
  let recorded: Awaited<ReturnType<typeof startServer>>;

  it('reads our demo server without changing its data, and writes one sorted file per kind', async () => {
    const source = (recorded = await startServer('demo'));
    const before = businessHashes(tableHashes(source.app));
    const run = await record([
      '--base-url',
      source.baseUrl,
      ...admin,
      '--user-password',
      'Recorded@1',
      '--out',
      out,
      '--line',
      'bladex',
    ]);
    expect(run.code, run.out).toBe(0);
    expect(businessHashes(tableHashes(source.app))).toEqual(before);

    const manifest = JSON.parse(
      fs.readFileSync(path.join(out, 'manifest.json'), 'utf8'),
    ) as RecordingManifest;
    expect(manifest).toMatchObject({
      source: source.baseUrl,
      line: 'bladex',
      tenant: '000000',
      userPassword: 'Recorded@1',
    });
    expect(manifest.notRecorded).toEqual({});
    for (const file of Object.values(RECORDED_KINDS))
      expect(fs.existsSync(path.join(out, file)), file).toBe(true);
    const rows = (file: string) => JSON.parse(fs.readFileSync(path.join(out, file), 'utf8')) as Dict[];
    expect(manifest.counts.menus).toBe(rows('menus.json').length);
    expect(rows('menus.json').length).toBeGreaterThan(100);
    expect(rows('regions.json').length).toBeGreaterThan(3000);
    const ids = rows('menus.json').map((m) => BigInt(String(m.id)));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // only the recorded tenant's rows
    expect(rows('users.json').every((u) => u.tenantId === '000000')).toBe(true);
    expect(rows('roles.json').every((r) => Array.isArray((r.grants as Dict).menu))).toBe(true);
    // never a password hash or a client secret
    const text = Object.values(RECORDED_KINDS)
      .map((f) => fs.readFileSync(path.join(out, f), 'utf8'))
      .join('\n');
    expect(text).not.toMatch(/"password"/);
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toContain('saber_secret');
    expect(rows('clients.json').every((c) => String(c.clientSecret).startsWith('<not recorded'))).toBe(true);
  });

  it('replays into a server whose menus, roles, grants, dictionaries and params answer as the source did', async () => {
    const source = recorded;
    const replay = await startRecorded(out, 'bladex');
    expect(replay.unmapped).toEqual([]);
    const expected = await systemAnswers(source.baseUrl, 'bladex');
    const seen = await systemAnswers(replay.baseUrl, 'bladex');
    expect(Object.keys(seen)).toEqual(Object.keys(expected));
    for (const route of Object.keys(expected)) expect(seen[route], route).toEqual(expected[route]);
    // a recorded user signs in with the recording's password
    const users = JSON.parse(fs.readFileSync(path.join(out, 'users.json'), 'utf8')) as Dict[];
    const other = users.find((u) => u.account !== 'admin');
    expect(other).toBeDefined();
    const signIn = await fetch(
      `${replay.baseUrl}/blade-auth/oauth/token?${new URLSearchParams({
        tenantId: '000000',
        username: String(other!.account),
        password: (await import('node:crypto')).createHash('md5').update('Recorded@1').digest('hex'),
        grant_type: 'password',
        scope: 'all',
        type: 'account',
      })}`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
          'tenant-id': '000000',
        },
      },
    );
    expect(signIn.status).toBe(200);
  });

  it('the same recording serves the springblade line as its demo does, and that line records too', async () => {
    const source = await startServer('demo', 'springblade');
    const publicOut = path.join(tmp(), 'public');
    const run = await record([
      '--base-url',
      source.baseUrl,
      ...admin,
      '--line',
      'springblade',
      '--sm2-public-key',
      source.sm2PublicKey,
      '--user-password',
      'Recorded@1',
      '--out',
      publicOut,
    ]);
    expect(run.code, run.out).toBe(0);
    const manifest = JSON.parse(
      fs.readFileSync(path.join(publicOut, 'manifest.json'), 'utf8'),
    ) as RecordingManifest;
    expect(Object.keys(manifest.notRecorded)).toEqual(['dictBiz']);
    const replay = await startRecorded(out, 'springblade');
    const expected = await systemAnswers(source.baseUrl, 'springblade', source.sm2PublicKey);
    const seen = await systemAnswers(replay.baseUrl, 'springblade', replay.sm2PublicKey);
    // two servers seeded at different moments: equal but for the seed's time stamps
    const untimed = (v: unknown) =>
      JSON.parse(
        JSON.stringify(v, (k, x: unknown) => (k === 'createTime' || k === 'updateTime' ? undefined : x)),
      );
    for (const route of Object.keys(expected))
      expect(untimed(seen[route]), route).toEqual(untimed(expected[route]));
  });

  it('a wrong password or an unreachable gateway exits 1 with a clear message and writes nothing', async () => {
    const source = await startServer('minimal');
    const target = path.join(tmp(), 'nothing');
    const wrong = await record([
      '--base-url',
      source.baseUrl,
      '--tenant',
      '000000',
      '--account',
      'admin',
      '--password',
      'wrong',
      '--user-password',
      'x',
      '--out',
      target,
    ]);
    expect(wrong.code, wrong.out).toBe(1);
    expect(wrong.out).toMatch(/record: sign-in of 000000\/admin failed: HTTP 400 .*; nothing was written/);
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.readdirSync(path.dirname(target))).toEqual([]);

    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as { port: number }).port;
    await new Promise((r) => probe.close(r));
    for (const line of ['auto', 'bladex']) {
      const gone = await record([
        '--base-url',
        `http://127.0.0.1:${port}/api`,
        '--line',
        line,
        ...admin,
        '--user-password',
        'x',
        '--out',
        target,
      ]);
      expect(gone.code, gone.out).toBe(1);
      expect(gone.out).toMatch(
        new RegExp(`record: http://127.0.0.1:${port}/api is unreachable \\(.+\\); nothing was written`),
      );
      expect(fs.existsSync(target)).toBe(false);
    }
  });
});
