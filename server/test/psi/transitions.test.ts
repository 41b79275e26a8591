import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
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
  rows,
  schoolId,
  stock,
  type Client,
} from './helpers';

/** Every transition of DOMAIN.md section 3 with its side effects, and each approval repeated. */
let app: FastifyInstance;
let pt: Client;
let ckJx: Client;
let ckXz: Client;
let mingde: Client;
let yucai: Client;

beforeAll(async () => {
  app = await demoApp();
  pt = await as(app, 'pt_admin');
  ckJx = await as(app, 'ck_jx');
  ckXz = await as(app, 'ck_xz');
  mingde = await as(app, 'xx_mingde');
  yucai = await as(app, 'cz_yucai');
});
afterEach(() => assertInvariants(app.ctx.sqlite));

type Doc = Record<string, string | number>;

/** The second call of an approval is refused and changes nothing (INV-4a). */
async function onceOnly(client: Client, url: string, body: Record<string, unknown>) {
  const snapshot = ledgerSnapshot(app);
  const again = await client.post(url, body);
  expect(again.success).toBe(false);
  expect(again.msg).toBe('单据状态已变更，请刷新后重试');
  expect(ledgerSnapshot(app)).toEqual(snapshot);
}

describe('3.2 purchaseorder (采购入库单)', () => {
  it('submit → 1, edit in 1, reject → 8, resubmit → 1, audit → 2, partial storage → 3', async () => {
    const created = await ckJx.ok<Doc>('purchasedetail/submitPurchaseOrder', {
      supplierName: '人民教育出版社',
      depositoryId: depositoryId(app, 'D02'), // a depository user always books into its own depository
      term: '2025-2026-1',
      orderStatus: 3,
      totalAmount: '1.00',
      orderNo: 'CG19990101-0001',
      details: [
        { goodsId: goodsId(app, 'G18'), quantity: 100 },
        { goodsId: goodsId(app, 'G19'), quantity: 50, discount: '0.7' },
      ],
    });
    expect(created).toMatchObject({ orderStatus: 1, depositoryName: '嘉兴中心仓', totalQuantity: 150 });
    expect(String(created.orderNo)).toMatch(/^CG\d{8}-\d{4}$/);
    // 9.95 × 0.72 = 7.164 → 7.16; 9.70 × 0.70 = 6.79
    expect(created).toMatchObject({ totalListAmount: '1480.00', totalAmount: '1055.50' });

    const edited = await ckJx.ok<Doc>('purchasedetail/submitPurchaseOrder', {
      id: created.id,
      remark: '改为单行',
      details: [{ goodsId: goodsId(app, 'G18'), quantity: 120 }],
    });
    expect(edited).toMatchObject({
      orderStatus: 1,
      totalQuantity: 120,
      remark: '改为单行',
      orderNo: created.orderNo,
    });
    const lines = await ckJx.get<Doc[]>('purchasedetail/listByOrderId', { pirchaseId: String(created.id) });
    expect(lines.data.map((l) => l.quantity)).toEqual([120]);

    const rejected = await pt.ok<Doc>('purchaseorder/approveAudit', {
      id: created.id,
      pass: false,
      auditRemark: '数量有误',
    });
    expect(rejected).toMatchObject({ orderStatus: 8, auditRemark: '数量有误' });
    await onceOnly(pt, 'purchaseorder/approveAudit', { id: created.id, pass: false, auditRemark: '再次' });

    const resubmitted = await ckJx.ok<Doc>('purchasedetail/submitPurchaseOrder', {
      id: created.id,
      details: [{ goodsId: goodsId(app, 'G18'), quantity: 100 }],
    });
    expect(resubmitted).toMatchObject({ orderStatus: 1, auditRemark: '' });

    const audited = await pt.ok<Doc>('purchaseorder/approveAudit', { id: created.id, pass: true });
    expect(audited.orderStatus).toBe(2);
    await onceOnly(pt, 'purchaseorder/approveAudit', { id: created.id, pass: true });

    const [line] = (await ckJx.get<Doc[]>('purchasedetail/listByOrderId', { purchaseId: String(created.id) }))
      .data;
    const before = stock(app, 'D01', 'G18');
    const stored = await ckJx.ok<Doc>('purchaseorder/approveStorage', {
      id: created.id,
      storageRemark: '短少2册',
      details: [{ detailId: line.id, receivedQuantity: 98 }],
    });
    expect(stored).toMatchObject({ orderStatus: 3, receivedQuantity: 98, storageRemark: '短少2册' });
    expect(stock(app, 'D01', 'G18')).toBe(before + 98);
    await onceOnly(ckJx, 'purchaseorder/approveStorage', { id: created.id });
  });

  it('removes only editable receipts, with their lines', async () => {
    const draft = await pt.ok<Doc>('purchaseorder/submit', {
      supplierName: '人民教育出版社',
      depositoryId: depositoryId(app, 'D03'),
      term: '2025-2026-1',
      details: [{ goodsId: goodsId(app, 'G18'), quantity: 10 }],
    });
    const stored = docId(app, 'psi_purchase_order', 'CG20250710-0001');
    const refused = await pt.post('purchaseorder/remove', {}, { ids: `${draft.id},${stored}` });
    expect(refused.msg).toBe('单据当前状态不允许修改');
    expect((await pt.get('purchaseorder/detail', { id: String(draft.id) })).data).toMatchObject({
      id: draft.id,
    });
    await pt.ok('purchaseorder/remove?ids=' + draft.id);
    expect((await pt.get('purchaseorder/detail', { id: String(draft.id) })).data).toEqual({});
    expect(
      (await pt.get<Doc[]>('purchasedetail/listByOrderId', { purchaseId: String(draft.id) })).data,
    ).toEqual([]);
  });
});

