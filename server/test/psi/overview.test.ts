import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call } from '../helpers';
import { PSI, as, demoApp, depositoryId, readXlsx, type Client } from './helpers';

/** The stock view and the home page figures (server/src/modules/psi/stock and overview). */
let app: FastifyInstance;
let pt: Client;

interface StockPage {
  records: {
    depositoryId: string;
    goodsName: string;
    isbn: string;
    quantity: number;
    low: boolean;
    lastSourceNo: string | null;
  }[];
  total: number;
}

beforeAll(async () => {
  app = await demoApp();
  pt = await as(app, 'pt_admin');
});

describe('depository stock view', () => {
  it('lists the demo stock of a depository with its last movement and low flags', async () => {
    const d01 = depositoryId(app, 'D01');
    const r = await pt.get<StockPage>('depositorystock/list', { depositoryId: d01, size: '100' });
    expect(r.success).toBe(true);
    expect(r.data.total).toBe(18);
    const g10 = r.data.records.find((x) => x.isbn === '9787107863875')!;
    expect(g10.quantity).toBe(298);
    expect(g10.lastSourceNo).toBe('PD20250825-0001');
    expect(g10.low).toBe(false);
    const low = await pt.get<StockPage>('depositorystock/list', {
      low: 'true',
      threshold: '150',
      size: '100',
    });
    expect(low.data.records.every((x) => x.quantity <= 150)).toBe(true);
    expect(low.data.records.map((x) => x.quantity)).toContain(115);
  });

  it('scopes a depository user to its own depository and gives schools nothing', async () => {
    const ckxz = await as(app, 'ck_xz');
    const own = await ckxz.get<StockPage>('depositorystock/list', { size: '100' });
    expect(own.data.total).toBe(9);
    expect(new Set(own.data.records.map((x) => x.depositoryId))).toEqual(new Set([depositoryId(app, 'D02')]));
    const other = await ckxz.get<StockPage>('depositorystock/list', {
      depositoryId: depositoryId(app, 'D01'),
    });
    expect(other.data.total).toBe(0);
    const school = await as(app, 'xx_mingde');
    const none = await school.get<StockPage>('depositorystock/list');
    expect(none.data.total).toBe(0);
    expect(none.data.records).toEqual([]);
  });

  it('refuses malformed filters', async () => {
    const r = await pt.get('depositorystock/list', { depositoryId: 'abc' });
    expect(r.success).toBe(false);
    expect(r.status).toBe(400);
  });

  it('searches by ISBN with hyphens or by title', async () => {
    const r = await pt.get<StockPage>('depositorystock/list', { keyword: '978-7-107-86387-5', size: '50' });
    expect(r.data.records.map((x) => x.quantity).sort((a, b) => a - b)).toEqual([120, 298]);
    const t = await pt.get<StockPage>('depositorystock/list', { keyword: '化学', size: '50' });
    expect(t.data.records.every((x) => x.goodsName.includes('化学'))).toBe(true);
  });
});

describe('stock export', () => {
  it('writes the filtered stock of the caller’s depositories as a spreadsheet', async () => {
    const res = await call(app, pt.token, {
      method: 'GET',
      url: `${PSI}/depositorystock/export`,
      query: { depositoryId: depositoryId(app, 'D03') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet[0]).toContain('库存数量');
    expect(sheet).toHaveLength(8);
    expect(sheet.find((r) => r.includes('9787107863875'))).toContain('120');

    const ckxz = await as(app, 'ck_xz');
    const own = await call(app, ckxz.token, {
      method: 'GET',
      url: `${PSI}/depositorystock/export`,
      query: { depositoryId: depositoryId(app, 'D03') },
    });
    expect(await readXlsx(own.rawPayload)).toHaveLength(1);
  });
});

describe('home page figures', () => {
  it('gives the platform the order counts, low stock and weekly orders', async () => {
    const r = await pt.get<{
      kind: string;
      yyptStatus: Record<string, number>;
      lowStock: { total: number };
      weekly: { week: string; orders: number }[];
    }>('dashboard/summary');
    expect(r.data.kind).toBe('platform');
    expect(r.data.yyptStatus).toEqual({ '1': 2, '2': 1, '3': 2, '4': 1, '7': 1, '8': 1 });
    expect(r.data.weekly).toHaveLength(8);
    expect(r.data.weekly.reduce((s, w) => s + w.orders, 0)).toBeGreaterThan(0);
    expect(r.data.lowStock.total).toBeGreaterThanOrEqual(0);
  });

  it("gives the platform owner (admin of 000000, whose tenant orders no books) every tenant's figures", async () => {
    const admin = await as(app, 'admin');
    const r = await admin.get<{
      kind: string;
      tenants: { tenantId: string; schools: number; orders: number; pendingAudit: number; amount: string }[];
      yyptStatus: Record<string, number>;
      weekly: { orders: number }[];
    }>('dashboard/summary');
    expect(r.data.kind).toBe('tenants');
    const byId = Object.fromEntries(r.data.tenants.map((t) => [t.tenantId, t]));
    expect(r.data.tenants.map((t) => t.tenantId)).toEqual(['000000', '100001', '100002']);
    expect(byId['100001']).toMatchObject({ schools: 8, pendingAudit: 2 });
    expect(byId['100001'].orders).toBeGreaterThan(0);
    expect(byId['000000']).toMatchObject({ schools: 0, orders: 0, amount: '0.00' });
    // the doughnut and the weekly bars count every tenant's orders
    const orders = r.data.tenants.reduce((sum, t) => sum + t.orders, 0);
    expect(Object.values(r.data.yyptStatus).reduce((sum, n) => sum + n, 0)).toBe(orders);
    expect(r.data.weekly.reduce((sum, w) => sum + w.orders, 0)).toBeGreaterThan(0);
  });

  it('gives a depository its inbox and a school its balance and orders only', async () => {
    const ck = await as(app, 'ck_jx');
    const d = await ck.get<{ kind: string; depositoryOrderStatus: Record<string, number> }>(
      'dashboard/summary',
    );
    expect(d.data.kind).toBe('depository');
    expect(d.data.depositoryOrderStatus).toEqual({ '1': 2, '2': 1, '3': 2 });
    // what it holds, even where no order has come in yet (the isolation demo's depository)
    const qt = await as(app, 'ck_qt');
    const held = await qt.get<{ stock: { titles: number; quantity: number } }>('dashboard/summary');
    expect(held.data.stock.titles).toBeGreaterThan(0);
    expect(held.data.stock.quantity).toBeGreaterThan(0);
    const school = await as(app, 'xx_mingde');
    const s = await school.get<{ kind: string; school: { balance: string }; orders: { orderNo: string }[] }>(
      'dashboard/summary',
    );
    expect(s.data.kind).toBe('school');
    expect(s.data.school.balance).toBe('16719.00');
    expect(s.data.orders.map((o) => o.orderNo).sort()).toEqual(['ZD20250801-0001', 'ZD20250828-0001']);
  });
});
