import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { fill } from '@psi/db/model';
import { psiMessages } from '@psi/db/model/psi/index';
import {
  as,
  assertInvariants,
  balance,
  Client,
  demoApp,
  depositoryId,
  docId,
  goodsId,
  ledgerSnapshot,
  one,
  schoolId,
  stock,
} from './helpers';

/**
 * Master data states and their effect on documents (DOMAIN.md 2.1, 2.2, 2.6, INV-9, INV-14):
 * disabled or removed schools, books and depositories take no new documents, documents already open
 * still finish, codes are reusable after removal, and numbers are per tenant and per day.
 */
let app: FastifyInstance;
let pt: Client;

beforeAll(async () => {
  app = await demoApp();
  pt = await as(app, 'pt_admin');
});
afterEach(() => assertInvariants(app.ctx.sqlite));

type Doc = Record<string, string | number>;
const term = '2025-2026-1';
const msg = (key: keyof typeof psiMessages, params: Record<string, string | number> = {}) =>
  fill(psiMessages[key].zh, params);

describe('document numbers (INV-14)', () => {
  it('are PREFIX + day + a daily sequence, per tenant', async () => {
    const ck = await as(app, 'ck_jx');
    const ckQt = await as(app, 'ck_qt');
    const receipt = (c: Client, tenant: string) =>
      c.ok<Doc>('purchasedetail/submitPurchaseOrder', {
        supplierName: '人民教育出版社',
        term,
        details: [{ goodsId: goodsId(app, 'G10', tenant), quantity: 1 }],
      });
    const a = await receipt(ck, '100001');
    const b = await receipt(ckQt, '100002');
    const c = await receipt(ck, '100001');
    const day = String(a.orderNo).slice(2, 10);
    expect(a.orderNo).toMatch(/^CG\d{8}-0001$/);
    expect(b.orderNo).toBe(`CG${day}-0001`);
    expect(c.orderNo).toBe(`CG${day}-0002`);
    // an order number sent by the client is ignored
    const d = await ck.ok<Doc>('purchasedetail/submitPurchaseOrder', {
      orderNo: 'CG20991231-9999',
      supplierName: '人民教育出版社',
      term,
      details: [{ goodsId: goodsId(app, 'G10'), quantity: 1 }],
    });
    expect(d.orderNo).toBe(`CG${day}-0003`);
    await ck.ok(`purchaseorder/remove?ids=${a.id},${c.id},${d.id}`);
    await ckQt.ok(`purchaseorder/remove?ids=${b.id}`);
  });
});