describe('3.3 / 3.4 征订单 and 配送单', () => {
  it('征订单: submit → 1 (school forced), reject → 8, resubmit → 1, approve → 2 with debit and 配送单', async () => {
    const order = await mingde.ok<Doc>('purchasedetailyypt/submitPurchaseOrderYypt', {
      schoolId: schoolId(app, 'SC03'), // spoofed: a school user always orders for itself
      depositoryId: depositoryId(app, 'D01'),
      term: '2025-2026-1',
      details: [
        { goodsId: goodsId(app, 'G05'), quantity: 10 },
        { goodsId: goodsId(app, 'G08'), quantity: 10 },
      ],
    });
    expect(order).toMatchObject({
      schoolName: '南湖区明德小学',
      orderStatus: 1,
      payStatus: 0,
      totalAmount: '173.50',
    });
    expect(order.receiverName).toBe('林老师');
    const rejected = await pt.ok<Doc>('purchaseorderyypt/approveAudit', {
      id: order.id,
      pass: false,
      auditRemark: '请补充',
    });
    expect(rejected.orderStatus).toBe(8);
    const again = await mingde.ok<Doc>('purchasedetailyypt/submitPurchaseOrderYypt', {
      id: order.id,
      details: [{ goodsId: goodsId(app, 'G05'), quantity: 20 }],
    });
    expect(again).toMatchObject({ orderStatus: 1, totalAmount: '201.00' });
    const before = Number(balance(app, 'SC01'));
    const approved = await pt.ok<Doc>('purchaseorderyypt/approveAudit', { id: order.id, pass: true });
    expect(approved).toMatchObject({ orderStatus: 2, payStatus: 1 });
    expect(Number(balance(app, 'SC01'))).toBeCloseTo(before - 201, 2);
    await onceOnly(pt, 'purchaseorderyypt/approveAudit', { id: order.id, pass: true });
    const pod = await pt.get<Doc>('purchaseorderdepository/detail', {
      id: String(approved.depositoryOrderId),
    });
    expect(pod.data).toMatchObject({
      sourceType: 1,
      sourceNo: order.orderNo,
      orderStatus: 1,
      payStatus: 1,
      totalAmount: '201.00',
    });
  });

  it('配送单 from a 征订单: reject → 8 refunds once and returns the 征订单 (→ 7)', async () => {
    const ps = docId(app, 'psi_purchase_order_depository', 'PS20250826-0001');
    const before = Number(balance(app, 'SC04'));
    const rejected = await ckJx.ok<Doc>('purchaseorderdepository/approveAuditDepository', {
      id: ps,
      pass: false,
      auditRemark: '库存调整，请改日再订',
    });
    expect(rejected).toMatchObject({ orderStatus: 8, payStatus: 2 });
    expect(Number(balance(app, 'SC04'))).toBeCloseTo(before + 8748, 2);
    const zd = await pt.get<Doc>('purchaseorderyypt/detail', {
      id: docId(app, 'psi_purchase_order_yypt', 'ZD20250826-0001'),
    });
    expect(zd.data).toMatchObject({ orderStatus: 7, payStatus: 2 });
    await onceOnly(ckJx, 'purchaseorderdepository/approveAuditDepository', {
      id: ps,
      pass: false,
      auditRemark: 'x',
    });
    // a returned 征订单 and a rejected platform 配送单 are final
    const resubmit = await pt.post('purchasedetailyypt/submitPurchaseOrderYypt', {
      id: docId(app, 'psi_purchase_order_yypt', 'ZD20250826-0001'),
      details: [{ goodsId: goodsId(app, 'G10'), quantity: 1 }],
    });
    expect(resubmit.msg).toBe('单据当前状态不允许修改');
    const edit = await pt.post('purchasedetaildepository/submitPurchaseOrderDepository', {
      id: ps,
      remark: 'x',
    });
    expect(edit.msg).toBe('平台征订生成的配送单不能修改或删除');
  });

  it('direct 补订单: submit → 1, edit, reject → 8 (no money), resubmit → 1, accept → 2 with debit', async () => {
    const order = await yucai.ok<Doc>('purchasedetaildepository/submitPurchaseOrderDepository', {
      depositoryId: depositoryId(app, 'D01'),
      term: '2025-2026-1',
      details: [{ goodsId: goodsId(app, 'G16'), quantity: 4 }],
    });
    // 11.10 × 0.95 = 10.545 → 10.55 (a double-based computation gives 10.54)
    expect(order).toMatchObject({ sourceType: 2, orderStatus: 1, payStatus: 0, totalAmount: '42.20' });
    const edited = await yucai.ok<Doc>('purchasedetaildepository/submitPurchaseOrderDepository', {
      id: order.id,
      details: [
        { goodsId: goodsId(app, 'G16'), quantity: 4 },
        { goodsId: goodsId(app, 'G15'), quantity: 1 },
      ],
    });
    expect(edited.totalAmount).toBe('52.56');
    const money = balance(app, 'SC03');
    const rejected = await ckJx.ok<Doc>('purchaseorderdepository/approveAuditDepository', {
      id: order.id,
      pass: false,
      auditRemark: '请确认数量',
    });
    expect(rejected).toMatchObject({ orderStatus: 8, payStatus: 0 });
    expect(balance(app, 'SC03')).toBe(money);
    await yucai.ok('purchasedetaildepository/submitPurchaseOrderDepository', {
      id: order.id,
      remark: '已确认',
    });
    const accepted = await ckJx.ok<Doc>('purchaseorderdepository/approveAuditDepository', {
      id: order.id,
      pass: true,
    });
    expect(accepted).toMatchObject({ orderStatus: 2, payStatus: 1 });
    expect(Number(balance(app, 'SC03'))).toBeCloseTo(Number(money) - 52.56, 2);
    await onceOnly(ckJx, 'purchaseorderdepository/approveAuditDepository', { id: order.id, pass: true });
  });

  it('direct orders by a depository user go to its own depository, for schools it serves; removal while editable', async () => {
    const order = await ckXz.ok<Doc>('purchasedetaildepository/submitPurchaseOrderDepository', {
      schoolId: schoolId(app, 'SC05'),
      depositoryId: depositoryId(app, 'D01'),
      term: '2025-2026-1',
      details: [{ goodsId: goodsId(app, 'G20'), quantity: 2 }],
    });
    expect(order).toMatchObject({ depositoryName: '秀洲分仓', schoolName: '秀洲区博雅高级中学' });
    const notServed = await ckXz.post('purchasedetaildepository/submitPurchaseOrderDepository', {
      schoolId: schoolId(app, 'SC01'),
      term: '2025-2026-1',
      details: [{ goodsId: goodsId(app, 'G20'), quantity: 2 }],
    });
    expect(notServed.msg).toBe('所选仓库不服务该学校所在地区');
    await ckXz.ok(`purchaseorderdepository/remove?ids=${order.id}`);
    expect((await ckXz.get('purchaseorderdepository/detail', { id: String(order.id) })).data).toEqual({});
  });
});

