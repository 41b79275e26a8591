import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call } from '../helpers';
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
  rows,
  schoolId,
  stock,
  messageParams,
} from './helpers';

/**
 * Data scope of DOMAIN.md 3.8 and tenant isolation (INV-10, INV-11) across the PSI actions, and the
 * all-or-nothing rule of an approval whose last line fails.
 */
let app: FastifyInstance;
let pt: Client;
let pt2: Client;

beforeAll(async () => {
  app = await demoApp();
  pt = await as(app, 'pt_admin');
  pt2 = await as(app, 'pt_admin2');
});
afterEach(() => assertInvariants(app.ctx.sqlite));

type Doc = Record<string, string | number>;
const term = '2025-2026-1';
const msg = (key: keyof typeof psiMessages, params: Record<string, string | number> = {}) =>
  fill(psiMessages[key].zh, params);
const G = (code: string, tenant = '100001') => goodsId(app, code, tenant);
const line = (table: string, parent: string, goods: string) =>
  one<{ id: string }>(
    app,
    `SELECT CAST(id AS TEXT) AS id FROM ${table} WHERE purchase_id = ? AND goods_id = ? AND is_deleted = 0`,
    BigInt(parent),
    BigInt(G(goods)),
  ).id;

describe('an approval is all or nothing', () => {
  it('a delivery whose second line lacks stock moves nothing, not even its first line', async () => {
    const jw = await as(app, 'jw_jiahe');
    const ck = await as(app, 'ck_jx');
    const order = await jw.ok<Doc>('purchasedetaildepository/submitPurchaseOrderDepository', {
      depositoryId: depositoryId(app, 'D01'),
      term,
      details: [
        { goodsId: G('G01'), quantity: 5 },
        { goodsId: G('G09'), quantity: 1 },
      ],
    });
    await ck.ok('purchaseorderdepository/approveAuditDepository', { id: order.id, pass: true });
    const delivery = await ck.ok<Doc>('deliverydetail/submitDeliveryOrder', {
      depositoryOrderId: order.id,
      details: ['G01', 'G09'].map((g) => ({
        sourceDetailId: line('psi_purchase_detail_depository', String(order.id), g),
        quantity: g === 'G01' ? 5 : 1,
      })),
    });
    const before = ledgerSnapshot(app);
    const lines = () =>
      one(
        app,
        `SELECT group_concat(delivered_quantity) AS d FROM psi_purchase_detail_depository WHERE purchase_id = ?`,
        BigInt(String(order.id)),
      );
    const delivered = lines();
    const refused = await ck.post('deliveryorder/approveDelivery', { id: delivery.id });
    expect(refused.msg).toBe(
      msg('insufficientStock', messageParams(app, { goods: 'G09', need: 1, have: 0 })),
    );
    expect(ledgerSnapshot(app)).toEqual(before);
    expect(stock(app, 'D01', 'G01')).toBe(300);
    expect(lines()).toEqual(delivered);
    expect(
      one(app, `SELECT order_status AS s FROM psi_delivery_order WHERE id = ?`, BigInt(String(delivery.id))),
    ).toEqual({ s: 1 });
    // dropping the short line lets the rest ship
    await ck.ok('deliverydetail/submitDeliveryOrder', {
      id: delivery.id,
      depositoryOrderId: order.id,
      details: [
        { sourceDetailId: line('psi_purchase_detail_depository', String(order.id), 'G01'), quantity: 5 },
      ],
    });
    await ck.ok('deliveryorder/approveDelivery', { id: delivery.id });
    expect(stock(app, 'D01', 'G01')).toBe(295);
    expect(
      one(
        app,
        `SELECT order_status AS s FROM psi_purchase_order_depository WHERE id = ?`,
        BigInt(String(order.id)),
      ),
    ).toEqual({ s: 4 });
  });
});