describe('disabled and removed master data', () => {
  it('a disabled school submits nothing; enabled again, it can', async () => {
    const sc08 = schoolId(app, 'SC08');
    await pt.ok('schoolinfo/submit', { id: sc08, status: 0 });
    const before = ledgerSnapshot(app);
    for (const url of [
      'purchasedetailyypt/submitPurchaseOrderYypt',
      'purchasedetaildepository/submitPurchaseOrderDepository',
    ]) {
      const r = await pt.post(url, {
        schoolId: sc08,
        depositoryId: depositoryId(app, 'D03'),
        term,
        details: [{ goodsId: goodsId(app, 'G20'), quantity: 10 }],
      });
      expect(r.msg, url).toBe(msg('schoolUnavailable'));
    }
    expect(ledgerSnapshot(app)).toEqual(before);
    await pt.ok('schoolinfo/submit', { id: sc08, status: 1 });
    const ok = await pt.ok<Doc>('purchasedetailyypt/submitPurchaseOrderYypt', {
      schoolId: sc08,
      depositoryId: depositoryId(app, 'D03'),
      term,
      details: [{ goodsId: goodsId(app, 'G20'), quantity: 10 }],
    });
    await pt.ok(`purchaseorderyypt/remove?ids=${ok.id}`);
  });

  it('a removed book cannot go on a new line', async () => {
    const g31 = one<{ id: string }>(
      app,
      `SELECT CAST(id AS TEXT) AS id FROM psi_goods_info WHERE goods_code = 'G31' AND is_deleted = 1`,
    ).id;
    const mingde = await as(app, 'xx_mingde');
    const r = await mingde.post('purchasedetailyypt/submitPurchaseOrderYypt', {
      term,
      details: [{ goodsId: g31, quantity: 1 }],
    });
    expect(r.success).toBe(false);
    expect(r.msg.startsWith('图书不存在或已停用')).toBe(true);
  });

  it('disabling a book keeps pending documents going: their approval uses the snapshot', async () => {
    const g02 = goodsId(app, 'G02');
    await pt.ok('goodsinfo/submit', { id: g02, status: 0 });
    const mingde = await as(app, 'xx_mingde');
    const refused = await mingde.post('purchasedetailyypt/submitPurchaseOrderYypt', {
      term,
      details: [{ goodsId: g02, quantity: 1 }],
    });
    expect(refused.msg).toBe(
      msg('goodsUnavailable', { goods: '义务教育教科书·数学 一年级上册 (ISBN 9787107297724)' }),
    );
    const zd = docId(app, 'psi_purchase_order_yypt', 'ZD20250828-0001');
    await pt.ok('purchaseorderyypt/approveAudit', { id: zd, pass: true });
    expect(balance(app, 'SC01')).toBe('13019.75');
    await pt.ok('goodsinfo/submit', { id: g02, status: 1 });
  });

  it('a disabled depository takes no new orders or counts, but open documents finish', async () => {
    const d02 = depositoryId(app, 'D02');
    await pt.ok('depositoryinfo/submit', { id: d02, status: 0 });
    const xz = await as(app, 'ck_xz');
    expect(
      (
        await pt.get<Doc[]>('depositoryinfo/getSchoolDepositoryList', { schoolId: schoolId(app, 'SC05') })
      ).data.map((d) => d.depositoryCode),
    ).toEqual(['D01']);
    const before = ledgerSnapshot(app);
    const order = await pt.post('purchasedetailyypt/submitPurchaseOrderYypt', {
      schoolId: schoolId(app, 'SC06'),
      depositoryId: d02,
      term,
      details: [{ goodsId: goodsId(app, 'G01'), quantity: 1 }],
    });
    expect(order.msg).toBe(msg('depositoryUnavailable'));
    const receipt = await xz.post('purchasedetail/submitPurchaseOrder', {
      supplierName: '人民教育出版社',
      term,
      details: [{ goodsId: goodsId(app, 'G01'), quantity: 1 }],
    });
    expect(receipt.msg).toBe(msg('depositoryUnavailable'));
    expect(ledgerSnapshot(app)).toEqual(before);
    // the open receipt CG20250720-0002 and the open count PD20250829-0001 still finish
    await pt.ok('purchaseorder/approveAudit', {
      id: docId(app, 'psi_purchase_order', 'CG20250720-0002'),
      pass: true,
    });
    await xz.ok('purchaseorder/approveStorage', { id: docId(app, 'psi_purchase_order', 'CG20250720-0002') });
    expect(stock(app, 'D02', 'G22')).toBe(250);
    await xz.ok('depositoryinfo/saveCheckList', {
      checkId: docId(app, 'psi_depository_check', 'PD20250829-0001'),
      complete: true,
    });
    expect(stock(app, 'D02', 'G21')).toBe(298);
    // … but no new count
    const count = await xz.post('depositoryinfo/saveCheckList', {
      details: [{ goodsId: goodsId(app, 'G01'), countedQuantity: 201 }],
    });
    expect(count.msg).toBe(msg('depositoryUnavailable'));
    await pt.ok('depositoryinfo/submit', { id: d02, status: 1 });
  });

  it('a 征订单 is not approved while its depository is disabled, and nothing is charged', async () => {
    const d01 = depositoryId(app, 'D01');
    await pt.ok('accountstatement/recharge', {
      schoolId: schoolId(app, 'SC02'),
      amount: '1000.00',
      payMethod: 2,
      voucherNo: 'XJ2025083100001',
    });
    await pt.ok('depositoryinfo/submit', { id: d01, status: 0 });
    const zd = docId(app, 'psi_purchase_order_yypt', 'ZD20250828-0002');
    const before = ledgerSnapshot(app);
    const r = await pt.post('purchaseorderyypt/approveAudit', { id: zd, pass: true });
    expect(r.msg).toBe(msg('depositoryUnavailable'));
    expect(ledgerSnapshot(app)).toEqual(before);
    expect(balance(app, 'SC02')).toBe('1500.00');
    await pt.ok('depositoryinfo/submit', { id: d01, status: 1 });
    await pt.ok('purchaseorderyypt/approveAudit', { id: zd, pass: true });
    expect(balance(app, 'SC02')).toBe('252.00');
  });

  it('school and depository codes can be created again after removal (INV-9)', async () => {
    const sc08 = schoolId(app, 'SC08');
    await pt.ok(`schoolinfo/remove?ids=${sc08}`);
    const again = await pt.ok<Doc>('schoolinfo/submit', {
      schoolCode: 'SC08',
      schoolName: '桐乡市梧桐高级中学',
      schoolType: 3,
      regionCode: '330483',
      depositoryId: depositoryId(app, 'D03'),
    });
    expect(again.id).not.toBe(sc08);
    expect(balance(app, 'SC08')).toBe('0.00');
    const dup = await pt.post('schoolinfo/submit', {
      schoolCode: 'SC08',
      schoolName: '重复',
      schoolType: 3,
      regionCode: '330483',
    });
    expect(dup.success).toBe(false);

    const make = () =>
      pt.post<Doc>('depositoryinfo/submit', {
        depositoryCode: 'D05',
        depositoryName: '平湖分仓',
        depositoryType: 2,
        regionCode: '330482',
        serviceRegionCodes: '330482',
      });
    const first = await make();
    expect(first.success).toBe(true);
    expect((await make()).success).toBe(false);
    await pt.ok(`depositoryinfo/remove?ids=${first.data.id}`);
    const second = await make();
    expect(second.success).toBe(true);
    expect(second.data.id).not.toBe(first.data.id);
  });
});

