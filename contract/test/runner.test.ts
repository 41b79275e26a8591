import { describe, expect, it } from 'vitest';
import { loadDocument } from '../src/document';
import { ContractValidator } from '../src/validate';
import { formatJunit, formatTable, runContract, type RunOptions } from '../src/runner';
import { CAPTCHA, FIXTURE, startServer, tableHashes } from './servers';

const options = (baseUrl: string, extra: Partial<RunOptions> = {}): RunOptions => ({
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
  ...extra,
});

describe('contract runner against a fresh demo server', () => {
  it('walks every scenario without a violation and calls every documented GET route', async () => {
    const { baseUrl } = await startServer('demo');
    const validator = new ContractValidator(await loadDocument(FIXTURE));
    const result = await runContract(validator, options(baseUrl));
    const table = formatTable(result);
    expect(result.violations, table).toEqual([]);
    expect(result.ok, table).toBe(true);
    expect(result.uncalled).toEqual([]);
    expect(result.scenarios.find((s) => s.name === 'sign-in')?.status).toBe('passed');
    expect(result.scenarios.find((s) => s.name === 'round trip /blade-system/param')?.status).toBe('passed');
    expect(result.scenarios.find((s) => s.name === 'error cases')?.status).toBe('passed');
    expect(result.scenarios.filter((s) => s.status !== 'passed')).toEqual([]);
    expect(table).toMatch(/GET \/blade-system\/param\/list\s+\d+\s+0\s+[\d.]+/);
    const junit = formatJunit(result);
    expect(junit).toContain('<testcase classname="endpoints" name="GET /blade-system/param/list"');
    expect(junit).toContain('failures="0"');
  });

  it('with --read-only and a token sends no write and leaves every table unchanged', async () => {
    const { app, baseUrl } = await startServer('demo');
    const login = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: {
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'tenant-id': '000000',
      },
      query: {
        tenantId: '000000',
        username: 'admin',
        password: '21232f297a57a5a743894a0e4a801fc3',
        grant_type: 'password',
        scope: 'all',
        type: 'account',
      },
    });
    const token = (login.json() as { access_token: string }).access_token;
    const before = tableHashes(app);
    const validator = new ContractValidator(await loadDocument(FIXTURE));
    const result = await runContract(validator, options(baseUrl, { readOnly: true, token }));
    expect(result.ok, formatTable(result)).toBe(true);
    expect(result.writes).toEqual([]);
    expect(tableHashes(app)).toEqual(before);
  });

  it('fails, with a JUnit failure, when the sign-in is refused', async () => {
    const { baseUrl } = await startServer('minimal');
    const validator = new ContractValidator(await loadDocument(FIXTURE));
    // a wrong password: the sign-in itself is refused
    const result = await runContract(validator, options(baseUrl, { password: 'wrong', captcha: undefined }));
    expect(result.ok).toBe(false);
    expect(result.scenarios[0]).toMatchObject({ name: 'sign-in', status: 'failed' });
    expect(formatJunit(result)).toContain('<failure');
  });
});
