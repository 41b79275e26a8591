import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
  it('has the 15 statement rows of 5.8, in time order', () => {
    const st = rows<{ code: string; type: number; amount: number; after: number; source: string | null }>(
      app,
      `SELECT s.school_code AS code, a.trade_type AS type, a.amount, a.balance_after AS after, a.source_no AS source
       FROM psi_account_statement a JOIN psi_school_info s ON s.id = a.school_id
       WHERE a.tenant_id = '100001' ORDER BY a.trade_time, a.id`,
    );
    expect(st.map((r) => [r.code, r.type, r.amount / 100, r.after / 100, r.source])).toEqual([
      ['SC01', 1, 20000, 20000, null],
      ['SC02', 1, 500, 500, null],
      ['SC03', 1, 25000, 25000, null],
      ['SC04', 1, 30000, 30000, null],
      ['SC05', 1, 20000, 20000, null],
      ['SC06', 1, 8000, 8000, null],
      ['SC07', 1, 25000, 25000, null],
      ['SC01', 2, -3281, 16719, 'ZD20250801-0001'],
      ['SC03', 2, -19622.5, 5377.5, 'ZD20250805-0001'],
      ['SC07', 2, -12383.8, 12616.2, 'ZD20250815-0001'],
      ['SC06', 2, -688.5, 7311.5, 'ZD20250816-0001'],
      ['SC06', 3, 688.5, 8000, 'ZD20250816-0001'],
      ['SC03', 1, 10000, 15377.5, null],
      ['SC03', 2, -572.44, 14805.06, 'PS20250822-0001'],
      ['SC04', 2, -8748, 21252, 'ZD20250826-0001'],
    ]);
    const vouchers = rows<{ v: string }>(
      app,
      `SELECT voucher_no AS v FROM psi_account_statement WHERE tenant_id = '100001' AND trade_type = 1 ORDER BY id`,
    ).map((r) => r.v);
    expect(vouchers[0]).toBe('JH2025070100001');
    expect(vouchers).toContain('JH2025082200017');
  });

  it('has the totals, progress and remarks of 5.5–5.7', () => {
    const doc = (table: string, no: string, columns: string) =>
      one(
        app,
        `SELECT ${columns} FROM ${table} WHERE tenant_id = '100001' AND order_no = ? AND is_deleted = 0`,
        no,
      );
    expect(
      doc('psi_purchase_order', 'CG20250712-0001', 'total_quantity AS q, received_quantity AS r'),
    ).toEqual({
      q: 2200,
      r: 2180,
    });
    expect(doc('psi_purchase_order', 'CG20250720-0003', 'audit_remark AS m')).toEqual({
      m: 'G30为2012版已停用，请改订新版',
    });
    const totals: [string, string, number, number][] = [
      ['psi_purchase_order_yypt', 'ZD20250801-0001', 328100, 1],
      ['psi_purchase_order_yypt', 'ZD20250805-0001', 1962250, 1],
      ['psi_purchase_order_yypt', 'ZD20250815-0001', 1238380, 1],
      ['psi_purchase_order_yypt', 'ZD20250816-0001', 68850, 2],
      ['psi_purchase_order_yypt', 'ZD20250819-0001', 5248000, 0],
      ['psi_purchase_order_yypt', 'ZD20250826-0001', 874800, 1],
      ['psi_purchase_order_yypt', 'ZD20250828-0001', 369925, 0],
      ['psi_purchase_order_yypt', 'ZD20250828-0002', 124800, 0],
      ['psi_purchase_order_depository', 'PS20250822-0001', 57244, 1],
      ['psi_purchase_order_depository', 'PS20250827-0001', 17040, 0],
    ];
    for (const [table, no, amount, pay] of totals)
      expect(doc(table, no, 'total_amount AS a, pay_status AS p'), no).toEqual({ a: amount, p: pay });
    expect(doc('psi_purchase_order_yypt', 'ZD20250819-0001', 'audit_remark AS m')).toEqual({
      m: '高一新生320人，订数3200疑似多录一位，请核实',
    });
    expect(doc('psi_purchase_order_depository', 'PS20250816-0001', 'audit_remark AS m')).toEqual({
      m: '本仓无教科版科学，请改选嘉兴中心仓',
    });
    const sources = rows<{ no: string; type: number; source: string | null }>(
      app,
      `SELECT order_no AS no, source_type AS type, source_no AS source FROM psi_purchase_order_depository
       WHERE tenant_id = '100001' AND is_deleted = 0 ORDER BY order_no`,
    );
    expect(sources.map((r) => [r.no, r.type, r.source || null])).toEqual([
      ['PS20250801-0001', 1, 'ZD20250801-0001'],
      ['PS20250805-0001', 1, 'ZD20250805-0001'],
      ['PS20250815-0001', 1, 'ZD20250815-0001'],
      ['PS20250816-0001', 1, 'ZD20250816-0001'],
      ['PS20250822-0001', 2, null],
      ['PS20250826-0001', 1, 'ZD20250826-0001'],
      ['PS20250827-0001', 2, null],
    ]);
    const deliveries = rows<{ no: string; ps: string; lines: string }>(
      app,
      `SELECT o.delivery_no AS no, o.depository_order_no AS ps,
         (SELECT group_concat(g.goods_code || ' ' || d.quantity, ', ') FROM psi_delivery_detail d
            JOIN psi_goods_info g ON g.id = d.goods_id WHERE d.delivery_id = o.id AND d.is_deleted = 0) AS lines
       FROM psi_delivery_order o WHERE o.tenant_id = '100001' AND o.is_deleted = 0 ORDER BY o.delivery_no`,
    );
    expect(deliveries).toEqual([
      { no: 'FH20250801-0001', ps: 'PS20250801-0001', lines: 'G04 85, G05 85, G06 85, G08 85' },
      { no: 'FH20250810-0001', ps: 'PS20250805-0001', lines: 'G10 300, G11 300, G13 300' },
      { no: 'FH20250812-0001', ps: 'PS20250805-0001', lines: 'G15 300, G16 250, G17 250' },
      { no: 'FH20250818-0001', ps: 'PS20250815-0001', lines: 'G10 260, G11 260' },
      { no: 'FH20250820-0001', ps: 'PS20250815-0001', lines: 'G13 260, G14 260' },
    ]);
    const counts = rows<{ no: string; g: string; book: number; counted: number; diff: number }>(
      app,
      `SELECT c.check_no AS no, g.goods_code AS g, d.book_quantity AS book, d.counted_quantity AS counted,
         d.difference_quantity AS diff
       FROM psi_depository_check_detail d JOIN psi_depository_check c ON c.id = d.check_id
       JOIN psi_goods_info g ON g.id = d.goods_id
       WHERE c.tenant_id = '100001' AND d.is_deleted = 0 ORDER BY c.check_no, g.goods_code`,
    );
    expect(counts.map((r) => [r.no, r.g, r.book, r.counted, r.diff])).toEqual([
      ['PD20250825-0001', 'G10', 300, 298, -2],
      ['PD20250825-0001', 'G11', 300, 301, 1],
      ['PD20250825-0001', 'G13', 200, 200, 0],
      ['PD20250829-0001', 'G01', 200, 201, 1],
      ['PD20250829-0001', 'G20', 300, 300, 0],
      ['PD20250829-0001', 'G21', 300, 298, -2],
    ]);
  });

  it('has the master data of 5.2–5.4: disabled D04 and G30, discounts, 30 books', () => {
    expect(
      rows(
        app,
        `SELECT depository_code AS code, status, service_region_codes AS serves FROM psi_depository_info
         WHERE tenant_id = '100001' AND is_deleted = 0 ORDER BY depository_code`,
      ),
    ).toEqual([
      { code: 'D01', status: 1, serves: '330402,330411' },
      { code: 'D02', status: 1, serves: '330411' },
      { code: 'D03', status: 1, serves: '330481,330483' },
      { code: 'D04', status: 0, serves: '330483' },
    ]);
    const goods = rows<{ code: string; status: number }>(
      app,
      `SELECT goods_code AS code, status FROM psi_goods_info WHERE tenant_id = '100001' AND is_deleted = 0 ORDER BY goods_code`,
    );
    expect(goods.map((g) => g.code)).toEqual(
      Array.from({ length: 30 }, (_, i) => `G${String(i + 1).padStart(2, '0')}`),
    );
    expect(goods.filter((g) => g.status === 0).map((g) => g.code)).toEqual(['G30']);
    expect(
      rows(
        app,
        `SELECT school_code AS code, discount FROM psi_school_yypt_info WHERE tenant_id = '100001' AND discount <> 10000
         ORDER BY school_code`,
      ),
    ).toEqual([
      { code: 'SC03', discount: 9500 },
      { code: 'SC07', discount: 9800 },
    ]);
    expect(
      one(
        app,
        `SELECT user_id AS u FROM psi_school_info WHERE tenant_id = '100001' AND school_code = 'SC08'`,
      ),
    ).toEqual({ u: null });
    expect(
      rows(
        app,
        `SELECT 1 FROM psi_depository_stock s JOIN psi_goods_info g ON g.id = s.goods_id
       WHERE g.goods_code IN ('G09', 'G18', 'G19', 'G27', 'G28', 'G30')`,
      ),
    ).toEqual([]);
  });

  it('has the soft-deleted rows of section 5, with no effect on stock or money', () => {
    const deleted = rows(
      app,
      `SELECT 'school' AS kind, school_code AS code FROM psi_school_info WHERE is_deleted = 1
       UNION ALL SELECT 'goods', goods_name FROM psi_goods_info WHERE is_deleted = 1
       UNION ALL SELECT 'receipt', order_status FROM psi_purchase_order WHERE is_deleted = 1
       UNION ALL SELECT 'order', order_status FROM psi_purchase_order_yypt WHERE is_deleted = 1
       ORDER BY 1`,
    );
    expect(deleted).toEqual([
      { kind: 'goods', code: '测试教材（已删除）' },
      { kind: 'order', code: 1 },
      { kind: 'receipt', code: 1 },
      { kind: 'school', code: 'SC99' },
    ]);
    expect(
      one(
        app,
        `SELECT (SELECT COUNT(*) FROM psi_depository_log l JOIN psi_purchase_order o ON o.id = l.source_id WHERE o.is_deleted = 1)
          + (SELECT COUNT(*) FROM psi_account_statement a JOIN psi_purchase_order_yypt o ON o.id = a.source_id WHERE o.is_deleted = 1)
          + (SELECT COUNT(*) FROM psi_account_statement a JOIN psi_school_info s ON s.id = a.school_id WHERE s.is_deleted = 1) AS n`,
      ),
    ).toEqual({ n: 0 });
    // the removed 征订单 was SC01's own, and its lines went with it
    expect(
      one(
        app,
        `SELECT s.school_code AS code, (SELECT COUNT(*) FROM psi_purchase_detail_yypt d WHERE d.purchase_id = o.id AND d.is_deleted = 0) AS live
         FROM psi_purchase_order_yypt o JOIN psi_school_info s ON s.id = o.school_id WHERE o.is_deleted = 1`,
      ),
    ).toEqual({ code: 'SC01', live: 0 });
  });

  it('has the isolation tenant of 5.11, reusing codes and ISBNs', async () => {
    const qt = (sql: string) => rows(app, sql.replaceAll(':t', `'100002'`));
    expect(
      qt(
        `SELECT school_code AS code, school_name AS name, account_balance AS b FROM psi_school_info WHERE tenant_id = :t AND is_deleted = 0`,
      ),
    ).toEqual([{ code: 'SC01', name: '青桐市实验小学', b: 500000 }]);
    expect(
      qt(
        `SELECT depository_code AS code, depository_name AS name FROM psi_depository_info WHERE tenant_id = :t AND is_deleted = 0`,
      ),
    ).toEqual([{ code: 'D01', name: '青桐总仓' }]);
    const isbns = (tenant: string) =>
      rows<{ isbn: string }>(
        app,
        `SELECT isbn FROM psi_goods_info WHERE tenant_id = ? AND goods_code IN ('G10', 'G11', 'G13') AND is_deleted = 0 ORDER BY goods_code`,
        tenant,
      ).map((r) => r.isbn);
    expect(isbns('100002')).toEqual(isbns('100001'));
    expect(isbns('100002')).toHaveLength(3);
    for (const g of ['G10', 'G11', 'G13']) expect(stock(app, 'D01', g, '100002'), g).toBe(100);
    expect(
      qt(`SELECT order_status AS s, total_quantity AS q FROM psi_purchase_order WHERE tenant_id = :t`),
    ).toEqual([{ s: 3, q: 300 }]);
    expect(
      qt(
        `SELECT order_status AS s, total_quantity AS q, pay_status AS p FROM psi_purchase_order_yypt WHERE tenant_id = :t`,
      ),
    ).toEqual([{ s: 1, q: 30, p: 0 }]);
    expect(qt(`SELECT COUNT(*) AS n FROM psi_account_statement WHERE tenant_id = :t`)).toEqual([{ n: 1 }]);
    expect(qt(`SELECT COUNT(*) AS n FROM psi_depository_log WHERE tenant_id = :t`)).toEqual([{ n: 3 }]);
    // each tenant's users see only their own tenant
    const pt2 = await as(app, 'pt_admin2');
    const goods = await pt2.get<{ total: number; records: Record<string, string>[] }>('goodsinfo/list', {
      size: '100',
    });
    expect(goods.data.records.map((r) => r.goodsCode).sort()).toEqual(['G10', 'G11', 'G13']);
    const xx = await as(app, 'xx_qt');
    const me = await xx.get<Record<string, string>>('schoolinfo/detailByUserId');
    expect(me.data).toMatchObject({ schoolName: '青桐市实验小学', accountBalance: '5000.00' });
  });

  it('was written by the services: numbers, submit, audit, storage, delivery and count stamps by real users', () => {
    const missing = rows(
      app,
      `SELECT 'CG' AS t, order_no AS no FROM psi_purchase_order WHERE is_deleted = 0 AND (submit_time IS NULL
         OR (order_status IN (2, 3, 8) AND (audit_user IS NULL OR audit_time IS NULL))
         OR (order_status = 3 AND (storage_user IS NULL OR storage_time IS NULL)))
       UNION ALL SELECT 'ZD', order_no FROM psi_purchase_order_yypt WHERE is_deleted = 0 AND (submit_time IS NULL
         OR (order_status <> 1 AND (audit_user IS NULL OR audit_time IS NULL)))
       UNION ALL SELECT 'PS', order_no FROM psi_purchase_order_depository WHERE is_deleted = 0 AND (submit_time IS NULL
         OR (order_status <> 1 AND (audit_user IS NULL OR audit_time IS NULL)))
       UNION ALL SELECT 'FH', delivery_no FROM psi_delivery_order WHERE is_deleted = 0 AND (submit_time IS NULL
         OR (order_status = 3 AND (delivery_user IS NULL OR delivery_time IS NULL)))
       UNION ALL SELECT 'PD', check_no FROM psi_depository_check WHERE is_deleted = 0
         AND check_status = 3 AND (complete_user IS NULL OR complete_time IS NULL)`,
    );
    expect(missing).toEqual([]);
    // every PSI row was created by a user of its own tenant
    for (const table of [
      'psi_goods_info',
      'psi_depository_info',
      'psi_school_info',
      'psi_purchase_order',
      'psi_purchase_order_yypt',
      'psi_purchase_order_depository',
      'psi_delivery_order',
      'psi_depository_check',
      'psi_depository_log',
      'psi_account_statement',
    ])
      expect(
        rows(
          app,
          `SELECT CAST(t.id AS TEXT) AS id FROM ${table} t LEFT JOIN blade_user u ON u.id = t.create_user
           WHERE u.id IS NULL OR u.tenant_id <> t.tenant_id`,
        ),
        table,
      ).toEqual([]);
    const numbers = rows<{ no: string }>(
      app,
      `SELECT statement_no AS no FROM psi_account_statement UNION ALL SELECT order_no FROM psi_purchase_order
       UNION ALL SELECT delivery_no FROM psi_delivery_order UNION ALL SELECT check_no FROM psi_depository_check`,
    );
    expect(numbers.every((n) => /^(LS|CG|FH|PD)\d{8}-\d{4}$/.test(n.no))).toBe(true);
  });

  it('lists every demo and workflow account with its password in the README', () => {
    const readme = fs.readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../README.md'),
      'utf8',
    );
    const fixture = loadDemoFixture();
    const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // the workflow accounts of tenant 000000 (fixtures/users.json) too
    const system = (
      JSON.parse(
        fs.readFileSync(
          path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../fixtures/users.json'),
          'utf8',
        ),
      ) as { tenantId: string; account: string; password: string }[]
    ).filter((u) => u.account !== 'admin');
    expect(system.map((u) => u.account)).toEqual(['emp_zhang', 'leader_li', 'hr_wang']);
    for (const u of [...fixture.users.map((user) => ({ ...user, password: fixture.password })), ...system])
      expect(readme, u.account).toMatch(
        new RegExp(`\\| ${u.tenantId} \\| ${u.account} +\\| ${escaped(u.password)} +\\|`),
      );
  });
});
