import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { termOf, today as todayIn } from '@psi/db/model';
import { demoDating } from '../../src/seed/demo';
import { as, assertInvariants, demoApp, rows } from './helpers';

/** The demo story dated to a day (DEMO_TODAY): every date moves by whole weeks, numbers follow. */

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (day: string) => Date.parse(`${day.slice(0, 10)}T00:00:00Z`) / DAY_MS;
const addDays = (day: string, days: number) =>
  new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);
const digits = (day: string) => day.replace(/-/g, '');

/** Every date and number the story writes, in a stable order, to compare two datings. */
function timeline(app: FastifyInstance) {
  const sqlite = app.ctx.sqlite;
  const all = (sql: string) => sqlite.prepare(sql).safeIntegers(false).all() as Record<string, string>[];
  return {
    purchase: all(
      `SELECT order_no AS no, term, expected_date AS expected, submit_time AS submitted, audit_time AS audited,
              storage_time AS stored FROM psi_purchase_order WHERE tenant_id = '100001' AND is_deleted = 0 ORDER BY submit_time, order_no`,
    ),
    purchaseorderyypt: all(
      `SELECT order_no AS no, term, submit_time AS submitted, audit_time AS audited FROM psi_purchase_order_yypt
       WHERE is_deleted = 0 ORDER BY tenant_id, submit_time, order_no`,
    ),
    depository: all(
      `SELECT order_no AS no, term, source_no AS source, audit_time AS audited FROM psi_purchase_order_depository
       WHERE is_deleted = 0 ORDER BY create_time, order_no`,
    ),
    delivery: all(
      `SELECT delivery_no AS no, tracking_no AS tracking, create_time AS created FROM psi_delivery_order ORDER BY create_time, delivery_no`,
    ),
    checks: all(
      `SELECT check_no AS no, check_date AS day, create_time AS created FROM psi_depository_check ORDER BY check_no`,
    ),
    statements: all(
      `SELECT statement_no AS no, voucher_no AS voucher, source_no AS source, trade_time AS traded
       FROM psi_account_statement ORDER BY tenant_id, trade_time, statement_no`,
    ),
    logs: all(
      `SELECT source_no AS source, operate_time AS operated FROM psi_depository_log ORDER BY operate_time, id`,
    ),
  };
}

/** The story's values moved by `days`: dates and times shifted, the yyyyMMdd inside numbers too. */
function shifted(value: unknown, days: number, term: string): unknown {
  if (typeof value !== 'string') return value;
  if (/^\d{4}-\d{4}-[12]$/.test(value)) return term;
  if (/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/.test(value))
    return addDays(value.slice(0, 10), days) + value.slice(10);
  return value.replace(/(20\d{2})(\d{2})(\d{2})/, (m) =>
    digits(addDays(`${m.slice(0, 4)}-${m.slice(4, 6)}-${m.slice(6, 8)}`, days)),
  );
}

describe('demo dating', () => {
  it('moves the story by whole weeks so that its last day is on or within six days before the given day', () => {
    expect(demoDating('2025-08-29')).toEqual({ today: '2025-08-29', shiftDays: 0, term: '2025-2026-1' });
    expect(demoDating('2025-09-04').shiftDays).toBe(0);
    expect(demoDating('2025-09-05').shiftDays).toBe(7);
    expect(demoDating('2025-08-28').shiftDays).toBe(-7);
    const spring = demoDating('2027-03-10');
    expect(spring.term).toBe('2026-2027-2');
    expect(spring.shiftDays % 7).toBe(0);
    const last = addDays('2025-08-29', spring.shiftDays);
    expect(last <= '2027-03-10' && dayNumber('2027-03-10') - dayNumber(last) < 7).toBe(true);
    expect(() => demoDating('2025-13-45')).toThrow(/DEMO_TODAY/);
    expect(() => demoDating('yesterday')).toThrow(/DEMO_TODAY/);
  });

  it('writes the same story dated to today: every date and number moved by the same weeks, the term of today', async () => {
    const today = todayIn();
    const { shiftDays, term } = demoDating(today);
    const story = await demoApp('2025-08-29');
    const now = await demoApp(today);
    assertInvariants(now.ctx.sqlite);
    const expected = JSON.parse(
      JSON.stringify(timeline(story), (_key, value: unknown) => shifted(value, shiftDays, term)),
    ) as unknown;
    expect(timeline(now)).toEqual(expected);
    expect(term).toBe(termOf(today));
    // DOMAIN.md's own dating is the story unchanged
    expect(timeline(story).purchaseorderyypt.map((o) => o.no)).toContain('ZD20250828-0001');
    expect(timeline(story).statements[0].voucher).toBe('JH2025070100001');
  });

  it('shows each role recent activity on its home page when dated to today', async () => {
    const today = todayIn();
    const app = await demoApp(today);
    const latest = rows<{ t: string }>(
      app,
      `SELECT MAX(submit_time) AS t FROM psi_purchase_order_yypt WHERE tenant_id = '100001' AND is_deleted = 0`,
    )[0].t;
    expect(latest.slice(0, 10) <= today).toBe(true);
    // the last order is the day before the story's last day, which is at most six days back
    expect(dayNumber(today) - dayNumber(latest)).toBeLessThanOrEqual(7);

    type Week = { week: string; orders: number };
    const recent = (weekly: Week[]) => {
      const withOrders = weekly.filter((w) => w.orders > 0);
      expect(withOrders.length).toBeGreaterThan(0);
      // the chart reaches the current or the previous week
      expect(dayNumber(today) - dayNumber(weekly.at(-1)!.week)).toBeLessThan(14);
      return withOrders.at(-1)!;
    };
    const sum = (counts: Record<string, number>) => Object.values(counts).reduce((s, n) => s + n, 0);

    const pt = await as(app, 'pt_admin');
    type Moves = { day: string; rows: number };
    // the stock figure shows the latest day with movements (today's story day is at most six days back)
    const recentMoves = (moves: Moves) => {
      expect(moves.rows).toBeGreaterThan(0);
      expect(moves.day <= today).toBe(true);
      expect(dayNumber(today) - dayNumber(moves.day)).toBeLessThan(14);
    };
    const platform = await pt.get<{ yyptStatus: Record<string, number>; weekly: Week[]; today: Moves }>(
      'dashboard/summary',
    );
    expect(sum(platform.data.yyptStatus)).toBeGreaterThan(0);
    recentMoves(platform.data.today);
    expect(dayNumber(today) - dayNumber(recent(platform.data.weekly).week)).toBeLessThan(14);

    const ck = await as(app, 'ck_jx');
    const depository = await ck.get<{
      depositoryOrderStatus: Record<string, number>;
      weekly: Week[];
      today: Moves;
    }>('dashboard/summary');
    expect(sum(depository.data.depositoryOrderStatus)).toBeGreaterThan(0);
    recentMoves(depository.data.today);
    recent(depository.data.weekly);

    const school = await as(app, 'xx_mingde');
    const home = await school.get<{
      school: { balance: string };
      orders: { submitTime: string }[];
      weekly: Week[];
    }>('dashboard/summary');
    expect(Number(home.data.school.balance)).toBeGreaterThan(0);
    expect(dayNumber(today) - dayNumber(home.data.orders[0].submitTime)).toBeLessThanOrEqual(7);
    recent(home.data.weekly);
  });
});