describe('accounts', () => {
  it('recharge needs a voucher, a pay method and a positive amount; the platform reads any bound school', async () => {
    const before = ledgerSnapshot(app);
    for (const body of [
      { schoolId: schoolId(app, 'SC05'), amount: '10.00', payMethod: 1 },
      { schoolId: schoolId(app, 'SC05'), amount: '10.00', payMethod: 9, voucherNo: 'V1' },
      { schoolId: schoolId(app, 'SC05'), amount: '-10.00', payMethod: 1, voucherNo: 'V1' },
      { schoolId: schoolId(app, 'SC05'), amount: '10.001', payMethod: 1, voucherNo: 'V1' },
      { amount: '10.00', payMethod: 1, voucherNo: 'V1' },
    ]) {
      const r = await pt.post('accountstatement/recharge', body);
      expect(r.success, JSON.stringify(body)).toBe(false);
      expect(r.status, JSON.stringify(body) + r.msg).toBe(400);
    }
    // whole sentences naming what is missing, never a bare label such as 学校
    const empty = await pt.post('accountstatement/recharge', {});
    expect(empty.msg).toBe('请选择学校; 请输入充值金额; 请选择支付方式; 请输入凭证号');
    const english = await (
      await as(app, 'pt_admin', 'en')
    ).post('accountstatement/recharge', {
      payMethod: 9,
    });
    expect(english.msg).toBe(
      'Please select the school; Please enter the recharge amount; Please select the pay method; Please enter the voucher number',
    );
    const negative = await pt.post('accountstatement/recharge', {
      schoolId: schoolId(app, 'SC05'),
      amount: '-1.00',
      payMethod: 1,
      voucherNo: 'V1',
    });
    expect(negative.msg).toBe('金额必须大于0');
    expect(ledgerSnapshot(app)).toEqual(before);
    const mingde = one<{ id: string }>(
      app,
      `SELECT CAST(id AS TEXT) AS id FROM blade_user WHERE account = 'xx_mingde'`,
    ).id;
    const account = await pt.get<Doc>('schoolinfo/detailByUserId', { userId: mingde });
    expect(account.data).toMatchObject({ schoolCode: 'SC01', accountBalance: balance(app, 'SC01') });
  });
});

