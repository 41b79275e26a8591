import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { fill } from '@psi/db/model';
import { psiMessages } from '@psi/db/model/psi/index';
import { call } from '../helpers';
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
  PSI,
  readXlsx,
  rows,
  schoolId,
  stock,
  messageParams,
} from './helpers';

/**
 * The generic Blade endpoints on PSI documents (DOMAIN.md 2.13): `save`/`update`/`submit` go through
 * the same service as `submit*` and ignore every server-owned field; approved documents refuse every
 * write on their headers and lines (INV-6); the ledgers refuse every write; each approval twice has
 * effect once (INV-4 a); every list exports exactly its current filtered, scoped rows.
 */
let app: FastifyInstance;
let pt: Client;
let ckJx: Client;
let mingde: Client;

beforeAll(async () => {
  app = await demoApp();
  pt = await as(app, 'pt_admin');
  ckJx = await as(app, 'ck_jx');
  mingde = await as(app, 'xx_mingde');
});
afterEach(() => assertInvariants(app.ctx.sqlite));

type Doc = Record<string, string | number | null>;
type Page = { records: Doc[]; total: number };
const term = '2025-2026-1';
const G = (code: string) => goodsId(app, code);
const msg = (key: keyof typeof psiMessages, params: Record<string, string | number> = {}) =>
  fill(psiMessages[key].zh, params);

/** A document row and all its line rows (live or not), exactly as stored. */
function stored(table: string, lines: string, key: string, id: string) {
  return {
    header: one(app, `SELECT * FROM ${table} WHERE id = ?`, BigInt(id)),
    lines: rows(app, `SELECT * FROM ${lines} WHERE ${key} = ? ORDER BY id`, BigInt(id)),
  };
}

