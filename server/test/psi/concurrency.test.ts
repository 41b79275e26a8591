import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  as,
  assertInvariants,
  balance,
  demoApp,
  depositoryId,
  docId,
  goodsId,
  one,
  rows,
  stock,
  type Client,
} from './helpers';

/**
 * INV-4 over real HTTP: the server listens on a loopback port and the requests are fired at once.
 * better-sqlite3 serialises the write transactions; these tests show the guards make the outcome
 * right whatever order they land in.
 */
let app: FastifyInstance;
let base: string;
let pt: Client;
let ckJx: Client;
let ckHn: Client;

beforeAll(async () => {
  app = await demoApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/blade-psi`;
  pt = await as(app, 'pt_admin');
  ckJx = await as(app, 'ck_jx');
  ckHn = await as(app, 'ck_hn');
});
afterAll(async () => {
  await app.close();
});
afterEach(() => assertInvariants(app.ctx.sqlite));

interface Answer {
  success: boolean;
  msg: string;
  data: Record<string, unknown>;
}

async function post(client: Client, path: string, body: unknown): Promise<Answer> {
  const res = await fetch(`${base}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'blade-auth': `bearer ${client.token}` },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Answer;
}

const burst = (n: number, fire: () => Promise<Answer>) => Promise.all(Array.from({ length: n }, fire));

describe('concurrency over HTTP (INV-4)', () => {
  it('10 identical 征订单 approvals at once: one success, one debit, one 配送单', async () => {
    const id = docId(app, 'psi_purchase_order_yypt', 'ZD20250828-0001');
    const before = Number(balance(app, 'SC01'));
    const answers = await burst(10, () => post(pt, 'purchaseorderyypt/approveAudit', { id, pass: true }));
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.filter((a) => !a.success).map((a) => a.msg)).toEqual(
      Array(9).fill('单据状态已变更，请刷新后重试'),
    );
    expect(Number(balance(app, 'SC01'))).toBeCloseTo(before - 3699.25, 2);
    expect(
      one(
        app,
        `SELECT COUNT(*) AS n FROM psi_account_statement WHERE source_type = 1 AND source_id = ?`,
        BigInt(id),
      ),
    ).toEqual({ n: 1 });
    expect(
      one(app, `SELECT COUNT(*) AS n FROM psi_purchase_order_depository WHERE source_id = ?`, BigInt(id)),
    ).toEqual({ n: 1 });
  });

  it('10 identical receipts at once: stock rises once', async () => {
    const id = docId(app, 'psi_purchase_order', 'CG20250720-0001');
    const before = stock(app, 'D03', 'G22');
    const answers = await burst(10, () => post(ckHn, 'purchaseorder/approveStorage', { id }));
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(stock(app, 'D03', 'G22')).toBe(before + 150);
    expect(one(app, `SELECT COUNT(*) AS n FROM psi_depository_log WHERE source_id = ?`, BigInt(id))).toEqual({
      n: 2,
    });
  });

  it('two deliveries racing for the last stock: one wins, stock never goes negative', async () => {
    const cz = await as(app, 'cz_chaoyun');
    const deliveries: string[] = [];
    for (let i = 0; i < 2; i++) {
      const order = await cz.ok<Record<string, string>>(
        'purchasedetaildepository/submitPurchaseOrderDepository',
        {
          depositoryId: depositoryId(app, 'D03'),
          term: '2025-2026-1',
          details: [{ goodsId: goodsId(app, 'G15'), quantity: 200 }],
        },
      );
      await ckHn.ok('purchaseorderdepository/approveAuditDepository', { id: order.id, pass: true });
      const [line] = (
        await ckHn.get<Record<string, string>[]>('purchasedetaildepository/listByOrderId', {
          purchaseId: order.id,
        })
      ).data;
      const d = await ckHn.ok<Record<string, string>>('deliverydetail/submitDeliveryOrder', {
        depositoryOrderId: order.id,
        details: [{ sourceDetailId: line.id, quantity: 200 }],
      });
      deliveries.push(d.id);
    }
    expect(stock(app, 'D03', 'G15')).toBe(300);
    const answers = await Promise.all(
      deliveries.map((id) => post(ckHn, 'deliveryorder/approveDelivery', { id })),
    );
    expect(answers.map((a) => a.success).sort()).toEqual([false, true]);
    expect(answers.find((a) => !a.success)!.msg).toBe(
      '库存不足：义务教育教科书·中国历史 七年级上册 (ISBN 9787107212659) 需 200，库存 100',
    );
    expect(stock(app, 'D03', 'G15')).toBe(100);
    const statuses = rows<{ s: number }>(
      app,
      `SELECT order_status AS s FROM psi_delivery_order WHERE id IN (?, ?) ORDER BY s`,
      BigInt(deliveries[0]),
      BigInt(deliveries[1]),
    );
    expect(statuses.map((s) => s.s)).toEqual([1, 3]);
  });

  it('a re-submit racing an approval never reverts the approved content', async () => {
    for (let round = 0; round < 4; round++) {
      const order = await ckJx.ok<Record<string, string | number>>('purchasedetail/submitPurchaseOrder', {
        supplierName: '人民教育出版社',
        term: '2025-2026-1',
        details: [{ goodsId: goodsId(app, 'G18'), quantity: 100 }],
      });
      const version = Number(order.version);
      const approve = () => post(pt, 'purchaseorder/approveAudit', { id: order.id, pass: true, version });
      const resubmit = () =>
        post(ckJx, 'purchasedetail/submitPurchaseOrder', {
          id: order.id,
          version,
          details: [{ goodsId: goodsId(app, 'G18'), quantity: 999 }],
        });
      const [a, r] =
        round % 2
          ? await Promise.all([approve(), resubmit()])
          : (await Promise.all([resubmit(), approve()])).reverse();
      expect([a.success, r.success].filter(Boolean)).toHaveLength(1);
      const after = one<{ s: number; q: number }>(
        app,
        `SELECT order_status AS s, total_quantity AS q FROM psi_purchase_order WHERE id = ?`,
        BigInt(String(order.id)),
      );
      if (a.success) {
        expect(after).toEqual({ s: 2, q: 100 });
        expect(r.msg).toMatch(/单据当前状态不允许修改|单据已被修改，请刷新后重试/);
      } else {
        expect(after).toEqual({ s: 1, q: 999 });
        expect(a.msg).toBe('单据已被修改，请刷新后重试');
      }
    }
  });

  it('concurrent document numbers never collide', async () => {
    const answers = await burst(12, () =>
      post(ckJx, 'purchasedetail/submitPurchaseOrder', {
        supplierName: '人民教育出版社',
        term: '2025-2026-1',
        details: [{ goodsId: goodsId(app, 'G19'), quantity: 1 }],
      }),
    );
    const numbers = answers.map((a) => a.data.orderNo);
    expect(answers.every((a) => a.success)).toBe(true);
    expect(new Set(numbers).size).toBe(12);
  });
});
