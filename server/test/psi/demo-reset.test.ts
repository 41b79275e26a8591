import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '@psi/db/client';
import { demoTenants, restoreDemo } from '../../src/seed/demo-reset';
import { BASIC, call, login, testApp } from '../helpers';
import {
  as,
  assertInvariants,
  balance,
  demoApp,
  docId,
  ledgerSnapshot,
  rows,
  schoolId,
  stock,
  type Client,
} from './helpers';

/** Resetting the demo between presentations: the seeded state comes back, other sessions end. */

/** Every demo number the trainer script reads, and every row count. */
function demoNumbers(app: FastifyInstance) {
  const tables = rows<{ name: string }>(
    app,
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'psi_%' AND name NOT LIKE '%_fts%' ORDER BY name`,
  ).map((t) => t.name);
  return {
    ledger: ledgerSnapshot(app),
    balances: ['SC01', 'SC02', 'SC03', 'SC04', 'SC05', 'SC06', 'SC07', 'SC08'].map((s) => balance(app, s)),
    stock: [stock(app, 'D01', 'G10'), stock(app, 'D03', 'G13'), stock(app, 'D02', 'G21')],
    counts: Object.fromEntries(
      tables.map((t) => [t, rows<{ n: number }>(app, `SELECT COUNT(*) AS n FROM ${t}`)[0].n]),
    ),
    statuses: rows(
      app,
      `SELECT order_no, order_status, version FROM psi_purchase_order_yypt ORDER BY tenant_id, order_no`,
    ),
    users: rows(app, `SELECT account, status, password FROM blade_user ORDER BY tenant_id, account`),
  };
}

const nextSecond = () => new Promise((r) => setTimeout(r, 1100 - (Date.now() % 1000)));

let app: FastifyInstance;
let pt: Client;

beforeAll(async () => {
  app = await demoApp();
  pt = await as(app, 'pt_admin');
});
afterEach(() => assertInvariants(app.ctx.sqlite));

describe('demo reset', () => {
  it('brings every demo number back after changes, ends the other sessions and keeps the caller signed in', async () => {
    const seeded = demoNumbers(app);
    expect(seeded.balances).toEqual([
      '16719.00',
      '500.00',
      '14805.06',
      '21252.00',
      '20000.00',
      '8000.00',
      '12616.20',
      '0.00',
    ]);
    expect(
      rows<{ n: number }>(app, `SELECT COUNT(*) AS n FROM psi_depository_log WHERE tenant_id = '100001'`)[0]
        .n,
    ).toBe(48);

    // a presentation: an approval, a recharge, a delivery and a new book
    await pt.ok('purchaseorderyypt/approveAudit', {
      id: docId(app, 'psi_purchase_order_yypt', 'ZD20250828-0001'),
      pass: true,
    });
    await pt.ok('accountstatement/recharge', {
      schoolId: schoolId(app, 'SC02'),
      amount: '1000.00',
      payMethod: 3,
      voucherNo: 'WX2025083000001',
    });
    const hn = await as(app, 'ck_hn');
    await hn.ok('deliveryorder/approveDelivery', { id: docId(app, 'psi_delivery_order', 'FH20250820-0001') });
    expect(balance(app, 'SC01')).toBe('13019.75');
    expect(stock(app, 'D03', 'G13')).toBe(90);
    expect(demoNumbers(app)).not.toEqual(seeded);

    const admin = await login(app);
    // only the platform super-admin may reset
    const refused = await call(app, pt.token, {
      method: 'POST',
      url: '/api/demo/reset',
      headers: { authorization: BASIC },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 403 });
    const info = await call(app, admin.token, { method: 'GET', url: '/api/demo/info' });
    expect(info.json().data).toEqual({ resettable: true });
    const ptInfo = await call(app, pt.token, { method: 'GET', url: '/api/demo/info' });
    expect(ptInfo.json().data).toEqual({ resettable: false });

    await nextSecond();
    const reset = await call(app, admin.token, {
      method: 'POST',
      url: '/api/demo/reset',
      headers: { authorization: BASIC },
    });
    expect(reset.statusCode).toBe(200);
    const body = reset.json() as { success: boolean; data: { ms: number; token: { access_token: string } } };
    expect(body.success).toBe(true);
    expect(demoNumbers(app)).toEqual(seeded);
    assertInvariants(app.ctx.sqlite);
    // the title search index follows the restored catalogue
    const search = await (
      await as(app, 'pt_admin')
    ).get<{ total: number }>('goodsinfo/list', {
      goodsName: '七年级',
    });
    expect(search.data.total).toBeGreaterThan(0);

    // sessions from before the reset are refused, the caller continues with its new token
    const stale = await call(app, pt.token, { method: 'GET', url: '/api/blade-psi/goodsinfo/list' });
    expect(stale.statusCode).toBe(401);
    // and say why, so the sign-in page they are sent back to can tell them
    expect(stale.json().msg).toBe('演示数据已重置，请重新登录');
    const staleEn = await call(app, pt.token, {
      method: 'GET',
      url: '/api/blade-psi/goodsinfo/list',
      headers: { 'accept-language': 'en' },
    });
    expect(staleEn.json().msg).toBe('The demo data was reset: please sign in again');
    const staleAdmin = await call(app, admin.token, { method: 'GET', url: '/api/demo/info' });
    expect(staleAdmin.statusCode).toBe(401);
    const fresh = await call(app, body.data.token.access_token, { method: 'GET', url: '/api/demo/info' });
    expect(fresh.json().data).toEqual({ resettable: true });
    // their refresh tokens are gone with the sessions table's restored state
    const refresh = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: BASIC, 'tenant-id': '100001' },
      query: { grant_type: 'refresh_token', refresh_token: pt.token, tenantId: '100001' },
    });
    expect(refresh.statusCode).not.toBe(200);
    expect(refresh.json().error_description).toBe('演示数据已重置，请重新登录');
  });

  it('takes effect in the running server when `pnpm demo:reset` restores from another process', async () => {
    const seeded = demoNumbers(app);
    const school = await as(app, 'xx_mingde');
    // the first reset ended pt_admin's earlier session
    pt = await as(app, 'pt_admin');
    await pt.ok('purchaseorderyypt/approveAudit', {
      id: docId(app, 'psi_purchase_order_yypt', 'ZD20250828-0001'),
      pass: true,
    });
    await nextSecond();
    const other = openDatabase(app.ctx.options.dbFile);
    try {
      restoreDemo(other.sqlite, app.ctx.options.dataDir);
    } finally {
      other.close();
    }
    expect(demoNumbers(app)).toEqual(seeded);
    // the server reads the reset time again within a second
    await nextSecond();
    const stale = await call(app, school.token, {
      method: 'GET',
      url: '/api/blade-psi/schoolinfo/detailByUserId',
    });
    expect(stale.statusCode).toBe(401);
    const again = await as(app, 'xx_mingde');
    const account = await again.get<{ accountBalance: string }>('schoolinfo/detailByUserId');
    expect(account.data.accountBalance).toBe('16719.00');
  });

  it("offers the demo's tenants to the sign-in form, and no tenant of real data", async () => {
    const tenants = demoTenants(app.ctx.sqlite, app.ctx.options.dataDir);
    expect(tenants.map((tenant) => tenant.tenantId)).toEqual(['000000', '100001', '100002']);
    expect(tenants[1].tenantName).toContain('嘉禾');
    const plain = await testApp();
    expect(demoTenants(plain.ctx.sqlite, plain.ctx.options.dataDir)).toEqual([]);
  });

  it('is refused with a clear message when the data was not seeded as a demo', async () => {
    const plain = await testApp();
    const admin = await login(plain);
    const info = await call(plain, admin.token, { method: 'GET', url: '/api/demo/info' });
    expect(info.json().data).toEqual({ resettable: false });
    const zh = await call(plain, admin.token, { method: 'POST', url: '/api/demo/reset' });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({ success: false, msg: '当前数据不是演示数据，无法重置' });
    const en = await call(plain, admin.token, {
      method: 'POST',
      url: '/api/demo/reset',
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().msg).toBe('This data was not seeded as a demo, so it cannot be reset');
    const anonymous = await plain.inject({ method: 'POST', url: '/api/demo/reset' });
    expect(anonymous.statusCode).toBe(401);
  });
});