describe('3.5 deliveryorder (发货单)', () => {
  it('submit → 1, edit, remove frees the quantity; partial then full delivery: 2 → 4 → 3 on both orders', async () => {
    const zd = await mingde.ok<Doc>('purchasedetailyypt/submitPurchaseOrderYypt', {
      term: '2025-2026-1',
      details: [
        { goodsId: goodsId(app, 'G01'), quantity: 30 },
        { goodsId: goodsId(app, 'G02'), quantity: 20 },
      ],
    });
    const approved = await pt.ok<Doc>('purchaseorderyypt/approveAudit', { id: zd.id, pass: true });
    const ps = String(approved.depositoryOrderId);
    await ckJx.ok('purchaseorderdepository/approveAuditDepository', { id: ps, pass: true });
    const lines = (await ckJx.get<Doc[]>('purchasedetaildepository/listByOrderId', { purchaseId: ps })).data;
    const g01 = lines.find((l) => l.goodsId === goodsId(app, 'G01'))!;
    const g02 = lines.find((l) => l.goodsId === goodsId(app, 'G02'))!;

    const first = await ckJx.ok<Doc>('deliverydetail/submitDeliveryOrder', {
      depositoryOrderId: ps,
      details: [{ sourceDetailId: g01.id, quantity: 30 }],
    });
    expect(first).toMatchObject({ orderStatus: 1, totalQuantity: 30, receiverName: '林老师' });
    const full = await ckJx.post('deliverydetail/submitDeliveryOrder', {
      depositoryOrderId: ps,
      details: [{ sourceDetailId: g01.id, quantity: 1 }],
    });
    expect(full.msg).toBe('超出可发数量：义务教育教科书·语文 一年级上册 (ISBN 9787107524455) 可发 0，本次 1');
    await ckJx.ok(`deliveryorder/remove?ids=${first.id}`);
    const second = await ckJx.ok<Doc>('deliverydetail/submitDeliveryOrder', {
      depositoryOrderId: ps,
      trackingNo: 'SF001',
      details: [{ sourceDetailId: g01.id, quantity: 10 }],
    });
    const edited = await ckJx.ok<Doc>('deliverydetail/submitDeliveryOrder', {
      id: second.id,
      details: [{ sourceDetailId: g01.id, quantity: 30 }],
    });
    expect(edited).toMatchObject({ totalQuantity: 30, trackingNo: 'SF001' });

    const before = stock(app, 'D01', 'G01');
    const shipped = await ckJx.ok<Doc>('deliveryorder/approveDelivery', {
      id: second.id,
      deliveryRemark: '第一批',
    });
    expect(shipped).toMatchObject({ orderStatus: 3, deliveryRemark: '第一批' });
    expect(stock(app, 'D01', 'G01')).toBe(before - 30);
    await onceOnly(ckJx, 'deliveryorder/approveDelivery', { id: second.id });
    const partial = await ckJx.get<Doc>('purchaseorderdepository/detail', { id: ps });
    expect(partial.data).toMatchObject({ orderStatus: 4, deliveredQuantity: 30 });
    expect((await pt.get<Doc>('purchaseorderyypt/detail', { id: String(zd.id) })).data).toMatchObject({
      orderStatus: 4,
      deliveredQuantity: 30,
    });

    const rest = await ckJx.ok<Doc>('deliverydetail/submitDeliveryOrder', {
      depositoryOrderId: ps,
      details: [{ sourceDetailId: g02.id, quantity: 20 }],
    });
    await ckJx.ok('deliveryorder/approveDelivery', { id: rest.id });
    expect((await ckJx.get<Doc>('purchaseorderdepository/detail', { id: ps })).data.orderStatus).toBe(3);
    expect((await pt.get<Doc>('purchaseorderyypt/detail', { id: String(zd.id) })).data.orderStatus).toBe(3);
    // shipped deliveries are final
    const removeShipped = await ckJx.post('deliveryorder/remove', {}, { ids: String(rest.id) });
    expect(removeShipped.msg).toBe('单据当前状态不允许修改');
  });
});