describe('tenant isolation of every PSI action (INV-10)', () => {
  it('ids of another tenant read as missing and every action on them fails', async () => {
    const before = ledgerSnapshot(app);
    const reads: [string, Record<string, string>][] = [
      ['purchaseorder/detail', { id: docId(app, 'psi_purchase_order', 'CG20250710-0001') }],
      ['purchaseorderyypt/detail', { id: docId(app, 'psi_purchase_order_yypt', 'ZD20250801-0001') }],
      [
        'purchaseorderdepository/detail',
        { id: docId(app, 'psi_purchase_order_depository', 'PS20250801-0001') },
      ],
      ['deliveryorder/detail', { id: docId(app, 'psi_delivery_order', 'FH20250801-0001') }],
      ['depositorycheck/detail', { id: docId(app, 'psi_depository_check', 'PD20250825-0001') }],
      ['goodsinfo/detail', { id: G('G01') }],
      ['schoolinfo/detail', { id: schoolId(app, 'SC02') }],
      ['depositoryinfo/detail', { id: depositoryId(app, 'D02') }],
    ];
    for (const [url, q] of reads) expect((await pt2.get(url, q)).data, url).toEqual({});
    const lists: [string, Record<string, string>][] = [
      ['purchasedetail/listByOrderId', { pirchaseId: docId(app, 'psi_purchase_order', 'CG20250710-0001') }],
      [
        'purchasedetailyypt/listByOrderId',
        { purchaseId: docId(app, 'psi_purchase_order_yypt', 'ZD20250801-0001') },
      ],
      [
        'purchasedetaildepository/listByOrderId',
        { purchaseId: docId(app, 'psi_purchase_order_depository', 'PS20250801-0001') },
      ],
      ['deliverydetail/listByOrderId', { deliveryId: docId(app, 'psi_delivery_order', 'FH20250801-0001') }],
      [
        'depositorycheckdetail/listByCheckId',
        { checkId: docId(app, 'psi_depository_check', 'PD20250825-0001') },
      ],
      ['depositoryinfo/getSchoolDepositoryList', { schoolId: schoolId(app, 'SC01') }],
      ['depositoryinfo/allList', { schoolId: schoolId(app, 'SC01') }],
    ];
    for (const [url, q] of lists) expect((await pt2.get(url, q)).data, url).toEqual([]);

    const ps = docId(app, 'psi_purchase_order_depository', 'PS20250826-0001');
    const actions: [string, Record<string, unknown>, Record<string, string>?][] = [
      [
        'purchaseorderyypt/approveAudit',
        { id: docId(app, 'psi_purchase_order_yypt', 'ZD20250828-0001'), pass: true },
      ],
      ['purchaseorderdepository/approveAuditDepository', { id: ps, pass: true }],
      ['deliveryorder/approveDelivery', { id: docId(app, 'psi_delivery_order', 'FH20250820-0001') }],
      ['purchaseorder/approveStorage', { id: docId(app, 'psi_purchase_order', 'CG20250720-0001') }],
      [
        'depositoryinfo/saveCheckList',
        { checkId: docId(app, 'psi_depository_check', 'PD20250829-0001'), complete: true },
      ],
      [
        'purchasedetailyypt/submitPurchaseOrderYypt',
        {
          id: docId(app, 'psi_purchase_order_yypt', 'ZD20250828-0001'),
          term,
          details: [{ goodsId: G('G10', '100002'), quantity: 1 }],
        },
      ],
      [
        'purchasedetail/submitPurchaseOrder',
        {
          supplierName: 'x',
          term,
          depositoryId: depositoryId(app, 'D01'),
          details: [{ goodsId: G('G10', '100002'), quantity: 1 }],
        },
      ],
      [
        'purchasedetail/submitPurchaseOrder',
        {
          supplierName: 'x',
          term,
          depositoryId: depositoryId(app, 'D01', '100002'),
          details: [{ goodsId: G('G10'), quantity: 1 }],
        },
      ],
      [
        'deliverydetail/submitDeliveryOrder',
        {
          depositoryOrderId: docId(app, 'psi_purchase_order_depository', 'PS20250822-0001'),
          details: [
            {
              sourceDetailId: line(
                'psi_purchase_detail_depository',
                docId(app, 'psi_purchase_order_depository', 'PS20250822-0001'),
                'G10',
              ),
              quantity: 1,
            },
          ],
        },
      ],
      [
        'accountstatement/recharge',
        { schoolId: schoolId(app, 'SC01'), amount: '1.00', payMethod: 1, voucherNo: 'QT-X' },
      ],
      ['purchaseorderyypt/remove', {}, { ids: docId(app, 'psi_purchase_order_yypt', 'ZD20250828-0002') }],
      ['goodsinfo/update', { id: G('G01'), price: '1.00' }],
      ['schoolinfo/update', { id: schoolId(app, 'SC02'), contactName: 'x' }],
    ];
    for (const [url, body, query] of actions) {
      const r = await pt2.post(url, body, query ?? {});
      expect(r.success, url).toBe(false);
      expect(r.msg, url).toMatch(
        /^(单据不存在|仓库不存在或已停用|图书不存在或已停用：\d+|学校不存在或已停用|数据不存在或已被删除)$/,
      );
      expect(r.status, url).toBe(400);
    }
    expect(ledgerSnapshot(app)).toEqual(before);
    expect(one(app, `SELECT price FROM psi_goods_info WHERE id = ?`, BigInt(G('G01')))).toEqual({
      price: 1120,
    });
  });

  it('a batch that mixes own and foreign ids is refused as a whole', async () => {
    const own = await pt2.ok<Doc>('purchasedetail/submitPurchaseOrder', {
      supplierName: '人民教育出版社',
      term,
      depositoryId: depositoryId(app, 'D01', '100002'),
      details: [{ goodsId: G('G10', '100002'), quantity: 1 }],
    });
    const foreign = docId(app, 'psi_purchase_order', 'CG20250720-0002');
    const r = await pt2.post('purchaseorder/remove', {}, { ids: `${own.id},${foreign}` });
    expect(r.success).toBe(false);
    expect(
      one(
        app,
        `SELECT is_deleted AS d FROM psi_purchase_order WHERE id IN (?, ?) GROUP BY is_deleted`,
        BigInt(String(own.id)),
        BigInt(foreign),
      ),
    ).toEqual({ d: 0 });
    await pt2.ok(`purchaseorder/remove?ids=${own.id}`);
  });

  it('a tenant id in a body or query is ignored', async () => {
    const saved = await pt2.ok<Doc>('purchasedetail/submitPurchaseOrder', {
      tenantId: '100001',
      supplierName: '人民教育出版社',
      term,
      depositoryId: depositoryId(app, 'D01', '100002'),
      details: [{ goodsId: G('G11', '100002'), quantity: 2, tenantId: '100001' }],
    });
    expect(
      one(app, `SELECT tenant_id AS t FROM psi_purchase_order WHERE id = ?`, BigInt(String(saved.id))),
    ).toEqual({ t: '100002' });
    expect(
      one(
        app,
        `SELECT DISTINCT tenant_id AS t FROM psi_purchase_detail WHERE purchase_id = ?`,
        BigInt(String(saved.id)),
      ),
    ).toEqual({ t: '100002' });
    const list = await pt2.get<{ total: number }>('purchaseorder/list', { tenantId: '100001' });
    expect(list.data.total).toBe(2);
    await pt2.ok(`purchaseorder/remove?ids=${saved.id}`);
  });
});