describe('generic save / update / submit on documents use the submit services', () => {
  it('采购入库单: server-owned fields in the body are ignored, totals come from the lines', async () => {
    const saved = await ckJx.ok<Doc>('purchaseorder/save', {
      supplierName: '人民教育出版社',
      term,
      orderNo: 'CG19990101-9999',
      orderStatus: 3,
      totalQuantity: 1,
      totalAmount: '0.01',
      totalListAmount: '0.01',
      receivedQuantity: 50,
      auditUser: '1',
      auditRemark: '伪造',
      storageRemark: '伪造',
      depositoryId: depositoryId(app, 'D03'),
      details: [{ goodsId: G('G16'), quantity: 10, discount: '0.95', unitPrice: '0.01', amount: '0.01' }],
    });
    expect(saved).toMatchObject({
      orderStatus: 1,
      totalQuantity: 10,
      totalListAmount: '111.00',
      totalAmount: '105.50',
      receivedQuantity: 0,
      auditRemark: '',
      storageRemark: '',
    });
    expect(String(saved.orderNo)).toMatch(/^CG\d{8}-\d{4}$/);
    // a depository user's receipt goes to its own depository, whatever it sends
    expect(saved.depositoryName).toBe('嘉兴中心仓');
    const updated = await ckJx.ok<Doc>('purchaseorder/update', {
      id: saved.id,
      orderStatus: 3,
      remark: '改为20册',
      details: [{ goodsId: G('G16'), quantity: 20, discount: '0.95' }],
    });
    expect(updated).toMatchObject({
      orderStatus: 1,
      totalQuantity: 20,
      totalAmount: '211.00',
      remark: '改为20册',
    });
    const viaSubmit = await ckJx.ok<Doc>('purchaseorder/submit', { id: saved.id, receivedQuantity: 20 });
    expect(viaSubmit).toMatchObject({ orderStatus: 1, receivedQuantity: 0, totalQuantity: 20 });
    expect(stock(app, 'D01', 'G16')).toBe(150);
  });

  it('征订单: status, pay status, prices, discounts and the school are the server’s', async () => {
    const saved = await mingde.ok<Doc>('purchaseorderyypt/save', {
      term,
      schoolId: schoolId(app, 'SC03'),
      orderStatus: 2,
      payStatus: 1,
      deliveredQuantity: 5,
      depositoryOrderId: '1',
      totalAmount: '0.01',
      details: [
        { goodsId: G('G16'), quantity: 10, discount: '0.5', unitPrice: '0.01', deliveredQuantity: 5 },
      ],
    });
    expect(saved).toMatchObject({
      orderStatus: 1,
      payStatus: 0,
      deliveredQuantity: 0,
      depositoryOrderId: '',
      schoolName: '南湖区明德小学',
      depositoryName: '嘉兴中心仓',
      totalAmount: '111.00',
    });
    const [line] = (
      await mingde.get<Doc[]>('purchasedetailyypt/listByOrderId', { purchaseId: String(saved.id) })
    ).data;
    expect(line).toMatchObject({ discount: '1.0000', unitPrice: '11.10', deliveredQuantity: 0 });
    const updated = await mingde.ok<Doc>('purchaseorderyypt/update', {
      id: saved.id,
      payStatus: 1,
      details: [{ goodsId: G('G16'), quantity: 3 }],
    });
    expect(updated).toMatchObject({ orderStatus: 1, payStatus: 0, totalAmount: '33.30' });
    expect(balance(app, 'SC01')).toBe('16719.00');
    await mingde.ok(`purchaseorderyypt/remove?ids=${saved.id}`);
    expect((await mingde.get('purchaseorderyypt/detail', { id: String(saved.id) })).data).toEqual({});
  });

  it('配送单: the generic save makes a direct order (source 2), never a platform one', async () => {
    const saved = await mingde.ok<Doc>('purchaseorderdepository/save', {
      term,
      sourceType: 1,
      sourceId: docId(app, 'psi_purchase_order_yypt', 'ZD20250828-0001'),
      orderStatus: 2,
      payStatus: 1,
      details: [{ goodsId: G('G01'), quantity: 2 }],
    });
    expect(saved).toMatchObject({
      sourceType: 2,
      sourceId: '',
      orderStatus: 1,
      payStatus: 0,
      totalAmount: '22.40',
    });
    // approving it as D01 charges the school once (nothing was charged by the forged pay status)
    await ckJx.ok('purchaseorderdepository/approveAuditDepository', { id: saved.id, pass: true });
    expect(balance(app, 'SC01')).toBe('16696.60');
  });

  it('发货单: quantities are bounded by the 配送单 line; shipping fields come only from approveDelivery', async () => {
    const ps = docId(app, 'psi_purchase_order_depository', 'PS20250822-0001');
    const [line] = (
      await ckJx.get<Doc[]>('purchasedetaildepository/listByOrderId', { purchaseId: ps })
    ).data.filter((l) => l.goodsName === '义务教育教科书·语文 七年级上册');
    const saved = await ckJx.ok<Doc>('deliveryorder/save', {
      depositoryOrderId: ps,
      orderStatus: 3,
      deliveryUser: '1',
      deliveryTime: '2025-08-01 00:00:00',
      totalQuantity: 999,
      details: [{ sourceDetailId: line.id, quantity: 5, unitPrice: '0.01' }],
    });
    expect(saved).toMatchObject({
      orderStatus: 1,
      deliveryTime: '',
      totalQuantity: 5,
      totalAmount: '75.05',
      schoolName: '南湖区育才初级中学',
    });
    const over = await ckJx.post('deliveryorder/update', {
      id: saved.id,
      details: [{ sourceDetailId: line.id, quantity: 13 }],
    });
    expect(over.msg).toBe(msg('overDelivery', messageParams(app, { goods: 'G10', open: 12, qty: 13 })));
    expect(stock(app, 'D01', 'G10')).toBe(298);
    await ckJx.ok(`deliveryorder/remove?ids=${saved.id}`);
  });

  it('盘点单: the generic submit saves a count, never completes it', async () => {
    const saved = await ckJx.ok<Doc>('depositorycheck/save', {
      depositoryId: depositoryId(app, 'D01'),
      checkStatus: 3,
      details: [{ goodsId: G('G12'), countedQuantity: 290 }],
    });
    expect(saved).toMatchObject({ checkStatus: 1, totalBookQuantity: 300, totalCountedQuantity: 290 });
    const complete = await ckJx.post('depositorycheck/submit', { id: saved.id, complete: true });
    expect(complete.success).toBe(false);
    expect(stock(app, 'D01', 'G12')).toBe(300);
    await ckJx.ok(`depositorycheck/remove?ids=${saved.id}`);
    expect(stock(app, 'D01', 'G12')).toBe(300);
  });
});

interface Frozen {
  name: string;
  account: string;
  table: string;
  lines: string;
  key: string;
  no: string;
  header: string;
  named: [string, (id: string) => Record<string, unknown>];
  line: string;
  newLine: (id: string) => Record<string, unknown>;
}

const order = (goods: string) => ({ term, details: [{ goodsId: G(goods), quantity: 1 }] });

