import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { getTableName } from 'drizzle-orm';
import { psiTenantTables } from '@psi/db/schema';
import { loadDemoFixture } from '../../src/seed/demo';
import { as, assertInvariants, balance, demoApp, docId, rows, stock, one } from './helpers';

let app: FastifyInstance;

beforeAll(async () => {
  app = await demoApp();
});

describe('SEED=demo (DOMAIN.md section 5)', () => {
  it('holds every invariant after seeding', () => {
    assertInvariants(app.ctx.sqlite);
  });

  it('has the final balances of 5.8', () => {
    const expected: Record<string, string> = {
      SC01: '16719.00',
      SC02: '500.00',
      SC03: '14805.06',
      SC04: '21252.00',
      SC05: '20000.00',
      SC06: '8000.00',
      SC07: '12616.20',
      SC08: '0.00',
    };
    for (const [code, value] of Object.entries(expected)) expect(balance(app, code), code).toBe(value);
    const n = one<{ n: number }>(
      app,
      `SELECT COUNT(*) AS n FROM psi_account_statement WHERE tenant_id = '100001'`,
    );
    expect(n.n).toBe(15);
  });

  it('has the stock of 5.9 and 48 log rows', () => {
    const expected: Record<string, Record<string, number>> = {
      D01: {
        G01: 300,
        G02: 300,
        G03: 200,
        G04: 215,
        G05: 215,
        G06: 215,
        G07: 200,
        G08: 115,
        G10: 298,
        G11: 301,
        G12: 300,
        G13: 200,
        G14: 500,
        G15: 200,
        G16: 150,
        G17: 150,
        G22: 200,
        G29: 300,
      },
      D02: { G01: 200, G04: 200, G08: 150, G20: 300, G21: 300, G23: 300, G24: 300, G25: 300, G26: 300 },
      D03: { G10: 120, G11: 140, G13: 350, G14: 350, G15: 300, G20: 200, G21: 200 },
    };
    for (const [dep, goods] of Object.entries(expected))
      for (const [g, q] of Object.entries(goods)) expect(stock(app, dep, g), `${dep} ${g}`).toBe(q);
    const bySource = rows<{ s: number; n: number }>(
      app,
      `SELECT source_type AS s, COUNT(*) AS n FROM psi_depository_log WHERE tenant_id = '100001' GROUP BY source_type ORDER BY s`,
    );
    expect(bySource).toEqual([
      { s: 1, n: 34 },
      { s: 2, n: 12 },
      { s: 3, n: 2 },
    ]);
  });

  it('has the documents of 5.5–5.7 in their states', () => {
    const docs = rows<{ no: string; s: number }>(
      app,
      `SELECT order_no AS no, order_status AS s FROM psi_purchase_order WHERE tenant_id = '100001' AND is_deleted = 0
       UNION ALL SELECT order_no, order_status FROM psi_purchase_order_yypt WHERE tenant_id = '100001' AND is_deleted = 0
       UNION ALL SELECT order_no, order_status FROM psi_purchase_order_depository WHERE tenant_id = '100001' AND is_deleted = 0
       UNION ALL SELECT delivery_no, order_status FROM psi_delivery_order WHERE tenant_id = '100001' AND is_deleted = 0
       UNION ALL SELECT check_no, check_status FROM psi_depository_check WHERE tenant_id = '100001' AND is_deleted = 0
       ORDER BY 1`,
    );
    expect(Object.fromEntries(docs.map((d) => [d.no, d.s]))).toEqual({
      'CG20250710-0001': 3,
      'CG20250710-0002': 3,
      'CG20250710-0003': 3,
      'CG20250710-0004': 3,
      'CG20250711-0001': 3,
      'CG20250712-0001': 3,
      'CG20250720-0001': 2,
      'CG20250720-0002': 1,
      'CG20250720-0003': 8,
      'ZD20250801-0001': 3,
      'ZD20250805-0001': 3,
      'ZD20250815-0001': 4,
      'ZD20250816-0001': 7,
      'ZD20250819-0001': 8,
      'ZD20250826-0001': 2,
      'ZD20250828-0001': 1,
      'ZD20250828-0002': 1,
      'PS20250801-0001': 3,
      'PS20250805-0001': 3,
      'PS20250815-0001': 4,
      'PS20250816-0001': 8,
      'PS20250826-0001': 1,
      'PS20250822-0001': 2,
      'PS20250827-0001': 1,
      'FH20250801-0001': 3,
      'FH20250810-0001': 3,
      'FH20250812-0001': 3,
      'FH20250818-0001': 3,
      'FH20250820-0001': 1,
      'PD20250825-0001': 3,
      'PD20250829-0001': 1,
    });
  });

  it('lets every demo account sign in with the demo password', async () => {
    for (const u of loadDemoFixture().users) {
      const c = await as(app, u.account);
      const me = await c.get<Record<string, string>>('schoolinfo/detailByUserId');
      expect(me.success, u.account).toBe(true);
    }
  });

  it('prices lines with the school discount, rounded half up once (INV-5 cases)', async () => {
    const pt = await as(app, 'pt_admin');
    const unit = async (no: string) =>
      Object.fromEntries(
        (
          await pt.get<Record<string, string>[]>('purchasedetailyypt/listByOrderId', {
            purchaseId: docId(app, 'psi_purchase_order_yypt', no),
          })
        ).data.map((l) => [l.goodsName, l.unitPrice]),
      );
    const sc03 = await unit('ZD20250805-0001');
    expect(sc03['义务教育教科书·中国历史 七年级上册']).toBe('10.36');
    expect(sc03['义务教育教科书·地理 七年级上册']).toBe('10.55');
    const sc07 = await unit('ZD20250815-0001');
    expect(sc07['义务教育教科书·英语 七年级上册']).toBe('11.52');
    const zd = await pt.get<Record<string, string>>('purchaseorderyypt/detail', {
      id: docId(app, 'psi_purchase_order_yypt', 'ZD20250805-0001'),
    });
    expect(zd.data).toMatchObject({ totalAmount: '19622.50', totalListAmount: '20652.50' });
    const cg = await pt.get<Record<string, string>>('purchaseorder/detail', {
      id: docId(app, 'psi_purchase_order', 'CG20250710-0001'),
    });
    expect(cg.data).toMatchObject({
      totalQuantity: 5200,
      totalListAmount: '57665.00',
      totalAmount: '41519.00',
    });
  });

  it('creates only tenant-scoped psi_* tables besides the document sequence and the title index', () => {
    const tables = rows<{ name: string }>(
      app,
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'psi_%'`,
    )
      .map((t) => t.name)
      .filter((n) => !n.startsWith('psi_goods_fts'));
    const scoped = new Set<string>(psiTenantTables.map((t) => getTableName(t)));
    expect(tables.filter((t) => !scoped.has(t)).sort()).toEqual(['psi_sequence']);
  });
});
