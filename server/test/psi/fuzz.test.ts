import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call } from '../helpers';
import {
  as,
  assertInvariants,
  demoApp,
  depositoryId,
  docId,
  goodsId,
  ledgerSnapshot,
  schoolId,
  type Client,
} from './helpers';

/**
 * QUALITY.md "bad input never gives a 500", over every PSI route: wrong types, missing fields,
 * unknown enum values, huge numbers, repeated query keys, malformed JSON, wrong content types and
 * prototype-pollution keys each get a 4xx envelope with a message, and nothing in the ledgers moves.
 */
let app: FastifyInstance;
let pt: Client;

beforeAll(async () => {
  app = await demoApp();
  pt = await as(app, 'pt_admin');
});
afterEach(() => assertInvariants(app.ctx.sqlite));

const huge = '1'.repeat(400);
const bodies: (string | Record<string, unknown> | unknown[])[] = [
  {},
  [],
  [1, 2],
  'not json',
  '{"id": ',
  { id: 'abc' },
  { id: huge },
  { id: -1 },
  { id: { $gt: 1 } },
  { details: 'x' },
  { details: [null] },
  { details: [{}] },
  { details: [{ goodsId: {}, quantity: [] }] },
  { details: [{ goodsId: '1', quantity: 1e308, countedQuantity: -1, sourceDetailId: true }] },
  { details: Array.from({ length: 3 }, () => ({ goodsId: huge, quantity: '1e400' })) },
  { pass: 'maybe', version: 'v1', auditRemark: { x: 1 } },
  { amount: 'NaN', payMethod: 99, voucherNo: ['a'], schoolId: 'x' },
  { amount: '1e400', payMethod: '1', voucherNo: 'V'.repeat(500), schoolId: '1' },
  { complete: 'yes', checkId: 'x', checkDate: '2025-13-45' },
  { term: 12345, supplierName: 'x'.repeat(5000), orderStatus: 'done' },
  { price: '-1', isbn: 9787107524455, goodsName: null, status: 7 },
  JSON.parse('{"__proto__": {"polluted": 1}, "id": "1"}') as Record<string, unknown>,
  { constructor: { prototype: { polluted: 1 } } },
];
const queries = [
  'id=abc',
  'id=1&id=2',
  `id=${huge}`,
  'current=-1&size=-1',
  'size=1e9&current=abc',
  'orderStatus=abc&checkStatus=x&sourceType=&tradeType=1e400',
  'createTime_dategt=notadate&submitTime_datelt=2025-99-99',
  'ascs=id;drop&descs=unknown_column',
  'schoolId=abc&depositoryId=1&depositoryId=2',
  'purchaseId=x&pirchaseId=y&deliveryId=&checkId=%00',
  'goodsName=%25%25%25&isbn=%5C&tenantId=100002',
];

describe('bad input on every PSI route', () => {
  it('never answers 5xx, always a Blade envelope with a message', async () => {
    await app.ready();
    const routes = app.routeTable.filter((r) => r.url.startsWith('/api/blade-psi/'));
    expect(routes.length).toBeGreaterThan(80);
    // a valid header with lines that miss their keys
    const header = {
      term: '2025-2026-1',
      supplierName: '人民教育出版社',
      schoolId: schoolId(app, 'SC01'),
      depositoryId: depositoryId(app, 'D01'),
      depositoryOrderId: docId(app, 'psi_purchase_order_depository', 'PS20250822-0001'),
      id: docId(app, 'psi_purchase_order', 'CG20250720-0001'),
    };
    const { id: _id, ...newHeader } = header;
    const all = [
      ...bodies,
      ...[
        [{}],
        [{ goodsId: goodsId(app, 'G01') }],
        [{ quantity: 1, countedQuantity: 1 }],
        [{ receivedQuantity: 1 }],
      ].flatMap((details) => [
        { ...newHeader, details },
        { ...header, details },
      ]),
    ];
    const before = ledgerSnapshot(app);
    const problems: string[] = [];
    const check = (label: string, status: number, body: string) => {
      type Reply = { code?: number; msg?: string; success?: boolean };
      const parse = (): Reply | null => {
        try {
          return JSON.parse(body) as Reply;
        } catch {
          return null; // an export answers a spreadsheet
        }
      };
      const json = parse();
      if (status >= 500) problems.push(`${label} → ${status} ${body.slice(0, 120)}`);
      else if (
        status >= 400 &&
        (!json || typeof json.msg !== 'string' || !json.msg || json.success !== false)
      )
        problems.push(`${label} → ${status} without an envelope: ${body.slice(0, 120)}`);
    };
    for (const r of routes) {
      if (r.method === 'GET')
        for (const q of queries) {
          const res = await call(app, pt.token, { method: 'GET', url: `${r.url}?${q}` });
          check(`GET ${r.url}?${q}`, res.statusCode, res.body);
        }
      else
        for (const b of all) {
          const raw = typeof b === 'string';
          const res = await call(app, pt.token, {
            method: 'POST',
            url: r.url,
            payload: raw ? b : JSON.stringify(b),
            headers: { 'content-type': raw && b === 'not json' ? 'text/plain' : 'application/json' },
          });
          check(`POST ${r.url} ${raw ? b : JSON.stringify(b).slice(0, 60)}`, res.statusCode, res.body);
        }
    }
    expect(problems).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // nothing above may have moved stock, money or a document
    expect(ledgerSnapshot(app)).toEqual(before);
  }, 120_000);

  it('caps page sizes at 500 rows and refuses unknown sort keys', async () => {
    for (const size of ['-1', '1000000000', '1e9']) {
      const r = await pt.get<{ records: unknown[]; size: number }>('depositorylog/list', { size });
      expect(r.status).toBe(200);
      expect(r.data.records.length).toBeLessThanOrEqual(500);
      expect(r.data.records.length).toBeGreaterThan(10);
    }
    const sorted = await pt.get('purchaseorder/list', { ascs: 'order_no;DROP TABLE psi_purchase_order' });
    expect(sorted.status).toBeLessThan(500);
    expect(docId(app, 'psi_purchase_order', 'CG20250710-0001')).toBeTruthy();
  });
});
