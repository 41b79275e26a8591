import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { psiMessages } from '@psi/db/model/psi/index';
import {
  as,
  assertInvariants,
  demoApp,
  depositoryId,
  docId,
  goodsId,
  ledgerSnapshot,
  one,
  rows,
  schoolId,
  stock,
} from './helpers';

/**
 * The database backstops behind the service guards (DOMAIN.md 2.0, 3.7): CHECK constraints, partial
 * unique indexes and the `version` column exist and hold on their own, and a backstop hit inside an
 * approval becomes a clean refusal that rolls the whole approval back.
 */
let app: FastifyInstance;

beforeAll(async () => {
  app = await demoApp();
});
afterEach(() => assertInvariants(app.ctx.sqlite));

const run =
  (sql: string, ...params: unknown[]) =>
  () =>
    app.ctx.sqlite.prepare(sql).run(...params);
const big = (id: string) => BigInt(id);

describe('constraints in the schema', () => {
  it('refuse negative stock, negative balances and impossible line quantities', () => {
    const stockRow = one<{ id: string }>(
      app,
      `SELECT CAST(id AS TEXT) AS id FROM psi_depository_stock LIMIT 1`,
    ).id;
    expect(run(`UPDATE psi_depository_stock SET quantity = -1 WHERE id = ?`, big(stockRow))).toThrow(
      /CHECK constraint failed: ck_stock_quantity/,
    );
    expect(run(`UPDATE psi_school_info SET account_balance = -1 WHERE school_code = 'SC02'`)).toThrow(
      /CHECK constraint failed: ck_school_balance/,
    );
    expect(run(`UPDATE psi_purchase_detail_yypt SET delivered_quantity = quantity + 1`)).toThrow(
      /CHECK constraint failed/,
    );
    expect(run(`UPDATE psi_purchase_detail_depository SET quantity = 0`)).toThrow(/CHECK constraint failed/);
    expect(run(`UPDATE psi_purchase_detail SET received_quantity = quantity + 1`)).toThrow(
      /CHECK constraint failed/,
    );
    expect(run(`UPDATE psi_goods_info SET price = 0 WHERE goods_code = 'G01'`)).toThrow(
      /CHECK constraint failed/,
    );
    expect(run(`UPDATE psi_school_yypt_info SET discount = 10001 WHERE school_code = 'SC01'`)).toThrow(
      /CHECK constraint failed/,
    );
    expect(
      run(
        `UPDATE psi_depository_log SET change_quantity = 0 WHERE id = (SELECT MIN(id) FROM psi_depository_log)`,
      ),
    ).toThrow(/CHECK constraint failed/);
  });

  it('post a line, charge an order and credit a voucher at most once', () => {
    const copy = (table: string, where: string) => {
      const cols = rows<{ name: string }>(app, `SELECT name FROM pragma_table_info('${table}')`)
        .map((c) => c.name)
        .filter((c) => c !== 'id');
      return run(
        `INSERT INTO ${table} (id, ${cols.join(', ')}) SELECT id + 1000000, ${cols.join(', ')} FROM ${table} WHERE ${where} LIMIT 1`,
      );
    };
    expect(copy('psi_depository_log', '1')).toThrow(/UNIQUE constraint failed/);
    expect(copy('psi_account_statement', 'trade_type = 2')).toThrow(/UNIQUE constraint failed/);
    expect(copy('psi_account_statement', 'trade_type = 3')).toThrow(/UNIQUE constraint failed/);
    expect(copy('psi_depository_stock', '1')).toThrow(/UNIQUE constraint failed/);
    // a recharge row with another number but the same voucher
    expect(
      run(
        `INSERT INTO psi_account_statement (id, tenant_id, statement_no, school_id, trade_type, direction, amount,
           balance_before, balance_after, source_type, voucher_no, trade_time, create_time, update_time, status, is_deleted)
         SELECT id + 1000000, tenant_id, statement_no || 'X', school_id, 1, 1, 1, balance_after, balance_after + 1, 0,
           voucher_no, trade_time, create_time, update_time, 1, 0 FROM psi_account_statement WHERE trade_type = 1 LIMIT 1`,
      ),
    ).toThrow(/UNIQUE constraint failed: psi_account_statement/);
  });

  it('keep live codes, numbers, lines and open counts unique, and free them on soft delete', () => {
    const copy = (table: string, where: string, set = '') => {
      const cols = rows<{ name: string }>(app, `SELECT name FROM pragma_table_info('${table}')`)
        .map((c) => c.name)
        .filter((c) => c !== 'id');
      const select = cols.map((c) => (set && set.startsWith(`${c} =`) ? set.split('=')[1] : c));
      return run(
        `INSERT INTO ${table} (id, ${cols.join(', ')}) SELECT id + 2000000, ${select.join(', ')} FROM ${table} WHERE ${where} LIMIT 1`,
      );
    };
    expect(copy('psi_goods_info', `goods_code = 'G01' AND tenant_id = '100001'`)).toThrow(
      /UNIQUE constraint failed/,
    );
    expect(
      copy('psi_school_info', `school_code = 'SC01' AND tenant_id = '100001'`, 'user_id = NULL'),
    ).toThrow(/UNIQUE constraint failed/);
    expect(copy('psi_depository_info', `depository_code = 'D01' AND tenant_id = '100001'`)).toThrow(
      /UNIQUE constraint failed/,
    );
    expect(
      copy('psi_purchase_order_yypt', `order_no = 'ZD20250828-0001'`, 'depository_order_id = NULL'),
    ).toThrow(/UNIQUE constraint failed/);
    expect(copy('psi_purchase_detail_yypt', '1')).toThrow(/UNIQUE constraint failed/);
    // a second open count for D02 (PD20250829-0001 is open)
    expect(
      copy('psi_depository_check', `check_no = 'PD20250829-0001'`, `check_no = check_no || 'X'`),
    ).toThrow(/UNIQUE constraint failed/);
    // a removed book's code is free: the copy of a soft-deleted row goes in
    const g31 = `goods_code = 'G31' AND is_deleted = 1`;
    expect(copy('psi_goods_info', g31)).not.toThrow();
    app.ctx.sqlite
      .prepare(`DELETE FROM psi_goods_info WHERE id = (SELECT id + 2000000 FROM psi_goods_info WHERE ${g31})`)
      .run();
  });

  it('carry a version on document headers, stock rows and schools', () => {
    for (const table of [
      'psi_purchase_order',
      'psi_purchase_order_yypt',
      'psi_purchase_order_depository',
      'psi_delivery_order',
      'psi_depository_check',
      'psi_depository_stock',
      'psi_school_info',
    ])
      expect(
        rows<{ name: string; notnull: number }>(
          app,
          `SELECT name, "notnull" FROM pragma_table_info('${table}') WHERE name = 'version'`,
        ),
        table,
      ).toEqual([{ name: 'version', notnull: 1 }]);
  });
});

