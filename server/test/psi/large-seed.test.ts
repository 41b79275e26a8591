import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

// a reduced SEED=large (same code path, fewer rows): 2 000 books and 40 receipts of 100 lines
vi.hoisted(() => {
  process.env.LARGE_GOODS = '2000';
  process.env.LARGE_ORDERS = '40';
});

import { openDatabase } from '@psi/db/client';
import { runMigrations } from '@psi/db/migrate';
import { seed } from '@psi/db/seed';
import { demoLayer } from '../../src/seed/demo';
import { LARGE, largeLayer, ProgressBar } from '../../src/seed/large';
import { assertInvariants } from './invariants';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-large-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const n = (db: ReturnType<typeof openDatabase>['sqlite'], sql: string) => {
  const s = db.prepare(sql);
  s.safeIntegers(false);
  return (s.get() as { n: number }).n;
};

describe('SEED=large', () => {
  it('goes through the services with a progress bar, and every invariant holds afterwards', () => {
    expect(LARGE).toMatchObject({ goods: 2000, orders: 40, schools: 1000, linesPerOrder: 100 });
    const written: string[] = [];
    const out = { isTTY: false, write: (s: string) => written.push(s) } as unknown as NodeJS.WriteStream;
    const steps: string[] = [];
    const handle = openDatabase(path.join(dir, 'psi.db'));
    try {
      runMigrations(handle.db);
      seed(handle, 'large', {
        demo: demoLayer,
        large: (ctx) => largeLayer(ctx, out),
        onProgress: (p) => steps.push(p.step),
      });
    } catch (error) {
      handle.close();
      throw error;
    }
    try {
      const db = handle.sqlite;
      assertInvariants(db);
      // the demo is there underneath, untouched
      expect(
        n(db, `SELECT COUNT(*) AS n FROM psi_depository_log WHERE tenant_id = '100001' AND source_type <> 1`),
      ).toBe(14);
      expect(
        n(db, `SELECT COUNT(*) AS n FROM psi_goods_info WHERE goods_code LIKE 'B%' AND is_deleted = 0`),
      ).toBe(2000);
      expect(
        n(db, `SELECT COUNT(*) AS n FROM psi_school_info WHERE school_code LIKE 'S0%' AND is_deleted = 0`),
      ).toBe(1000);
      expect(
        n(
          db,
          `SELECT COUNT(*) AS n FROM psi_depository_info WHERE depository_code LIKE 'L%' AND is_deleted = 0`,
        ),
      ).toBe(20);
      // 40 stored receipts of 100 lines each: 4 000 log rows, chained two deep per stock row
      expect(
        n(db, `SELECT COUNT(*) AS n FROM psi_purchase_order WHERE term = '2024-2025-1' AND order_status = 3`),
      ).toBe(40);
      expect(
        n(
          db,
          `SELECT COUNT(*) AS n FROM psi_depository_log l JOIN psi_depository_info d ON d.id = l.depository_id
           WHERE d.depository_code LIKE 'L%'`,
        ),
      ).toBe(4000);
      expect(
        n(
          db,
          `SELECT COUNT(*) AS n FROM psi_depository_log l JOIN psi_depository_info d ON d.id = l.depository_id
           WHERE d.depository_code LIKE 'L%' AND l.balance_before > 0`,
        ),
      ).toBe(2000);
      // a roster import of 1 000 schools, each with its platform terms
      expect(n(db, `SELECT COUNT(*) AS n FROM psi_school_yypt_info WHERE school_code LIKE 'S0%'`)).toBe(1000);
    } finally {
      handle.close();
    }
    expect(steps).toEqual(
      expect.arrayContaining(['large: books', 'large: schools', 'large: purchase receipts']),
    );
    const bar = written.join('');
    expect(bar).toMatch(/\[#{30}\] 100% books 2000\/2000/);
    expect(bar).toMatch(/\[#{30}\] 100% schools 1000\/1000/);
    expect(bar).toMatch(/\[#{30}\] 100% stock log rows 4000\/4000/);
    expect(bar).toMatch(/\[#{15}\.{15}\] {2}50% books 1000\/2000/);
  }, 240_000);

  it('redraws the bar in place on a terminal', () => {
    const out: string[] = [];
    const tty = { isTTY: true, write: (s: string) => out.push(s) } as unknown as NodeJS.WriteStream;
    const bar = new ProgressBar(tty);
    bar.update('books', 1, 4);
    bar.update('books', 4, 4);
    expect(out).toEqual([
      `\r[${'#'.repeat(8)}${'.'.repeat(22)}]  25% books 1/4`,
      `\r[${'#'.repeat(30)}] 100% books 4/4\n`,
    ]);
  });
});