describe('role and data scope (3.8, INV-11)', () => {
  it('a school finds its orders under 学校订书 only, where it orders, edits and removes them', async () => {
    const school = await as(app, 'xx_mingde');
    const codes = (path: string) =>
      call(app, school.token, { method: 'GET', url: `/api/blade-system/menu/${path}` }).then((res) => {
        const found: string[] = [];
        const walk = (nodes: { code: string; children?: unknown[] }[]) =>
          nodes.forEach((node) => {
            found.push(node.code);
            walk((node.children ?? []) as never);
          });
        walk(res.json().data);
        return found;
      });
    const menus = await codes('routes');
    expect(menus).toContain('order_s');
    // not the same list a second time under 征订单
    expect(menus).not.toContain('purchaseorderyypt');
    const buttons = await codes('buttons');
    expect(buttons).toEqual(expect.arrayContaining(['order_s_add', 'order_s_edit', 'order_s_delete']));
    expect(buttons.filter((code) => code.startsWith('purchaseorderyypt'))).toEqual([]);
  });

  it('a school user acts only for its own school, whatever it sends', async () => {
    const mingde = await as(app, 'xx_mingde');
    const direct = await mingde.ok<Doc>('purchasedetaildepository/submitPurchaseOrderDepository', {
      schoolId: schoolId(app, 'SC03'),
      depositoryId: depositoryId(app, 'D01'),
      term,
      details: [{ goodsId: G('G02'), quantity: 1 }],
    });
    expect(direct.schoolName).toBe('南湖区明德小学');
    // reads of another school's documents answer like a missing id
    for (const [url, id] of [
      ['purchaseorderdepository/detail', docId(app, 'psi_purchase_order_depository', 'PS20250822-0001')],
      ['deliveryorder/detail', docId(app, 'psi_delivery_order', 'FH20250810-0001')],
      ['purchaseorderyypt/detail', docId(app, 'psi_purchase_order_yypt', 'ZD20250826-0001')],
      ['schoolinfo/detail', schoolId(app, 'SC03')],
    ] as const)
      expect((await mingde.get(url, { id })).data, url).toEqual({});
    // its own 配送单 and 发货单 are readable
    expect(
      (
        await mingde.get<Doc>('deliveryorder/detail', {
          id: docId(app, 'psi_delivery_order', 'FH20250801-0001'),
        })
      ).data.deliveryNo,
    ).toBe('FH20250801-0001');
    // it cannot edit or remove another school's direct order, nor the platform's 配送单
    const other = docId(app, 'psi_purchase_order_depository', 'PS20250827-0001');
    const before = ledgerSnapshot(app);
    for (const [url, body, query] of [
      [
        'purchasedetaildepository/submitPurchaseOrderDepository',
        { id: other, term, details: [{ goodsId: G('G01'), quantity: 1 }] },
        {},
      ],
      ['purchaseorderdepository/remove', {}, { ids: other }],
      [
        'deliverydetail/submitDeliveryOrder',
        { depositoryOrderId: docId(app, 'psi_purchase_order_depository', 'PS20250822-0001'), details: [] },
        {},
      ],
      [
        'depositoryinfo/saveCheckList',
        { depositoryId: depositoryId(app, 'D01'), details: [{ goodsId: G('G01'), countedQuantity: 1 }] },
        {},
      ],
      [
        'purchasedetail/submitPurchaseOrder',
        {
          supplierName: 'x',
          term,
          depositoryId: depositoryId(app, 'D01'),
          details: [{ goodsId: G('G01'), quantity: 1 }],
        },
        {},
      ],
      ['goodsinfo/update', { id: G('G01'), price: '1.00' }, {}],
    ] as const) {
      const r = await mingde.post(url, body, query as Record<string, string>);
      expect(r.success, url).toBe(false);
      expect(r.msg, url).toMatch(/^(无权操作|无权限)$/);
    }
    expect(ledgerSnapshot(app)).toEqual(before);
    await mingde.ok(`purchaseorderdepository/remove?ids=${direct.id}`);
  });

  it('a depository user works only for its own depository and the schools it serves', async () => {
    const xz = await as(app, 'ck_xz');
    // the depository is forced to its own
    const receipt = await xz.ok<Doc>('purchasedetail/submitPurchaseOrder', {
      supplierName: '外语教学与研究出版社',
      term,
      depositoryId: depositoryId(app, 'D01'),
      details: [{ goodsId: G('G22'), quantity: 3 }],
    });
    expect(receipt.depositoryName).toBe('秀洲分仓');
    await xz.ok(`purchaseorder/remove?ids=${receipt.id}`);
    // SC01 (南湖区) is not served by D02
    const foreignSchool = await xz.post('purchasedetaildepository/submitPurchaseOrderDepository', {
      schoolId: schoolId(app, 'SC01'),
      term,
      details: [{ goodsId: G('G01'), quantity: 1 }],
    });
    expect(foreignSchool.msg).toBe(msg('depositoryNotServing'));
    const served = await xz.ok<Doc>('purchasedetaildepository/submitPurchaseOrderDepository', {
      schoolId: schoolId(app, 'SC06'),
      depositoryId: depositoryId(app, 'D01'),
      term,
      details: [{ goodsId: G('G01'), quantity: 1 }],
    });
    expect([served.schoolName, served.depositoryName]).toEqual(['秀洲区新塍镇晨曦小学', '秀洲分仓']);
    await xz.ok(`purchaseorderdepository/remove?ids=${served.id}`);
    // another depository's documents: invisible, and refused
    expect(
      (await xz.get('deliveryorder/detail', { id: docId(app, 'psi_delivery_order', 'FH20250820-0001') }))
        .data,
    ).toEqual({});
    const ps = docId(app, 'psi_purchase_order_depository', 'PS20250822-0001');
    const before = ledgerSnapshot(app);
    const ship = await xz.post('deliverydetail/submitDeliveryOrder', {
      depositoryOrderId: ps,
      details: [{ sourceDetailId: line('psi_purchase_detail_depository', ps, 'G10'), quantity: 1 }],
    });
    expect(ship.success).toBe(false);
    const count = await xz.post('depositoryinfo/saveCheckList', {
      depositoryId: depositoryId(app, 'D01'),
      details: [{ goodsId: G('G01'), countedQuantity: 1 }],
    });
    expect(count.success).toBe(false);
    expect(ledgerSnapshot(app)).toEqual(before);
  });

  it('depository and school users are real users bound by user_id: rebinding moves the scope', async () => {
    const user = (account: string) =>
      one<{ id: string }>(app, `SELECT CAST(id AS TEXT) AS id FROM blade_user WHERE account = ?`, account).id;
    // SC08 has no user; bind SC08 to a new school account? The demo binds xx_mingde to SC01 only
    await pt.ok('schoolinfo/submit', { id: schoolId(app, 'SC01'), userId: '' });
    const mingde = await as(app, 'xx_mingde');
    expect((await mingde.get('schoolinfo/detailByUserId')).data).toEqual({});
    const orders = await mingde.get<{ total: number }>('purchaseorderyypt/list');
    expect(orders.data.total).toBe(0);
    await pt.ok('schoolinfo/submit', { id: schoolId(app, 'SC01'), userId: user('xx_mingde') });
    expect((await mingde.get<Doc>('schoolinfo/detailByUserId')).data.schoolCode).toBe('SC01');
    expect(balance(app, 'SC01')).toBe('16719.00');
  });

  it('the depository inbox filters by status, school, term and source, forced to the own depository', async () => {
    const ck = await as(app, 'ck_jx');
    const d01 = BigInt(depositoryId(app, 'D01'));
    const sql = (where: string, ...params: unknown[]) =>
      rows<{ no: string }>(
        app,
        `SELECT order_no AS no FROM psi_purchase_order_depository WHERE tenant_id = '100001' AND is_deleted = 0
         AND ${where} ORDER BY order_no`,
        ...params,
      ).map((r) => r.no);
    const inbox = async (c: Client, q: Record<string, string>) => {
      const r = await c.get<{ records: Doc[]; total: number }>(
        'purchaseorderdepository/purchaseOrderDepository',
        {
          ...q,
          size: '100',
        },
      );
      expect(r.data.total).toBe(r.data.records.length);
      return r.data.records.map((x) => String(x.orderNo)).sort();
    };
    expect(await inbox(ck, {})).toEqual(sql('depository_id = ?', d01));
    expect(await inbox(ck, { orderStatus: '1' })).toEqual(sql('depository_id = ? AND order_status = 1', d01));
    expect(await inbox(ck, { sourceType: '2' })).toEqual(sql('depository_id = ? AND source_type = 2', d01));
    const sc03 = schoolId(app, 'SC03');
    expect(await inbox(ck, { schoolId: sc03 })).toEqual(
      sql('depository_id = ? AND school_id = ?', d01, BigInt(sc03)),
    );
    expect(await inbox(ck, { term, depositoryId: depositoryId(app, 'D03') })).toEqual(
      sql('depository_id = ? AND term = ?', d01, term),
    );
    expect(await inbox(ck, { term: '2024-2025-2' })).toEqual([]);
    expect(await inbox(pt, {})).toEqual(sql('1 = 1'));
    const d03 = depositoryId(app, 'D03');
    expect(await inbox(pt, { depositoryId: d03 })).toEqual(sql('depository_id = ?', BigInt(d03)));
    expect((await inbox(ck, {})).length).toBeGreaterThan(0);
    expect((await inbox(ck, {})).length).toBeLessThan((await inbox(pt, {})).length);
    // a school (which reads its 配送单) sees only its own school there
    const school = await as(app, 'xx_mingde');
    expect(await inbox(school, { schoolId: sc03 })).toEqual(
      sql('school_id = ?', BigInt(schoolId(app, 'SC01'))),
    );
  });
});
