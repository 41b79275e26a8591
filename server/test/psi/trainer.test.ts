import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadImportFixture } from '../../src/seed/demo';
import {
  as,
  assertInvariants,
  balance,
  demoApp,
  depositoryId,
  docId,
  goodsId,
  ledgerSnapshot,
  one,
  schoolId,
  stock,
  xlsx,
  type Client,
} from './helpers';

/** DOMAIN.md 5.10: the trainer's walk through every screen, step by step, on the demo data. */
let app: FastifyInstance;
let pt: Client;
const imports = loadImportFixture();

beforeAll(async () => {
  app = await demoApp();
  pt = await as(app, 'pt_admin');
});
afterEach(() => assertInvariants(app.ctx.sqlite));

type Page = { records: Record<string, string>[]; total: number };

describe('trainer script (DOMAIN.md 5.10)', () => {
  it('1. catalogue: search, a rejected import, the fixed import, and the snapshot', async () => {
    const byIsbn = await pt.get<Page>('goodsinfo/list', { isbn: '9787107524455' });
    expect(byIsbn.data.records.map((r) => r.goodsCode)).toEqual(['G01']);
    const junior = await pt.get<Page>('goodsinfo/list', { schoolStage: '2', subject: '数学', size: '50' });
    expect(junior.data.records.map((r) => r.goodsCode).sort()).toEqual(['G11', 'G12', 'G28', 'G29']);

    const bad = await pt.upload<{ errors: { row: number; field: string; message: string }[] }>(
      'goodsinfo/upLoadList',
      await xlsx(imports.goodsBad),
    );
    expect(bad.success).toBe(false);
    expect(bad.data.errors).toEqual([{ row: 2, field: 'ISBN', message: 'ISBN校验失败' }]);
    expect(one(app, `SELECT price FROM psi_goods_info WHERE id = ?`, BigInt(goodsId(app, 'G02')))).toEqual({
      price: 985,
    });

    const fixed = await pt.upload('goodsinfo/upLoadList', await xlsx(imports.goodsFixed));
    expect(fixed.data).toEqual({ created: 2, updated: 1, unchanged: 1 });
    expect(one(app, `SELECT price FROM psi_goods_info WHERE id = ?`, BigInt(goodsId(app, 'G02')))).toEqual({
      price: 990,
    });
    // the deleted G31's ISBN exists again, as a new book
    const reused = await pt.get<Page>('goodsinfo/list', { isbn: '9787107700019' });
    expect(reused.data.records.map((r) => r.goodsName)).toEqual(['义务教育教科书·音乐 七年级上册']);
    const again = await pt.upload('goodsinfo/upLoadList', await xlsx(imports.goodsFixed));
    expect(again.data).toEqual({ created: 0, updated: 0, unchanged: 4 });

    const zd = await pt.get<Record<string, string>>('purchaseorderyypt/detail', {
      id: docId(app, 'psi_purchase_order_yypt', 'ZD20250828-0001'),
    });
    expect(zd.data.totalAmount).toBe('3699.25');
  });

  it('2. schools: the roster import and the school account', async () => {
    const bad = await pt.upload<{ errors: { row: number; field: string }[] }>(
      'schoolyyptinfo/upLoadList',
      await xlsx(imports.schoolsBad),
    );
    expect(bad.success).toBe(false);
    expect(bad.data.errors).toMatchObject([{ row: 10, field: '地区代码' }]);
    // in English the column is named in English, as the English template heads it
    const english = await (
      await as(app, 'pt_admin', 'en')
    ).upload<{ errors: { row: number; field: string; message: string }[] }>(
      'schoolyyptinfo/upLoadList',
      await xlsx(imports.schoolsBad),
    );
    expect(english.data.errors).toEqual([
      { row: 10, field: 'Region code', message: 'Please enter Region code' },
    ]);
    expect(english.msg).toContain('Region code');
    expect(english.msg).not.toMatch(/[\u3400-\u9fff]/);
    expect(one(app, `SELECT COUNT(*) AS n FROM psi_school_info WHERE school_code = 'SC09'`)).toEqual({
      n: 0,
    });
    const fixed = await pt.upload('schoolyyptinfo/upLoadList', await xlsx(imports.schoolsFixed));
    expect(fixed.data).toEqual({ created: 1, updated: 0, unchanged: 8 });
    const again = await pt.upload('schoolyyptinfo/upLoadList', await xlsx(imports.schoolsFixed));
    expect(again.data).toEqual({ created: 0, updated: 0, unchanged: 9 });

    const mingde = await as(app, 'xx_mingde');
    const account = await mingde.get<Record<string, string>>('schoolinfo/detailByUserId');
    expect(account.data).toMatchObject({
      schoolCode: 'SC01',
      accountBalance: '16719.00',
      discount: '1.0000',
    });
  });

  it('3. platform audit: debit and 配送单, the balance refusal, recharge, and a double click', async () => {
    const zd1 = docId(app, 'psi_purchase_order_yypt', 'ZD20250828-0001');
    const approved = await pt.ok<Record<string, string>>('purchaseorderyypt/approveAudit', {
      id: zd1,
      pass: true,
      auditRemark: '同意',
    });
    expect(approved.orderStatus).toBe(2);
    expect(balance(app, 'SC01')).toBe('13019.75');
    const ck = await as(app, 'ck_jx');
    const inbox = await ck.get<Page>('purchaseorderdepository/purchaseOrderDepository', { orderStatus: '1' });
    expect(inbox.data.records.map((r) => r.sourceNo)).toContain('ZD20250828-0001');

    const zd2 = docId(app, 'psi_purchase_order_yypt', 'ZD20250828-0002');
    const refused = await pt.post('purchaseorderyypt/approveAudit', { id: zd2, pass: true });
    expect(refused.success).toBe(false);
    expect(refused.msg).toBe('学校账户余额不足（需 ¥ 1,248.00，可用 ¥ 500.00）');
    const english = await (
      await as(app, 'pt_admin', 'en')
    ).post('purchaseorderyypt/approveAudit', {
      id: zd2,
      pass: true,
    });
    expect(english.msg).toBe('Insufficient school balance (needs ¥ 1,248.00, available ¥ 500.00)');
    await pt.ok('accountstatement/recharge', {
      schoolId: schoolId(app, 'SC02'),
      amount: '1000.00',
      payMethod: 3,
      voucherNo: 'WX2025083000001',
      remark: '演示充值',
    });
    // a double click: two approvals at once, one debit row
    const [a, b] = await Promise.all([
      pt.post('purchaseorderyypt/approveAudit', { id: zd2, pass: true }),
      pt.post('purchaseorderyypt/approveAudit', { id: zd2, pass: true }),
    ]);
    expect([a.success, b.success].sort()).toEqual([false, true]);
    expect([a.msg, b.msg]).toContain('单据状态已变更，请刷新后重试');
    expect(balance(app, 'SC02')).toBe('252.00');
    expect(
      one(
        app,
        `SELECT COUNT(*) AS n FROM psi_account_statement WHERE trade_type = 2 AND source_id = ?`,
        BigInt(zd2),
      ),
    ).toEqual({ n: 1 });
  });

  it('4. depository inbox: accept a platform order (no money) and a direct order (charged)', async () => {
    const ck = await as(app, 'ck_jx');
    const before = balance(app, 'SC04');
    await ck.ok('purchaseorderdepository/approveAuditDepository', {
      id: docId(app, 'psi_purchase_order_depository', 'PS20250826-0001'),
      pass: true,
      auditRemark: '接单',
    });
    expect(balance(app, 'SC04')).toBe(before);
    await ck.ok('purchaseorderdepository/approveAuditDepository', {
      id: docId(app, 'psi_purchase_order_depository', 'PS20250827-0001'),
      pass: true,
    });
    expect(balance(app, 'SC04')).toBe('21081.60');
  });

  it('5. delivery of everything on PS20250826-0001', async () => {
    const ck = await as(app, 'ck_jx');
    const ps = docId(app, 'psi_purchase_order_depository', 'PS20250826-0001');
    const lines = await ck.get<Record<string, string | number>[]>('purchasedetaildepository/listByOrderId', {
      purchaseId: ps,
    });
    const delivery = await ck.ok<Record<string, string>>('deliverydetail/submitDeliveryOrder', {
      depositoryOrderId: ps,
      logisticsCompany: '嘉兴教材物流',
      details: lines.data.map((l) => ({ sourceDetailId: l.id, quantity: l.quantity })),
    });
    await ck.ok('deliveryorder/approveDelivery', { id: delivery.id, deliveryRemark: '已发出' });
    expect([
      stock(app, 'D01', 'G10'),
      stock(app, 'D01', 'G11'),
      stock(app, 'D01', 'G13'),
      stock(app, 'D01', 'G14'),
    ]).toEqual([118, 121, 20, 320]);
    const zd = await pt.get<Record<string, number>>('purchaseorderyypt/detail', {
      id: docId(app, 'psi_purchase_order_yypt', 'ZD20250826-0001'),
    });
    expect(zd.data.orderStatus).toBe(3);
  });

  it('6. partial delivery completes PS20250815-0001 and ZD20250815-0001', async () => {
    const hn = await as(app, 'ck_hn');
    await hn.ok('deliveryorder/approveDelivery', { id: docId(app, 'psi_delivery_order', 'FH20250820-0001') });
    expect([stock(app, 'D03', 'G13'), stock(app, 'D03', 'G14')]).toEqual([90, 90]);
    const ps = one<{ s: number }>(
      app,
      `SELECT order_status AS s FROM psi_purchase_order_depository WHERE order_no = 'PS20250815-0001'`,
    );
    const zd = one<{ s: number }>(
      app,
      `SELECT order_status AS s FROM psi_purchase_order_yypt WHERE order_no = 'ZD20250815-0001'`,
    );
    expect([ps.s, zd.s]).toEqual([3, 3]);
  });

  it('7. negative stock: a 补订单 for G09 is charged, its delivery is refused and nothing moves', async () => {
    const jw = await as(app, 'jw_jiahe');
    const before = balance(app, 'SC04');
    const order = await jw.ok<Record<string, string>>(
      'purchasedetaildepository/submitPurchaseOrderDepository',
      {
        depositoryId: depositoryId(app, 'D01'),
        term: '2025-2026-1',
        details: [{ goodsId: goodsId(app, 'G09'), quantity: 10 }],
      },
    );
    const ck = await as(app, 'ck_jx');
    await ck.ok('purchaseorderdepository/approveAuditDepository', { id: order.id, pass: true });
    expect(Number(before) - Number(balance(app, 'SC04'))).toBeCloseTo(104, 2);
    const lines = await ck.get<Record<string, string>[]>('purchasedetaildepository/listByOrderId', {
      purchaseId: order.id,
    });
    const delivery = await ck.ok<Record<string, string>>('deliverydetail/submitDeliveryOrder', {
      depositoryOrderId: order.id,
      details: [{ sourceDetailId: lines.data[0].id, quantity: 10 }],
    });
    const snapshot = ledgerSnapshot(app);
    const refused = await ck.post('deliveryorder/approveDelivery', { id: delivery.id });
    expect(refused.success).toBe(false);
    // the book as the screens show it (title and ISBN), never its internal code G09
    expect(refused.msg).toBe('库存不足：义务教育教科书·数学 五年级上册 (ISBN 9787549969913) 需 10，库存 0');
    const english = await (
      await as(app, 'ck_jx', 'en')
    ).post('deliveryorder/approveDelivery', {
      id: delivery.id,
    });
    expect(english.msg).toBe(
      'Insufficient stock: 义务教育教科书·数学 五年级上册 (ISBN 9787549969913) needs 10, in stock 0',
    );
    expect(ledgerSnapshot(app)).toEqual(snapshot);
    const after = await ck.get<Record<string, number>>('purchaseorderdepository/detail', { id: order.id });
    expect(after.data.orderStatus).toBe(2);
    const d = await ck.get<Record<string, number>>('deliveryorder/detail', { id: delivery.id });
    expect(d.data.orderStatus).toBe(1);
  });

  it('8. receiving at D03, then a platform audit of the next receipt', async () => {
    const hn = await as(app, 'ck_hn');
    const logs = one<{ n: number }>(app, `SELECT COUNT(*) AS n FROM psi_depository_log`).n;
    await hn.ok('purchaseorder/approveStorage', { id: docId(app, 'psi_purchase_order', 'CG20250720-0001') });
    expect([stock(app, 'D03', 'G22'), stock(app, 'D03', 'G06')]).toEqual([150, 100]);
    expect(one<{ n: number }>(app, `SELECT COUNT(*) AS n FROM psi_depository_log`).n).toBe(logs + 2);
    const audited = await pt.ok<Record<string, number>>('purchaseorder/approveAudit', {
      id: docId(app, 'psi_purchase_order', 'CG20250720-0002'),
      pass: true,
    });
    expect(audited.orderStatus).toBe(2);
  });

  it('9. stocktake at D02: a second open check is refused, completion posts two rows', async () => {
    const xz = await as(app, 'ck_xz');
    const second = await xz.post('depositoryinfo/saveCheckList', {
      depositoryId: depositoryId(app, 'D02'),
      complete: false,
      details: [{ goodsId: goodsId(app, 'G04'), countedQuantity: 200 }],
    });
    expect(second.success).toBe(false);
    expect(second.msg).toBe('该仓库已有进行中的盘点单');
    const logs = one<{ n: number }>(app, `SELECT COUNT(*) AS n FROM psi_depository_log`).n;
    const done = await xz.ok<Record<string, unknown>>('depositoryinfo/saveCheckList', {
      checkId: docId(app, 'psi_depository_check', 'PD20250829-0001'),
      complete: true,
    });
    expect(done.checkStatus).toBe(3);
    expect(done.bookChanged).toEqual([]);
    expect([stock(app, 'D02', 'G21'), stock(app, 'D02', 'G01'), stock(app, 'D02', 'G20')]).toEqual([
      298, 201, 300,
    ]);
    expect(one<{ n: number }>(app, `SELECT COUNT(*) AS n FROM psi_depository_log`).n).toBe(logs + 2);
  });

  it('10. logs chain for G10 at D01; SC06 shows its debit and refund', async () => {
    const logs = await pt.get<Page>('depositorylog/list', {
      depositoryId: depositoryId(app, 'D01'),
      goodsId: goodsId(app, 'G10'),
      ascs: 'operateTime',
      size: '50',
    });
    const rows = logs.data.records as unknown as {
      balanceBefore: number;
      balanceAfter: number;
      changeQuantity: number;
    }[];
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows[0].balanceBefore).toBe(0);
    for (let i = 1; i < rows.length; i++) expect(rows[i].balanceBefore).toBe(rows[i - 1].balanceAfter);
    expect(rows.at(-1)!.balanceAfter).toBe(stock(app, 'D01', 'G10'));
    const sc06 = await pt.get<Page>('accountstatement/list', {
      schoolId: schoolId(app, 'SC06'),
      ascs: 'tradeTime',
    });
    expect(sc06.data.records.map((r) => [r.tradeType, r.amount, r.balanceAfter])).toEqual([
      [1, '8000.00', '8000.00'],
      [2, '-688.50', '7311.50'],
      [3, '688.50', '8000.00'],
    ]);
  });

  it('11. isolation: tenant 100002 sees only its own SC01, D01 and G10', async () => {
    const qt = await as(app, 'pt_admin2');
    const schools = await qt.get<Page>('schoolinfo/list');
    expect(schools.data.records.map((r) => r.schoolName)).toEqual(['青桐市实验小学']);
    const deps = await qt.get<Page>('depositoryinfo/list');
    expect(deps.data.records.map((r) => r.depositoryName)).toEqual(['青桐总仓']);
    const g10 = await qt.get<Page>('goodsinfo/list', { isbn: '9787107863875' });
    expect(g10.data.total).toBe(1);
    expect(g10.data.records[0].id).not.toBe(goodsId(app, 'G10'));
    const orders = await qt.get<Page>('purchaseorderyypt/list');
    expect(orders.data.total).toBe(1);
    const foreign = await qt.get('purchaseorderyypt/detail', {
      id: docId(app, 'psi_purchase_order_yypt', 'ZD20250801-0001'),
    });
    expect(foreign.data).toEqual({});
    const act = await qt.post('purchaseorderyypt/approveAudit', {
      id: docId(app, 'psi_purchase_order_yypt', 'ZD20250828-0001'),
      pass: true,
    });
    expect(act.msg).toBe('单据不存在');
    expect(stock(app, 'D01', 'G10', '100002')).toBe(100);
    expect(balance(app, 'SC01', '100002')).toBe('5000.00');
  });
});