describe('soft-deleted rows in every custom query (INV-9)', () => {
  it('a removed direct order, delivery or 征订单 and their lines never show', async () => {
    const qizhi = await as(app, 'xx_qizhi');
    const ck = await as(app, 'ck_jx');
    const direct = await qizhi.ok<Doc>('purchasedetaildepository/submitPurchaseOrderDepository', {
      depositoryId: depositoryId(app, 'D01'),
      term,
      details: [{ goodsId: goodsId(app, 'G03'), quantity: 2 }],
    });
    const inbox = async () =>
      (
        await ck.get<{ records: Doc[] }>('purchaseorderdepository/purchaseOrderDepository', { size: '100' })
      ).data.records.map((r) => r.id);
    expect(await inbox()).toContain(direct.id);
    await qizhi.ok(`purchaseorderdepository/remove?ids=${direct.id}`);
    expect(await inbox()).not.toContain(direct.id);
    expect(
      (await ck.get('purchasedetaildepository/listByOrderId', { purchaseId: String(direct.id) })).data,
    ).toEqual([]);
    expect((await ck.get('purchaseorderdepository/detail', { id: String(direct.id) })).data).toEqual({});

    const ps = docId(app, 'psi_purchase_order_depository', 'PS20250822-0001');
    const line = one<{ id: string }>(
      app,
      `SELECT CAST(id AS TEXT) AS id FROM psi_purchase_detail_depository WHERE purchase_id = ? AND is_deleted = 0 LIMIT 1`,
      BigInt(ps),
    ).id;
    const fh = await ck.ok<Doc>('deliverydetail/submitDeliveryOrder', {
      depositoryOrderId: ps,
      details: [{ sourceDetailId: line, quantity: 1 }],
    });
    await ck.ok(`deliveryorder/remove?ids=${fh.id}`);
    expect((await ck.get('deliverydetail/listByOrderId', { deliveryId: String(fh.id) })).data).toEqual([]);
    expect(
      (await ck.get<{ records: Doc[] }>('deliveryorder/list', { size: '100' })).data.records.map((r) => r.id),
    ).not.toContain(fh.id);

    const removedZd = one<{ id: string }>(
      app,
      `SELECT CAST(id AS TEXT) AS id FROM psi_purchase_order_yypt WHERE is_deleted = 1 LIMIT 1`,
    ).id;
    const mingde = await as(app, 'xx_mingde');
    expect((await mingde.get('purchasedetailyypt/listByOrderId', { purchaseId: removedZd })).data).toEqual(
      [],
    );
  });

  it('a user bound to a removed school reads no account', async () => {
    const qizhiUser = one<{ id: string }>(
      app,
      `SELECT CAST(id AS TEXT) AS id FROM blade_user WHERE account = 'xx_qizhi'`,
    ).id;
    const temp = await pt.ok<Doc>('schoolinfo/submit', {
      schoolCode: 'SC10',
      schoolName: '南湖区临时学校',
      schoolType: 1,
      regionCode: '330402',
    });
    await pt.ok('schoolinfo/submit', { id: schoolId(app, 'SC02'), userId: '' });
    await pt.ok('schoolinfo/submit', { id: temp.id, userId: qizhiUser });
    const qizhi = await as(app, 'xx_qizhi');
    expect((await qizhi.get<Doc>('schoolinfo/detailByUserId')).data.schoolCode).toBe('SC10');
    await pt.ok(`schoolinfo/remove?ids=${temp.id}`);
    expect((await qizhi.get('schoolinfo/detailByUserId')).data).toEqual({});
    expect((await pt.get('schoolinfo/detailByUserId', { userId: qizhiUser })).data).toEqual({});
    await pt.ok('schoolinfo/submit', { id: schoolId(app, 'SC02'), userId: qizhiUser });
    expect((await qizhi.get<Doc>('schoolinfo/detailByUserId')).data.schoolCode).toBe('SC02');
  });
});