const frozen: Frozen[] = [
  ...(['CG20250710-0001', 'CG20250720-0001'] as const).map((no): Frozen => ({
    name: `采购入库单 ${no}`,
    account: 'pt_admin',
    table: 'psi_purchase_order',
    lines: 'psi_purchase_detail',
    key: 'purchase_id',
    no,
    header: 'purchaseorder',
    named: ['purchasedetail/submitPurchaseOrder', (id) => ({ id, supplierName: 'x', ...order('G01') })],
    line: 'purchasedetail',
    newLine: (id) => ({ purchaseId: id, goodsId: G('G18'), quantity: 1 }),
  })),
  ...(['ZD20250801-0001', 'ZD20250815-0001', 'ZD20250816-0001', 'ZD20250826-0001'] as const).map(
    (no): Frozen => ({
      name: `征订单 ${no}`,
      account: 'pt_admin',
      table: 'psi_purchase_order_yypt',
      lines: 'psi_purchase_detail_yypt',
      key: 'purchase_id',
      no,
      header: 'purchaseorderyypt',
      named: ['purchasedetailyypt/submitPurchaseOrderYypt', (id) => ({ id, ...order('G01') })],
      line: 'purchasedetailyypt',
      newLine: (id) => ({ purchaseId: id, goodsId: G('G18'), quantity: 1 }),
    }),
  ),
  ...(['PS20250826-0001', 'PS20250816-0001', 'PS20250822-0001', 'PS20250805-0001'] as const).map(
    (no): Frozen => ({
      name: `配送单 ${no}`,
      account: 'pt_admin',
      table: 'psi_purchase_order_depository',
      lines: 'psi_purchase_detail_depository',
      key: 'purchase_id',
      no,
      header: 'purchaseorderdepository',
      named: ['purchasedetaildepository/submitPurchaseOrderDepository', (id) => ({ id, ...order('G01') })],
      line: 'purchasedetaildepository',
      newLine: (id) => ({ purchaseId: id, goodsId: G('G18'), quantity: 1 }),
    }),
  ),
  {
    name: '发货单 FH20250801-0001',
    account: 'ck_jx',
    table: 'psi_delivery_order',
    lines: 'psi_delivery_detail',
    key: 'delivery_id',
    no: 'FH20250801-0001',
    header: 'deliveryorder',
    named: [
      'deliverydetail/submitDeliveryOrder',
      (id) => ({ id, depositoryOrderId: docId(app, 'psi_purchase_order_depository', 'PS20250801-0001') }),
    ],
    line: 'deliverydetail',
    newLine: (id) => ({ deliveryId: id, sourceDetailId: '1', quantity: 1 }),
  },
  {
    name: '盘点单 PD20250825-0001',
    account: 'ck_jx',
    table: 'psi_depository_check',
    lines: 'psi_depository_check_detail',
    key: 'check_id',
    no: 'PD20250825-0001',
    header: 'depositorycheck',
    named: [
      'depositoryinfo/saveCheckList',
      (id) => ({ checkId: id, complete: false, details: [{ goodsId: G('G01'), countedQuantity: 1 }] }),
    ],
    line: 'depositorycheckdetail',
    newLine: (id) => ({ checkId: id, goodsId: G('G18'), countedQuantity: 1 }),
  },
];

describe('approved documents are immutable (INV-6)', () => {
  for (const f of frozen)
    it(`${f.name}: every header and line write is refused and nothing changes`, async () => {
      const c = f.account === 'pt_admin' ? pt : ckJx;
      const id = docId(app, f.table, f.no);
      const line = one<{ id: string }>(
        app,
        `SELECT CAST(id AS TEXT) AS id FROM ${f.lines} WHERE ${f.key} = ? AND is_deleted = 0 LIMIT 1`,
        BigInt(id),
      ).id;
      const before = stored(f.table, f.lines, f.key, id);
      const ledger = ledgerSnapshot(app);
      const attempts: [string, Record<string, unknown>, Record<string, string>][] = [
        [f.named[0], f.named[1](id), {}],
        [`${f.header}/submit`, { id, remark: '改' }, {}],
        [`${f.header}/update`, { id, remark: '改', orderStatus: 1, checkStatus: 1 }, {}],
        [`${f.header}/remove`, {}, { ids: id }],
        [`${f.line}/submit`, { id: line, quantity: 1, countedQuantity: 1 }, {}],
        [`${f.line}/update`, { id: line, quantity: 1, countedQuantity: 1 }, {}],
        [`${f.line}/save`, f.newLine(id), {}],
        [`${f.line}/remove`, {}, { ids: line }],
      ];
      for (const [url, body, query] of attempts) {
        const r = await c.post(url, body, query);
        expect(r.success, `${url} on ${f.no}`).toBe(false);
        expect(r.status, url).toBe(400);
      }
      expect(stored(f.table, f.lines, f.key, id)).toEqual(before);
      expect(ledgerSnapshot(app)).toEqual(ledger);
    });

  it('names the reason: not editable, or a platform 配送单', async () => {
    const zd = docId(app, 'psi_purchase_order_yypt', 'ZD20250826-0001');
    expect((await pt.post('purchaseorderyypt/update', { id: zd, remark: 'x' })).msg).toBe(msg('notEditable'));
    const ps = docId(app, 'psi_purchase_order_depository', 'PS20250826-0001');
    expect((await pt.post('purchaseorderdepository/update', { id: ps, remark: 'x' })).msg).toBe(
      msg('platformOrderLocked'),
    );
  });
});

