import type Database from 'better-sqlite3';
import { formatMoney } from '@psi/db/model';
import { transitionRule, purchaseorderyyptDocument } from '@psi/db/model/psi/index';
import { prepareNumbers } from '../../../core/data';
import { LOW_STOCK } from '../../../core/psi-actor';
import { big, type PsiActor } from '../shared/env';
import { statusIn } from '../shared/rules';
import { inList, stockQuery, wireStock } from '../stock/queries';

/**
 * The home page figures per role, read straight from the tables: documents per status, the latest
 * day's stock movements, low stock and orders per week. Scoped like every PSI list.
 */

type Sqlite = Database.Database;
type Scope = { column: string; ids: string[] };
/** Whose rows: one tenant's (an actor's), or every tenant's (`null`: the platform owner's overview). */
type Tenancy = { tenantId: string | null };

const dayText = (d: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

function weekStart(day: Date): string {
  const d = new Date(day);
  const shift = (d.getDay() + 6) % 7; // Monday first
  d.setDate(d.getDate() - shift);
  return dayText(d);
}

/** The tenant's live rows (every tenant's for `tenantId: null`), narrowed to `scope` when given. */
function scopedWhere(actor: Tenancy, scope?: Scope | null) {
  const where = actor.tenantId === null ? ['is_deleted = 0'] : ['tenant_id = ?', 'is_deleted = 0'];
  const params: unknown[] = actor.tenantId === null ? [] : [actor.tenantId];
  if (scope) {
    where.push(`${scope.column} IN (${inList(scope.ids)})`);
    params.push(...scope.ids.map(big));
  }
  return { where, params };
}

function countsBy(
  sqlite: Sqlite,
  table: string,
  statusColumn: string,
  actor: Tenancy,
  scope?: Scope,
): Record<string, number> {
  if (scope && scope.ids.length === 0) return {};
  const { where, params } = scopedWhere(actor, scope);
  const rows = prepareNumbers<{ s: number; n: number }>(
    sqlite,
    `SELECT ${statusColumn} AS s, COUNT(*) AS n FROM ${table} WHERE ${where.join(' AND ')} GROUP BY 1`,
  ).all(...params);
  return Object.fromEntries(rows.map((r) => [String(r.s), r.n]));
}

/** Orders (征订单 for the platform and schools, 配送单 for depositories) per week of submission. */
function weekly(
  sqlite: Sqlite,
  actor: Tenancy,
  table: string,
  scope: Scope | null,
  weeks: number,
  today: Date,
): { week: string; orders: number; amount: string }[] {
  if (scope && scope.ids.length === 0) return [];
  const { where, params } = scopedWhere(actor, scope);
  // The weeks up to the latest order (today when there is none), so a quiet period shows its history.
  const latest = prepareNumbers<{ t: string | null }>(
    sqlite,
    `SELECT MAX(submit_time) AS t FROM ${table} WHERE ${where.join(' AND ')}`,
  ).get(...params)!.t;
  const anchor =
    latest && latest.slice(0, 10) < dayText(today) ? new Date(`${latest.slice(0, 10)}T00:00:00`) : today;
  const first = new Date(anchor);
  first.setDate(first.getDate() - 7 * (weeks - 1));
  where.push('submit_time >= ?');
  params.push(`${weekStart(first)} 00:00:00`);
  const rows = prepareNumbers<{ day: string; amount: number }>(
    sqlite,
    `SELECT substr(submit_time, 1, 10) AS day, total_amount AS amount FROM ${table} WHERE ${where.join(' AND ')}`,
  ).all(...params);
  const buckets = new Map<string, { orders: number; amount: number }>();
  for (let i = 0; i < weeks; i++) {
    const d = new Date(first);
    d.setDate(d.getDate() + 7 * i);
    buckets.set(weekStart(d), { orders: 0, amount: 0 });
  }
  for (const r of rows) {
    const b = buckets.get(weekStart(new Date(`${r.day}T00:00:00`)));
    if (b) {
      b.orders += 1;
      b.amount += r.amount;
    }
  }
  return [...buckets].map(([week, b]) => ({ week, orders: b.orders, amount: formatMoney(b.amount) }));
}

const depositoryScope = (scope: string[] | null): Scope | null =>
  scope ? { column: 'depository_id', ids: scope } : null;

/**
 * The stock movements of the latest day that had any, up to today (today when none had): a demo dated
 * to a week's rhythm, or a quiet day, still shows the last day's work, and `day` says which day it is.
 */
function latestMovements(sqlite: Sqlite, actor: PsiActor, today: string, scope: string[] | null) {
  let day = today;
  if (!scope || scope.length > 0) {
    const { where, params } = scopedWhere(actor, depositoryScope(scope));
    where.push('operate_time <= ?');
    params.push(`${today} 23:59:59`);
    const latest = prepareNumbers<{ t: string | null }>(
      sqlite,
      `SELECT MAX(operate_time) AS t FROM psi_depository_log WHERE ${where.join(' AND ')}`,
    ).get(...params)!;
    if (latest.t) day = latest.t.slice(0, 10);
  }
  return { day, ...movementsOn(sqlite, actor, day, scope) };
}

/** Stock movements of one calendar day (the server's), per direction. */
function movementsOn(sqlite: Sqlite, actor: PsiActor, day: string, scope: string[] | null) {
  if (scope && scope.length === 0) return { rows: 0, inQuantity: 0, outQuantity: 0 };
  const { where, params } = scopedWhere(actor, depositoryScope(scope));
  where.push('operate_time >= ?', 'operate_time <= ?');
  params.push(`${day} 00:00:00`, `${day} 23:59:59`);
  const r = prepareNumbers<{ rows: number; inQ: number; outQ: number }>(
    sqlite,
    `SELECT COUNT(*) AS rows, COALESCE(SUM(CASE WHEN change_quantity > 0 THEN change_quantity END), 0) AS inQ,
              COALESCE(SUM(CASE WHEN change_quantity < 0 THEN -change_quantity END), 0) AS outQ
       FROM psi_depository_log WHERE ${where.join(' AND ')}`,
  ).get(...params)!;
  return { rows: r.rows, inQuantity: r.inQ, outQuantity: r.outQ };
}

/** The first ten low stock rows and how many there are. */
function lowStock(sqlite: Sqlite, actor: PsiActor) {
  const low = stockQuery(sqlite, actor, { low: true, threshold: LOW_STOCK }, 10, 0);
  return {
    total: low.total,
    threshold: LOW_STOCK,
    records: low.records.map((r) => wireStock(r, LOW_STOCK)),
  };
}

/** What the home figures are computed for: the day, and how many weeks of history. */
export interface FiguresAt {
  now: Date;
  weeks: number;
}

export function platformFigures(sqlite: Sqlite, actor: PsiActor, at: FiguresAt) {
  return {
    kind: 'platform' as const,
    yyptStatus: countsBy(sqlite, 'psi_purchase_order_yypt', 'order_status', actor),
    purchaseStatus: countsBy(sqlite, 'psi_purchase_order', 'order_status', actor),
    depositoryOrderStatus: countsBy(sqlite, 'psi_purchase_order_depository', 'order_status', actor),
    deliveryStatus: countsBy(sqlite, 'psi_delivery_order', 'order_status', actor),
    today: latestMovements(sqlite, actor, dayText(at.now), null),
    lowStock: lowStock(sqlite, actor),
    weekly: weekly(sqlite, actor, 'psi_purchase_order_yypt', null, at.weeks, at.now),
  };
}

/** What the depositories hold: titles in stock and copies together. */
function stockOnHand(sqlite: Sqlite, actor: PsiActor, scope: Scope) {
  if (scope.ids.length === 0) return { titles: 0, quantity: 0 };
  const { where, params } = scopedWhere(actor, scope);
  const r = prepareNumbers<{ titles: number; quantity: number }>(
    sqlite,
    `SELECT COUNT(DISTINCT goods_id) AS titles, COALESCE(SUM(quantity), 0) AS quantity
     FROM psi_depository_stock WHERE ${where.join(' AND ')} AND quantity > 0`,
  ).get(...params)!;
  return { titles: r.titles, quantity: r.quantity };
}

export function depositoryFigures(sqlite: Sqlite, actor: PsiActor, at: FiguresAt) {
  const scope = { column: 'depository_id', ids: actor.depositoryIds };
  return {
    kind: 'depository' as const,
    stock: stockOnHand(sqlite, actor, scope),
    depositoryOrderStatus: countsBy(sqlite, 'psi_purchase_order_depository', 'order_status', actor, scope),
    deliveryStatus: countsBy(sqlite, 'psi_delivery_order', 'order_status', actor, scope),
    purchaseStatus: countsBy(sqlite, 'psi_purchase_order', 'order_status', actor, scope),
    checkStatus: countsBy(sqlite, 'psi_depository_check', 'check_status', actor, scope),
    today: latestMovements(sqlite, actor, dayText(at.now), actor.depositoryIds),
    lowStock: lowStock(sqlite, actor),
    weekly: weekly(sqlite, actor, 'psi_purchase_order_depository', scope, at.weeks, at.now),
  };
}

export function schoolFigures(sqlite: Sqlite, actor: PsiActor, schoolId: string, at: FiguresAt) {
  const scope = { column: 'school_id', ids: [schoolId] };
  const school = prepareNumbers<
    { schoolName: string; schoolCode: string; balance: number },
    [bigint, string]
  >(
    sqlite,
    `SELECT school_name AS schoolName, school_code AS schoolCode, account_balance AS balance
     FROM psi_school_info WHERE id = ? AND tenant_id = ? AND is_deleted = 0`,
  ).get(big(schoolId), actor.tenantId);
  const progress = prepareNumbers<{ totalAmount: number }, [string, bigint]>(
    sqlite,
    `SELECT CAST(id AS TEXT) AS id, order_no AS orderNo, order_status AS orderStatus, pay_status AS payStatus,
            total_quantity AS totalQuantity, delivered_quantity AS deliveredQuantity,
            total_amount AS totalAmount, submit_time AS submitTime
     FROM psi_purchase_order_yypt WHERE tenant_id = ? AND school_id = ? AND is_deleted = 0
     ORDER BY submit_time DESC, id DESC LIMIT 8`,
  ).all(actor.tenantId, big(schoolId));
  return {
    kind: 'school' as const,
    school: school ? { id: schoolId, ...school, balance: formatMoney(school.balance) } : null,
    yyptStatus: countsBy(sqlite, 'psi_purchase_order_yypt', 'order_status', actor, scope),
    depositoryOrderStatus: countsBy(sqlite, 'psi_purchase_order_depository', 'order_status', actor, scope),
    orders: progress.map((o) => ({ ...o, totalAmount: formatMoney(o.totalAmount) })),
    weekly: weekly(sqlite, actor, 'psi_purchase_order_yypt', scope, at.weeks, at.now),
  };
}

/**
 * The platform owner's overview (the super-admin of tenant 000000, whose own tenant holds no book
 * orders): every tenant's 征订单 by status and per week, and one row of figures per tenant.
 */
export function tenantsFigures(sqlite: Sqlite, at: FiguresAt) {
  const all: Tenancy = { tenantId: null };
  // awaiting the platform: a 征订单 in a status its audit leaves
  const pending = statusIn(
    purchaseorderyyptDocument,
    transitionRule(purchaseorderyyptDocument, 'auditPass', 'auditReject').from,
    'o',
  );
  const tenants = prepareNumbers<{
    tenantId: string;
    tenantName: string;
    schools: number;
    depositories: number;
    orders: number;
    pendingAudit: number;
    amount: number;
    users: number;
  }>(
    sqlite,
    `SELECT t.tenant_id AS tenantId, t.tenant_name AS tenantName,
       (SELECT COUNT(*) FROM psi_school_info s WHERE s.tenant_id = t.tenant_id AND s.is_deleted = 0) AS schools,
       (SELECT COUNT(*) FROM psi_depository_info d WHERE d.tenant_id = t.tenant_id AND d.is_deleted = 0) AS depositories,
       (SELECT COUNT(*) FROM psi_purchase_order_yypt o WHERE o.tenant_id = t.tenant_id AND o.is_deleted = 0) AS orders,
       (SELECT COUNT(*) FROM psi_purchase_order_yypt o
         WHERE o.tenant_id = t.tenant_id AND o.is_deleted = 0 AND ${pending.sql}) AS pendingAudit,
       (SELECT COALESCE(SUM(o.total_amount), 0) FROM psi_purchase_order_yypt o
         WHERE o.tenant_id = t.tenant_id AND o.is_deleted = 0) AS amount,
       (SELECT COUNT(*) FROM blade_user u WHERE u.tenant_id = t.tenant_id AND u.is_deleted = 0) AS users
     FROM blade_tenant t WHERE t.is_deleted = 0 ORDER BY t.tenant_id`,
  ).all(...pending.params);
  return {
    kind: 'tenants' as const,
    tenants: tenants.map((t) => ({ ...t, amount: formatMoney(t.amount) })),
    yyptStatus: countsBy(sqlite, 'psi_purchase_order_yypt', 'order_status', all),
    weekly: weekly(sqlite, all, 'psi_purchase_order_yypt', null, at.weeks, at.now),
  };
}
