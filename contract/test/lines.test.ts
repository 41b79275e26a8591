import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../src/document';
import { detectLine, LINE_DOCUMENTS, probeFeatures, UnreachableError } from '../src/line';
import { ContractValidator } from '../src/validate';
import { formatTable, runContract, type RunOptions } from '../src/runner';
import { startLackingUpstream } from './fake-upstream';
import { startServer } from './servers';

/** A documented route only the walk reads: the gateway below lacks it. */
const LACKED = '/blade-log/usual/list';

/** The command line, as `pnpm contract` runs it: its exit code and everything it printed. */
async function cli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: path.join(import.meta.dirname, '..'),
    env: { ...process.env, INIT_CWD: '', BLADE_SM2_PUBLIC_KEY: '', ...env },
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((r) => child.on('exit', r));
  return { code, out, last: out.trimEnd().split('\n').at(-1) ?? '' };
}

describe('the line of a target', () => {
  it('is asked over HTTP: our server speaks bladex and has every optional part', async () => {
    const { baseUrl } = await startServer('demo');
    expect(await detectLine(baseUrl)).toBe('bladex');
    expect(await probeFeatures(baseUrl)).toEqual({ psi: true, flow: true, inbox: true, demo: true });
  });

  it('an unreachable target is said to be unreachable', async () => {
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as { port: number }).port;
    await new Promise((r) => probe.close(r));
    const asked = detectLine(`http://127.0.0.1:${port}/api`, 2_000);
    await expect(asked).rejects.toBeInstanceOf(UnreachableError);
    await expect(asked).rejects.toThrow(/unreachable/);
  });
});

describe('the command line with --line auto', () => {
  it('passes against our server with no flag but the account', async () => {
    const { baseUrl } = await startServer('demo');
    const run = await cli([
      '--base-url',
      baseUrl,
      '--line',
      'auto',
      '--account',
      'admin',
      '--password',
      'admin',
    ]);
    expect(run.out).toContain(
      `contract: ${LINE_DOCUMENTS.bladex} against ${baseUrl} (line bladex (asked the target))`,
    );
    expect(run.last, run.out).toMatch(/^[1-9]\d* passed, 0 failed$/);
    expect(run.code, run.out).toBe(0);
  });

  it('passes against our server on the springblade line, given its SM2 key as a client is', async () => {
    const { baseUrl, sm2PublicKey } = await startServer('demo', 'springblade');
    const account = ['--account', 'admin', '--password', 'admin'];
    const run = await cli(['--base-url', baseUrl, ...account], { BLADE_SM2_PUBLIC_KEY: sm2PublicKey });
    expect(run.out).toContain(
      `contract: ${LINE_DOCUMENTS.springblade} against ${baseUrl} (line springblade (asked the target))`,
    );
    expect(run.out).toMatch(/passed {5}sign-in: admin signed in \(password grant, springblade\)/);
    expect(run.last, run.out).toMatch(/^[1-9]\d* passed, 0 failed$/);
    expect(run.code, run.out).toBe(0);
  });

  it('exits 1 against a gateway that lacks one documented route, naming it absent', async () => {
    const real = await startServer('demo');
    const gateway = await startLackingUpstream(real.origin, LACKED);
    const run = await cli(['--base-url', gateway.url, '--account', 'admin', '--password', 'admin']);
    expect(run.code, run.out).toBe(1);
    expect(run.out).toContain('absent: documented routes the backend does not have (1):');
    expect(run.out).toContain(`  GET ${LACKED}  HTTP 404 code 404`);
    expect(run.last).toMatch(/^[1-9]\d* passed, [1-9]\d* failed$/);
  });
});

describe('what a run leaves out', () => {
  it('counts an absent route apart, and lists the parts --scope and --blade-only leave out as not walked', async () => {
    const real = await startServer('demo');
    const gateway = await startLackingUpstream(real.origin, LACKED);
    const options: RunOptions = {
      baseUrl: gateway.url,
      line: 'bladex',
      tenant: '000000',
      account: 'admin',
      password: 'admin',
      clientId: 'saber',
      clientSecret: 'saber_secret',
      readOnly: false,
      demoPassword: 'Demo@2025',
      lang: 'en',
      scope: ['auth', 'system', 'desk'],
      bladeOnly: true,
    };
    const result = await runContract(
      new ContractValidator(await loadDocument(LINE_DOCUMENTS.bladex)),
      options,
    );
    const table = formatTable(result);
    expect(result.absent, table).toEqual([`GET ${LACKED}  HTTP 404 code 404`]);
    // absent is its own kind: not a violation, never a pass
    expect(result.violations, table).toEqual([]);
    // the route, and each scenario it stopped (naming it); nothing else
    const stopped = result.scenarios.filter((s) => s.status === 'failed');
    for (const s of stopped) expect(s.detail).toContain(LACKED);
    expect(result.failed, table).toBe(1 + stopped.length);
    expect(result.ok).toBe(false);
    const absent = result.endpoints.find((e) => e.endpoint === `GET ${LACKED}`);
    expect(absent).toMatchObject({ absent: 'HTTP 404 code 404', violations: [] });

    const status = (name: string) => result.scenarios.find((s) => s.name === name);
    expect(status('psi lists and details')).toMatchObject({ status: 'not walked' });
    expect(status('psi order through its approval states')).toMatchObject({ status: 'not walked' });
    expect(status('leave process')).toMatchObject({ status: 'not walked' });
    expect(status('refresh rotation')).toMatchObject({ status: 'not walked', stricter: true });
    expect(status('revocation at sign-out')).toMatchObject({ status: 'not walked', stricter: true });
    expect(status('round trip /blade-desk/notice')).toMatchObject({ status: 'passed' });
    expect(result.endpoints.filter((e) => /\/blade-(psi|flow)\//.test(e.endpoint))).toEqual([]);
    expect(result.notWalked).toContain('GET /blade-psi/goodsinfo/list');
    expect(result.notWalked).toContain('GET /blade-flow/work/todo-list');
    expect(result.uncalled.filter((r) => /\/blade-(psi|flow)\//.test(r))).toEqual([]);
    const lines = table.split('\n');
    expect(lines.at(-1)).toBe(`${result.passed} passed, ${result.failed} failed`);
    expect(table).toContain(`  GET /blade-psi/goodsinfo/list: outside --scope`);
    expect(table).toMatch(/not walked\s+refresh rotation \[this product’s stricter choice, not Blade’s\]/);
  });
});