describe('the ledgers are read-only through the API', () => {
  it('depositorylog and accountstatement refuse save, update, submit and remove', async () => {
    const logId = one<{ id: string }>(
      app,
      `SELECT CAST(id AS TEXT) AS id FROM psi_depository_log LIMIT 1`,
    ).id;
    const stId = one<{ id: string }>(
      app,
      `SELECT CAST(id AS TEXT) AS id FROM psi_account_statement LIMIT 1`,
    ).id;
    const before = ledgerSnapshot(app);
    const logRows = rows(app, `SELECT * FROM psi_depository_log ORDER BY id`);
    const stRows = rows(app, `SELECT * FROM psi_account_statement ORDER BY id`);
    for (const [res, id, body] of [
      [
        'depositorylog',
        logId,
        { depositoryId: depositoryId(app, 'D01'), goodsId: G('G01'), changeQuantity: 5 },
      ],
      ['accountstatement', stId, { schoolId: schoolId(app, 'SC01'), amount: '100.00', tradeType: 1 }],
    ] as const) {
      for (const [mode, payload, query] of [
        ['save', body, {}],
        ['submit', body, {}],
        ['submit', { ...body, id }, {}],
        ['update', { ...body, id }, {}],
        ['remove', {}, { ids: id }],
      ] as const) {
        const r = await pt.post(`${res}/${mode}`, payload, query);
        expect(r.success, `${res}/${mode}`).toBe(false);
        expect(r.msg).toBe(msg('ledgerReadOnly'));
      }
    }
    expect(ledgerSnapshot(app)).toEqual(before);
    expect(rows(app, `SELECT * FROM psi_depository_log ORDER BY id`)).toEqual(logRows);
    expect(rows(app, `SELECT * FROM psi_account_statement ORDER BY id`)).toEqual(stRows);
  });
});

