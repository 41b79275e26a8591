import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadDocument } from '../src/document';
import { ContractValidator } from '../src/validate';
import { formatJunit, formatTable, runContract, type RunOptions } from '../src/runner';
import { startDriftingUpstream } from './fake-upstream';
import { CAPTCHA, FIXTURE, startServer, track } from './servers';

const options = (baseUrl: string): RunOptions => ({
  baseUrl,
  line: 'bladex',
  tenant: '000000',
  account: 'admin',
  password: 'admin',
  clientId: 'saber',
  clientSecret: 'saber_secret',
  captcha: CAPTCHA,
  readOnly: false,
  demoPassword: 'Demo@2025',
  lang: 'zh',
});

const ROUTE = 'GET /blade-system/param/list';
const RENAMED = '$.data.records[*].paramName';
const DROPPED = '$.data.records[*].paramValue';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

async function startProxy(upstream: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-proxy-'));
  const app = await buildApp({
    dataDir: dir,
    dbFile: path.join(dir, 'unused.db'),
    jwtSecret: '',
    upstream,
    contractDocument: FIXTURE,
  });
  track(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, origin: `http://127.0.0.1:${port}` };
}

async function tokenOf(origin: string, tenant: string, account: string, password: string) {
  const { createHash } = await import('node:crypto');
  const url = new URL(`${origin}/api/blade-auth/oauth/token`);
  for (const [k, v] of Object.entries({
    tenantId: tenant,
    username: account,
    password: createHash('md5').update(password).digest('hex'),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  }))
    url.searchParams.set(k, v);
  const res = await fetch(url, { method: 'POST', headers: { authorization: BASIC, 'tenant-id': tenant } });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('an upstream that renamed one field and dropped another', () => {
  it('fails the runner, naming the route and both fields', async () => {
    const real = await startServer('demo');
    const fake = await startDriftingUpstream(real.origin);
    const validator = new ContractValidator(await loadDocument(FIXTURE));
    const result = await runContract(validator, options(fake.url));
    expect(result.ok).toBe(false);
    // exactly the two drifts: everything else the fake forwards is honest
    expect(result.violations).toEqual(
      expect.arrayContaining([
        { route: ROUTE, path: RENAMED, expected: 'required', seen: 'missing' },
        { route: ROUTE, path: DROPPED, expected: 'required', seen: 'missing' },
      ]),
    );
    expect(result.violations).toHaveLength(2);
    const table = formatTable(result);
    expect(table).toContain(`${ROUTE}  ${RENAMED}  expected required, seen missing`);
    expect(table).toContain(`${ROUTE}  ${DROPPED}  expected required, seen missing`);
    expect(table).toContain('contract: FAILED');
    expect(formatJunit(result)).toMatch(/name="GET \/blade-system\/param\/list"[^>]*><failure/);
    // the same run against the honest server passes: the failure is the drift, not the runner
    expect((await runContract(validator, options(`${real.baseUrl}`))).ok).toBe(true);
  });

  it('the command line exits non-zero, prints both fields and writes them into the JUnit file', async () => {
    const real = await startServer('demo');
    const fake = await startDriftingUpstream(real.origin);
    const junit = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'psi-junit-')), 'contract.xml');
    const cli = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli.ts',
        '--base-url',
        fake.url,
        '--captcha',
        CAPTCHA,
        '--spec',
        FIXTURE,
        '--junit',
        junit,
      ],
      { cwd: path.join(import.meta.dirname, '..'), env: { ...process.env, INIT_CWD: '' } },
    );
    let out = '';
    cli.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((r) => cli.on('exit', r));
    expect(code).toBe(1);
    expect(out).toMatch(/GET \/blade-system\/param\/list\s+\d+\s+2\s/);
    expect(out).toContain(`${ROUTE}  ${RENAMED}  expected required, seen missing`);
    expect(out).toContain(`${ROUTE}  ${DROPPED}  expected required, seen missing`);
    const xml = fs.readFileSync(junit, 'utf8');
    expect(xml).toContain(`${RENAMED}: expected required, seen missing`);
    expect(xml).toContain(`${DROPPED}: expected required, seen missing`);
    fs.rmSync(path.dirname(junit), { recursive: true, force: true });
  });

  it("lists both in the proxy's drift report, readable by the super-admin only", async () => {
    const real = await startServer('demo');
    const fake = await startDriftingUpstream(real.origin);
    const proxy = await startProxy(fake.url);
    const admin = await tokenOf(proxy.origin, '000000', 'admin', 'admin');
    const employee = await tokenOf(proxy.origin, '000000', 'emp_zhang', 'Demo@2025');
    const drift = (token?: string, lang = 'zh') =>
      fetch(`${proxy.origin}/api/contract/drift`, {
        headers: {
          authorization: BASIC,
          'accept-language': lang,
          ...(token ? { 'blade-auth': `bearer ${token}` } : {}),
        },
      });

    // the client's answer goes through untouched: the proxy only watches
    const listed = await fetch(`${proxy.origin}/api/blade-system/param/list?size=5`, {
      headers: { authorization: BASIC, 'blade-auth': `bearer ${admin}` },
    });
    const page = (await listed.json()) as { data: { records: Record<string, unknown>[] } };
    expect(page.data.records[0]).toHaveProperty('paramTitle');
    expect(page.data.records[0]).not.toHaveProperty('paramValue');
    // an honest documented answer leaves no drift
    await fetch(`${proxy.origin}/api/blade-system/menu/top-menu`, {
      headers: { authorization: BASIC, 'blade-auth': `bearer ${admin}` },
    });

    let rows: Record<string, unknown>[] = [];
    for (let i = 0; i < 50 && rows.length < 2; i++) {
      const body = (await (await drift(admin)).json()) as { data: { rows: Record<string, unknown>[] } };
      rows = body.data.rows;
      if (rows.length < 2) await new Promise((r) => setTimeout(r, 50));
    }
    expect(rows.map((r) => [r.route, r.path, r.expected, r.seen, r.count])).toEqual(
      expect.arrayContaining([
        [ROUTE, RENAMED, 'required', 'missing', 1],
        [ROUTE, DROPPED, 'required', 'missing', 1],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0].firstSeen).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows[0].lastSeen).toBe(rows[0].firstSeen);

    // a second drifting answer counts again
    await fetch(`${proxy.origin}/api/blade-system/param/list`, {
      headers: { authorization: BASIC, 'blade-auth': `bearer ${admin}` },
    });
    let counts: unknown[] = [];
    const twice = () => counts.length === 2 && counts.every((c) => c === 2);
    for (let i = 0; i < 50 && !twice(); i++) {
      const body = (await (await drift(admin)).json()) as { data: { rows: Record<string, unknown>[] } };
      counts = body.data.rows.map((r) => r.count);
      if (!twice()) await new Promise((r) => setTimeout(r, 50));
    }
    expect(counts).toEqual([2, 2]);

    // the upstream was asked once about the admin's token: the verdict is cached
    const asked = () => fake.seen.filter((s) => s === 'GET /blade-auth/oauth/user-info').length;
    expect(asked()).toBe(1);

    const anonymous = await drift();
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 401, success: false, msg: '请求未授权' });
    const notAdmin = await drift(employee, 'en');
    expect(notAdmin.status).toBe(403);
    expect(await notAdmin.json()).toMatchObject({ code: 403, success: false, msg: 'No permission' });
    expect((await drift(employee)).status).toBe(403);
    expect(asked()).toBe(2);
  });
});