describe('a backstop hit inside an approval', () => {
  it('refuses the whole approval: a line already posted by someone else rolls the delivery back', async () => {
    const ck = await as(app, 'ck_hn');
    const fh = docId(app, 'psi_delivery_order', 'FH20250820-0001');
    const line = one<{ id: string; goods: string }>(
      app,
      `SELECT CAST(d.id AS TEXT) AS id, CAST(d.goods_id AS TEXT) AS goods FROM psi_delivery_detail d
       WHERE d.delivery_id = ? AND d.is_deleted = 0 ORDER BY d.goods_id DESC LIMIT 1`,
      big(fh),
    );
    // a stray ledger row for the last line (as if it had been posted already)
    app.ctx.sqlite
      .prepare(
        `INSERT INTO psi_depository_log (id, tenant_id, depository_id, goods_id, direction, change_quantity, balance_before,
           balance_after, source_type, source_id, source_no, source_detail_id, operate_time, create_time, update_time, status, is_deleted)
         VALUES (1, '100001', ?, ?, 2, -1, 1, 0, 2, ?, 'FH-STRAY', ?, '2025-08-31 00:00:00', '2025-08-31 00:00:00', '2025-08-31 00:00:00', 1, 0)`,
      )
      .run(big(depositoryId(app, 'D03')), big(line.goods), big(fh), big(line.id));
    const before = ledgerSnapshot(app);
    const g13 = stock(app, 'D03', 'G13');
    const r = await ck.post('deliveryorder/approveDelivery', { id: fh });
    expect(r.success).toBe(false);
    expect(r.status).toBe(400);
    expect(r.msg).toBe(psiMessages.statusChanged.zh);
    expect(ledgerSnapshot(app)).toEqual(before);
    expect(stock(app, 'D03', 'G13')).toBe(g13);
    app.ctx.sqlite.prepare(`DELETE FROM psi_depository_log WHERE id = 1`).run();
    // without the stray row the same approval goes through
    await ck.ok('deliveryorder/approveDelivery', { id: fh });
    expect(stock(app, 'D03', 'G13')).toBe(g13 - 260);
  });

  it('turns any other constraint into a clean refusal with nothing written', async () => {
    const mingde = await as(app, 'xx_mingde');
    app.ctx.sqlite.exec(
      `CREATE TEMP TRIGGER block_77 BEFORE INSERT ON psi_purchase_detail_yypt WHEN NEW.quantity = 77
       BEGIN SELECT RAISE(ABORT, 'blocked for the test'); END`,
    );
    try {
      const before = ledgerSnapshot(app);
      const orders = one(app, `SELECT COUNT(*) AS n FROM psi_purchase_order_yypt`);
      const r = await mingde.post('purchasedetailyypt/submitPurchaseOrderYypt', {
        term: '2025-2026-1',
        details: [
          { goodsId: goodsId(app, 'G01'), quantity: 5 },
          { goodsId: goodsId(app, 'G02'), quantity: 77 },
        ],
      });
      expect(r.status).toBe(400);
      expect(r.msg).toBe(psiMessages.constraintFailed.zh);
      expect(ledgerSnapshot(app)).toEqual(before);
      expect(one(app, `SELECT COUNT(*) AS n FROM psi_purchase_order_yypt`)).toEqual(orders);
    } finally {
      app.ctx.sqlite.exec(`DROP TRIGGER block_77`);
    }
    expect(schoolId(app, 'SC01')).toBeTruthy();
  });
});