describe('every approval twice has effect once (INV-4 a)', () => {
  async function twice(c: Client, url: string, body: Record<string, unknown>) {
    const first = await c.post<Doc>(url, body);
    expect(first.success, `${url} first: ${first.msg}`).toBe(true);
    const after = ledgerSnapshot(app);
    const second = await c.post(url, body);
    expect(second.success, `${url} second`).toBe(false);
    expect(ledgerSnapshot(app)).toEqual(after);
    return { first, second };
  }

  it('approveAudit (采购入库单) and approveStorage', async () => {
    const id = docId(app, 'psi_purchase_order', 'CG20250720-0002');
    const audit = await twice(pt, 'purchaseorder/approveAudit', { id, pass: true, auditRemark: '同意' });
    expect(audit.second.msg).toBe(msg('statusChanged'));
    const ckXz = await as(app, 'ck_xz');
    const before = stock(app, 'D02', 'G22');
    const storage = await twice(ckXz, 'purchaseorder/approveStorage', { id });
    expect(storage.second.msg).toBe(msg('statusChanged'));
    expect(stock(app, 'D02', 'G22')).toBe(before + 250);
  });

  it('approveAudit (征订单), approveAuditDepository and approveDelivery', async () => {
    const zd = docId(app, 'psi_purchase_order_yypt', 'ZD20250828-0001');
    const cents = () => Math.round(Number(balance(app, 'SC01')) * 100);
    const money = cents();
    await twice(pt, 'purchaseorderyypt/approveAudit', { id: zd, pass: true });
    expect(cents()).toBe(money - 369925);
    const ps = one<{ id: string }>(
      app,
      `SELECT CAST(depository_order_id AS TEXT) AS id FROM psi_purchase_order_yypt WHERE id = ?`,
      BigInt(zd),
    ).id;
    await twice(ckJx, 'purchaseorderdepository/approveAuditDepository', { id: ps, pass: true });
    const lines = (await ckJx.get<Doc[]>('purchasedetaildepository/listByOrderId', { purchaseId: ps })).data;
    const fh = await ckJx.ok<Doc>('deliverydetail/submitDeliveryOrder', {
      depositoryOrderId: ps,
      details: lines.map((l) => ({ sourceDetailId: l.id, quantity: l.quantity })),
    });
    const g01 = stock(app, 'D01', 'G01');
    await twice(ckJx, 'deliveryorder/approveDelivery', { id: fh.id });
    expect(stock(app, 'D01', 'G01')).toBe(g01 - 120);
    expect(
      one(app, `SELECT order_status AS s FROM psi_purchase_order_yypt WHERE id = ?`, BigInt(zd)),
    ).toEqual({ s: 3 });
  });

  it('saveCheckList(complete) and recharge with the same voucher', async () => {
    const ckXz = await as(app, 'ck_xz');
    const pd = docId(app, 'psi_depository_check', 'PD20250829-0001');
    await twice(ckXz, 'depositoryinfo/saveCheckList', { checkId: pd, complete: true });
    expect(stock(app, 'D02', 'G21')).toBe(298);
    const r = await twice(pt, 'accountstatement/recharge', {
      schoolId: schoolId(app, 'SC08'),
      amount: '300.00',
      payMethod: 5,
      voucherNo: 'CZ2025090100001',
    });
    expect(r.second.msg).toBe(msg('voucherUsed'));
    expect(balance(app, 'SC08')).toBe('300.00');
  });
});

describe('exports of every list respect the filters and the scope', () => {
  const cases: [string, string, Record<string, string>][] = [
    ['pt_admin', 'goodsinfo', { subject: '数学' }],
    ['pt_admin', 'depositoryinfo', { depositoryType: '2' }],
    ['pt_admin', 'schoolinfo', { schoolType: '1' }],
    ['pt_admin', 'schoolyyptinfo', { schoolName: '南湖' }],
    ['ck_jx', 'depositorylog', { sourceType: '2' }],
    ['xx_mingde', 'accountstatement', { tradeType: '2' }],
    ['pt_admin', 'depositorycheck', { checkNo: 'PD20250825' }],
    ['ck_jx', 'depositorycheckdetail', { goodsName: '数学' }],
    ['ck_jx', 'purchaseorder', { orderStatus: '3' }],
    ['ck_jx', 'purchasedetail', { goodsName: '数学' }],
    ['xx_mingde', 'purchaseorderyypt', { orderNo: '20250801' }],
    ['pt_admin', 'purchasedetailyypt', { goodsName: '英语' }],
    ['ck_jx', 'purchaseorderdepository', { orderStatus: '1' }],
    ['pt_admin', 'purchasedetaildepository', { goodsName: '语文' }],
    ['ck_hn', 'deliveryorder', { orderStatus: '3' }],
    ['pt_admin', 'deliverydetail', { goodsName: '数学' }],
  ];
  for (const [account, res, filter] of cases)
    it(`${res} as ${account}`, async () => {
      const c = account === 'pt_admin' ? pt : await as(app, account);
      const total = async (who: Client, q: Record<string, string>) =>
        (await who.get<Page>(`${res}/list`, { ...q, size: '500' })).data.total;
      const exported = async (q: Record<string, string>) => {
        const r = await call(app, c.token, { method: 'GET', url: `${PSI}/${res}/export`, query: q });
        expect(r.statusCode).toBe(200);
        expect(r.headers['content-disposition']).toContain('attachment');
        const sheet = await readXlsx(r.rawPayload);
        return sheet.length - 1;
      };
      const filtered = await total(c, filter);
      const all = await total(c, {});
      expect(filtered, 'the filter selects some rows').toBeGreaterThan(0);
      expect(filtered, 'the filter leaves some rows out').toBeLessThan(all);
      expect(await exported(filter)).toBe(filtered);
      expect(await exported({})).toBe(all);
      if (account !== 'pt_admin') expect(all, 'the scope hides other rows').toBeLessThan(await total(pt, {}));
    });
});
