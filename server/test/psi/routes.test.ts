import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testApp } from '../helpers';

/**
 * Every PSI endpoint of the seed's section 7 (and DOMAIN.md 2.13) is served, with the generic Blade
 * endpoints on every resource, and each declares its access (none is public).
 */
const generic = [
  'GET list',
  'GET page',
  'GET detail',
  'GET export',
  'POST submit',
  'POST save',
  'POST update',
  'POST remove',
];
const expected: Record<string, string[]> = {
  purchaseorder: [...generic, 'POST approveAudit', 'POST approveStorage'],
  purchasedetail: [...generic, 'GET listByOrderId', 'POST submitPurchaseOrder'],
  purchaseorderyypt: [...generic, 'POST approveAudit'],
  purchasedetailyypt: [...generic, 'GET listByOrderId', 'POST submitPurchaseOrderYypt'],
  purchaseorderdepository: [...generic, 'POST approveAuditDepository', 'GET purchaseOrderDepository'],
  purchasedetaildepository: [...generic, 'GET listByOrderId', 'POST submitPurchaseOrderDepository'],
  deliveryorder: [...generic, 'POST approveDelivery'],
  deliverydetail: [...generic, 'GET listByOrderId', 'POST submitDeliveryOrder'],
  depositoryinfo: [...generic, 'GET getSchoolDepositoryList', 'GET allList', 'POST saveCheckList'],
  depositorycheck: generic,
  depositorycheckdetail: [...generic, 'GET listByCheckId'],
  depositorylog: generic,
  goodsinfo: [...generic, 'POST upLoadList', 'GET template'],
  schoolinfo: [...generic, 'GET detailByUserId'],
  schoolyyptinfo: [...generic, 'POST upLoadList', 'GET template'],
  accountstatement: [...generic, 'POST recharge'],
};

describe('the PSI route table', () => {
  it('serves every endpoint of the seed, none of them public', async () => {
    const app = await testApp();
    await app.ready();
    const served = new Map<string, unknown>(
      app.routeTable
        .filter((r) => r.url.startsWith('/api/blade-psi/'))
        .map((r) => [`${r.method} ${r.url}`, r.access] as const),
    );
    const missing: string[] = [];
    for (const [resource, endpoints] of Object.entries(expected))
      for (const e of endpoints) {
        const [method, action] = e.split(' ');
        const key = `${method} /api/blade-psi/${resource}/${action}`;
        if (!served.has(key)) missing.push(key);
        else expect(served.get(key), key).not.toBe('public');
      }
    expect(missing).toEqual([]);
  });
});

describe('the PSI tests themselves', () => {
  it('check the ledger invariants after every test of a file that writes', () => {
    const dir = path.dirname(fileURLToPath(import.meta.url));
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.test.ts'));
    const writers = files.filter((f) => {
      const src = fs.readFileSync(path.join(dir, f), 'utf8');
      return src.includes('demoApp(') && /\.(ok|post|upload)(<[^>]*>)?\(/.test(src);
    });
    expect(writers.length).toBeGreaterThan(8);
    for (const f of writers)
      expect(fs.readFileSync(path.join(dir, f), 'utf8'), f).toContain(
        'afterEach(() => assertInvariants(app.ctx.sqlite));',
      );
  });
});
