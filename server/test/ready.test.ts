import { describe, expect, it } from 'vitest';
import { readyLine } from '../src/ready';

describe('the ready line at start-up', () => {
  it('says where to open the app and how to sign in, and where the demo accounts are', () => {
    expect(
      readyLine({
        host: '0.0.0.0',
        port: 8080,
        demoTenants: [
          { tenantId: '000000', tenantName: '管理组' },
          { tenantId: '100001', tenantName: '嘉禾教育图书发行（演示）' },
        ],
      }),
    ).toBe(
      'ready: open http://127.0.0.1:8080 and sign in as tenant 000000, account admin, password admin; ' +
        "the demo's schools and depositories sign in under tenant 100001 (嘉禾教育图书发行（演示）), see docs/demo-accounts.md",
    );
    expect(readyLine({ host: '127.0.0.1', port: 9000, demoTenants: [] })).toBe(
      'ready: open http://127.0.0.1:9000 and sign in as tenant 000000, account admin, password admin',
    );
    expect(readyLine({ host: '::1', port: 80, upstream: 'http://gw:80', demoTenants: [] })).toBe(
      'ready: open http://[::1]:80 and sign in with an account of the Blade gateway at http://gw:80',
    );
  });
});