describe('3.6 depositorycheck (盘点)', () => {
  it('save → 1, save again refreshes, complete → 3 sets stock to the count and reports drift', async () => {
    const d03 = depositoryId(app, 'D03');
    const hn = await as(app, 'ck_hn');
    const saved = await hn.ok<Doc & { bookChanged: unknown[] }>('depositoryinfo/saveCheckList', {
      depositoryId: d03,
      details: [
        { goodsId: goodsId(app, 'G15'), countedQuantity: 295, remark: '破损5册' },
        { goodsId: goodsId(app, 'G20'), countedQuantity: 200 },
      ],
    });
    expect(saved).toMatchObject({
      checkStatus: 1,
      lineCount: 2,
      totalBookQuantity: 500,
      totalLossQuantity: 5,
    });
    // stock moves after the save: a receipt of G20 into D03
    const receipt = await hn.ok<Doc>('purchasedetail/submitPurchaseOrder', {
      supplierName: '人民教育出版社',
      term: '2025-2026-1',
      details: [{ goodsId: goodsId(app, 'G20'), quantity: 5 }],
    });
    await pt.ok('purchaseorder/approveAudit', { id: receipt.id, pass: true });
    await hn.ok('purchaseorder/approveStorage', { id: receipt.id });
    expect(stock(app, 'D03', 'G20')).toBe(205);

    const done = await hn.ok<Doc & { bookChanged: Doc[] }>('depositoryinfo/saveCheckList', {
      checkId: saved.id,
      complete: true,
      details: [
        { goodsId: goodsId(app, 'G15'), countedQuantity: 295, remark: '破损5册' },
        { goodsId: goodsId(app, 'G20'), countedQuantity: 200 },
      ],
    });
    expect(done.checkStatus).toBe(3);
    expect(done.bookChanged).toEqual([
      expect.objectContaining({ goodsId: goodsId(app, 'G20'), bookQuantityAtSave: 200, bookQuantity: 205 }),
    ]);
    expect([stock(app, 'D03', 'G15'), stock(app, 'D03', 'G20')]).toEqual([295, 200]);
    expect(done).toMatchObject({ totalBookQuantity: 505, totalCountedQuantity: 495, totalLossQuantity: 10 });
    const logs = rows<{ c: number }>(
      app,
      `SELECT change_quantity AS c FROM psi_depository_log WHERE source_type = 3 AND source_id = ? ORDER BY goods_id`,
      BigInt(String(done.id)),
    );
    expect(logs.map((l) => l.c).sort()).toEqual([-5, -5]);
    await onceOnly(hn, 'depositoryinfo/saveCheckList', { checkId: done.id, complete: true });
  });

  it('creates and completes in one call; an open count can be removed without stock effect', async () => {
    const open = await ckJx.ok<Doc>('depositoryinfo/saveCheckList', {
      depositoryId: depositoryId(app, 'D01'),
      details: [{ goodsId: goodsId(app, 'G12'), countedQuantity: 1 }],
    });
    const snapshot = ledgerSnapshot(app);
    await ckJx.ok(`depositorycheck/remove?ids=${open.id}`);
    expect({ ...ledgerSnapshot(app), versions: 0 }).toEqual({ ...snapshot, versions: 0 });
    const done = await ckJx.ok<Doc>('depositoryinfo/saveCheckList', {
      depositoryId: depositoryId(app, 'D01'),
      complete: true,
      details: [
        { goodsId: goodsId(app, 'G12'), countedQuantity: 301 },
        { goodsId: goodsId(app, 'G09'), countedQuantity: 0 },
      ],
    });
    expect(done).toMatchObject({ checkStatus: 3, totalGainQuantity: 1 });
    expect(stock(app, 'D01', 'G12')).toBe(301);
    // a zero difference writes no log row and no stock row
    expect(
      one(
        app,
        `SELECT COUNT(*) AS n FROM psi_depository_stock WHERE goods_id = ?`,
        BigInt(goodsId(app, 'G09')),
      ),
    ).toEqual({ n: 0 });
  });
});

describe('recharge (accountstatement)', () => {
  it('credits once per voucher', async () => {
    const body = {
      schoolId: schoolId(app, 'SC08'),
      amount: '300.50',
      payMethod: 5,
      voucherNo: 'CZ2025090100001',
    };
    const row = await pt.ok<Doc>('accountstatement/recharge', body);
    expect(row).toMatchObject({
      tradeType: 1,
      direction: 1,
      amount: '300.50',
      balanceBefore: '0.00',
      balanceAfter: '300.50',
    });
    expect(String(row.statementNo)).toMatch(/^LS\d{8}-\d{4}$/);
    const snapshot = ledgerSnapshot(app);
    const again = await pt.post('accountstatement/recharge', body);
    expect(again.msg).toBe('该凭证号已入账');
    expect(ledgerSnapshot(app)).toEqual(snapshot);
    expect(balance(app, 'SC08')).toBe('300.50');
  });
});
