import { prepareNumbers } from '../../../core/data';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { formatMoney, pageOf, parseId } from '@psi/db/model';
import { ok } from '../../../core/envelope';
import { badRequest } from '../../../core/errors';
import { EXPORT_LIMIT } from '../../../core/crud';
import { sendWorkbook, workbookBuffer, xlsxAnswer, type SheetColumn } from '../../../core/export';
import { answers } from '../../../core/route-schemas';
import { typed } from '../../../core/schema';
import { big, type PsiActor } from '../shared/env';
import { psiActor } from '../shared/http';
import { LOW_STOCK } from '../../../core/psi-actor';

/**
 * Read-only views the screens need and the generic resources do not give: the current stock of a
 * depository (`psi_depository_stock` with its last movement) and the home page figures per role.
 * Both are scoped like every PSI list: the platform sees the tenant, a depository user its own
 * depositories, a school user its own school (and no stock).
 */

/** Stock at or below this many copies is shown as low (the screens highlight it). */

/** The query parameters of the stock views and the dashboard, each a single text value. */
const overviewQuery = z.looseObject({
  depositoryId: z.string().optional().describe("one depository (within the caller's)"),
  goodsIds: z.string().optional().describe('comma-joined book ids'),
  keyword: z.string().optional().describe('ISBN or title, in part'),
  low: z.string().optional().describe('true: only stock at or below the threshold'),
  threshold: z.string().optional().describe('the low-stock threshold (default 50)'),
  current: z.string().optional().describe('page number, from 1 (default 1)'),
  size: z.string().optional().describe('rows per page, 1..500 (default 10)'),
});
type OverviewQuery = z.output<typeof overviewQuery>;

function queryText(query: OverviewQuery, name: keyof OverviewQuery): string | undefined {
  const v = query[name];
  if (Array.isArray(v)) throw badRequest('paramType', { name });
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

function queryIdOf(query: OverviewQuery, name: keyof OverviewQuery): string | undefined {
  const v = queryText(query, name);
  if (v === undefined) return undefined;
  const id = parseId(v);
  if (!id) throw badRequest('paramType', { name });
  return id;
}

function positiveInt(query: OverviewQuery, name: keyof OverviewQuery, fallback: number, max: number): number {
  const v = queryText(query, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw badRequest('paramType', { name });
  return Math.min(n, max);
}

/** The depositories whose stock the caller may read, or null for every one of the tenant. */
function stockScope(actor: PsiActor): string[] | null {
  if (actor.kind === 'platform') return null;
  if (actor.kind === 'depository') return actor.depositoryIds;
  return [];
}

const inList = (ids: string[]) => ids.map(() => '?').join(',');

interface StockRow {
  depositoryId: string;
  depositoryName: string;
  depositoryCode: string;
  goodsId: string;
  isbn: string;
  goodsName: string;
  publisher: string;
  price: number;
  quantity: number;
  lastMoveTime: string | null;
  lastSourceNo: string | null;
  lastSourceType: number | null;
  lastChange: number | null;
}

function stockQuery(
  app: FastifyInstance,
  actor: PsiActor,
  filters: {
    depositoryId?: string;
    goodsIds?: string[];
    keyword?: string;
    low?: boolean;
    threshold: number;
  },
  limit: number,
  offset: number,
): { records: StockRow[]; total: number } {
  const scope = stockScope(actor);
  if (scope && scope.length === 0) return { records: [], total: 0 };
  const where: string[] = ['s.tenant_id = ?', 's.is_deleted = 0'];
  const params: unknown[] = [actor.tenantId];
  if (scope) {
    where.push(`s.depository_id IN (${inList(scope)})`);
    params.push(...scope.map(big));
  }
  if (filters.depositoryId) {
    where.push('s.depository_id = ?');
    params.push(big(filters.depositoryId));
  }
  if (filters.goodsIds?.length) {
    where.push(`s.goods_id IN (${inList(filters.goodsIds)})`);
    params.push(...filters.goodsIds.map(big));
  }
  if (filters.keyword) {
    where.push(`(g.isbn LIKE ? OR g.goods_name LIKE ?)`);
    params.push(`%${filters.keyword.replace(/-/g, '')}%`, `%${filters.keyword}%`);
  }
  if (filters.low) {
    where.push('s.quantity <= ?');
    params.push(filters.threshold);
  }
  const from = `FROM psi_depository_stock s
    JOIN psi_goods_info g ON g.id = s.goods_id
    JOIN psi_depository_info d ON d.id = s.depository_id
    LEFT JOIN psi_depository_log l ON l.id = s.last_log_id
    WHERE ${where.join(' AND ')}`;
  const total = (
    prepareNumbers(app.ctx.sqlite, `SELECT COUNT(*) AS n ${from}`).get(...params) as { n: number }
  ).n;
  const records = prepareNumbers(
    app.ctx.sqlite,
    `SELECT CAST(s.depository_id AS TEXT) AS depositoryId, d.depository_name AS depositoryName,
              d.depository_code AS depositoryCode, CAST(s.goods_id AS TEXT) AS goodsId, g.isbn AS isbn,
              g.goods_name AS goodsName, g.publisher AS publisher, g.price AS price, s.quantity AS quantity,
              l.operate_time AS lastMoveTime, l.source_no AS lastSourceNo, l.source_type AS lastSourceType,
              l.change_quantity AS lastChange
       ${from}
       ORDER BY d.sort, d.depository_code, s.quantity, g.isbn LIMIT ? OFFSET ?`,
  ).all(...params, limit, offset) as StockRow[];
  return { records, total };
}

const wireStock = (r: StockRow, threshold: number) => ({
  ...r,
  id: `${r.depositoryId}-${r.goodsId}`,
  price: formatMoney(r.price),
  low: r.quantity <= threshold,
});

function weekStart(day: Date): string {
  const d = new Date(day);
  const shift = (d.getDay() + 6) % 7; // Monday first
  d.setDate(d.getDate() - shift);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function countsBy(
  app: FastifyInstance,
  table: string,
  statusColumn: string,
  actor: PsiActor,
  scopeColumn?: { column: string; ids: string[] },
): Record<string, number> {
  const where = ['tenant_id = ?', 'is_deleted = 0'];
  const params: unknown[] = [actor.tenantId];
  if (scopeColumn) {
    if (scopeColumn.ids.length === 0) return {};
    where.push(`${scopeColumn.column} IN (${inList(scopeColumn.ids)})`);
    params.push(...scopeColumn.ids.map(big));
  }
  const rows = prepareNumbers(
    app.ctx.sqlite,
    `SELECT ${statusColumn} AS s, COUNT(*) AS n FROM ${table} WHERE ${where.join(' AND ')} GROUP BY 1`,
  ).all(...params) as { s: number; n: number }[];
  return Object.fromEntries(rows.map((r) => [String(r.s), r.n]));
}

/** Orders (征订单 for the platform and schools, 配送单 for depositories) per week of submission. */
function weekly(
  app: FastifyInstance,
  actor: PsiActor,
  table: string,
  scope: { column: string; ids: string[] } | null,
  weeks: number,
  today: Date,
): { week: string; orders: number; amount: string }[] {
  const where = ['tenant_id = ?', 'is_deleted = 0'];
  const params: unknown[] = [actor.tenantId];
  if (scope) {
    if (scope.ids.length === 0) return [];
    where.push(`${scope.column} IN (${inList(scope.ids)})`);
    params.push(...scope.ids.map(big));
  }
  // The weeks up to the latest order (today when there is none), so a quiet period shows its history.
  const latest = (
    prepareNumbers(
      app.ctx.sqlite,
      `SELECT MAX(submit_time) AS t FROM ${table} WHERE ${where.join(' AND ')}`,
    ).get(...params) as { t: string | null }
  ).t;
  const anchor =
    latest && latest.slice(0, 10) < todayText(today) ? new Date(`${latest.slice(0, 10)}T00:00:00`) : today;
  const first = new Date(anchor);
  first.setDate(first.getDate() - 7 * (weeks - 1));
  where.push('submit_time >= ?');
  params.push(`${weekStart(first)} 00:00:00`);
  const rows = prepareNumbers(
    app.ctx.sqlite,
    `SELECT substr(submit_time, 1, 10) AS day, total_amount AS amount FROM ${table} WHERE ${where.join(' AND ')}`,
  ).all(...params) as { day: string; amount: number }[];
  const buckets = new Map<string, { orders: number; amount: number }>();
  for (let i = 0; i < weeks; i++) {
    const d = new Date(first);
    d.setDate(d.getDate() + 7 * i);
    buckets.set(weekStart(d), { orders: 0, amount: 0 });
  }
  for (const r of rows) {
    const key = weekStart(new Date(`${r.day}T00:00:00`));
    const b = buckets.get(key);
    if (b) {
      b.orders += 1;
      b.amount += r.amount;
    }
  }
  return [...buckets].map(([week, b]) => ({ week, orders: b.orders, amount: formatMoney(b.amount) }));
}

/**
 * The stock movements of the latest day that had any, up to today (today when none had): a demo dated
 * to a week's rhythm, or a quiet day, still shows the last day's work, and `day` says which day it is.
 */
function latestMovements(app: FastifyInstance, actor: PsiActor, today: string, scope: string[] | null) {
  let day = today;
  if (!scope || scope.length > 0) {
    const where = ['tenant_id = ?', 'is_deleted = 0', 'operate_time <= ?'];
    const params: unknown[] = [actor.tenantId, `${today} 23:59:59`];
    if (scope) {
      where.push(`depository_id IN (${inList(scope)})`);
      params.push(...scope.map(big));
    }
    const latest = prepareNumbers(
      app.ctx.sqlite,
      `SELECT MAX(operate_time) AS t FROM psi_depository_log WHERE ${where.join(' AND ')}`,
    ).get(...params) as { t: string | null };
    if (latest.t) day = latest.t.slice(0, 10);
  }
  return { day, ...movementsOn(app, actor, day, scope) };
}

/** Stock movements of one calendar day (the server's), per direction. */
function movementsOn(app: FastifyInstance, actor: PsiActor, day: string, scope: string[] | null) {
  if (scope && scope.length === 0) return { rows: 0, inQuantity: 0, outQuantity: 0 };
  const where = ['tenant_id = ?', 'is_deleted = 0', 'operate_time >= ?', 'operate_time <= ?'];
  const params: unknown[] = [actor.tenantId, `${day} 00:00:00`, `${day} 23:59:59`];
  if (scope) {
    where.push(`depository_id IN (${inList(scope)})`);
    params.push(...scope.map(big));
  }
  const r = prepareNumbers(
    app.ctx.sqlite,
    `SELECT COUNT(*) AS rows, COALESCE(SUM(CASE WHEN change_quantity > 0 THEN change_quantity END), 0) AS inQ,
              COALESCE(SUM(CASE WHEN change_quantity < 0 THEN -change_quantity END), 0) AS outQ
       FROM psi_depository_log WHERE ${where.join(' AND ')}`,
  ).get(...params) as { rows: number; inQ: number; outQ: number };
  return { rows: r.rows, inQuantity: r.inQ, outQuantity: r.outQ };
}

function todayText(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function stockFilters(query: OverviewQuery) {
  const goodsIds = queryText(query, 'goodsIds')
    ?.split(',')
    .map((v) => {
      const id = parseId(v.trim());
      if (!id) throw badRequest('paramType', { name: 'goodsIds' });
      return id;
    });
  return {
    depositoryId: queryIdOf(query, 'depositoryId'),
    goodsIds,
    keyword: queryText(query, 'keyword'),
    low: queryText(query, 'low') === 'true' || queryText(query, 'low') === '1',
    threshold: positiveInt(query, 'threshold', LOW_STOCK, 1_000_000),
  };
}

const stockRow = z.object({
  id: z.string().describe('`depositoryId-goodsId`'),
  depositoryId: z.string(),
  depositoryName: z.string(),
  depositoryCode: z.string(),
  goodsId: z.string(),
  isbn: z.string(),
  goodsName: z.string(),
  publisher: z.string(),
  price: z.string().describe('list price, two decimals'),
  quantity: z.number().int().describe('copies on hand'),
  low: z.boolean().describe('at or below the threshold'),
  lastMoveTime: z.string().nullable().describe('the last movement (null: none yet)'),
  lastSourceNo: z.string().nullable(),
  lastSourceType: z.number().int().nullable(),
  lastChange: z.number().int().nullable().describe('copies the last movement added (negative: took)'),
});

/** Order counts by status code (`{"1": 3, "4": 12}`). */
const statusCounts = z.record(z.string(), z.number().int()).describe('documents per status code');
const lowStock = z.object({
  total: z.number().int(),
  threshold: z.number().int(),
  records: z.array(stockRow).describe('the first ten'),
});
const today = z.object({
  day: z.string().describe("yyyy-MM-dd: the latest day with stock movements, up to the server's today"),
  rows: z.number().int().describe('stock movements on that day'),
  inQuantity: z.number().int(),
  outQuantity: z.number().int(),
});
const weeklyOrders = z
  .array(
    z.object({
      week: z.string().describe('Monday, yyyy-MM-dd'),
      orders: z.number().int(),
      amount: z.string(),
    }),
  )
  .describe('orders per week up to the latest one');

/** The home page figures, by the caller's PSI role (`kind`). */
const dashboard = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('platform'),
    yyptStatus: statusCounts,
    purchaseStatus: statusCounts,
    depositoryOrderStatus: statusCounts,
    deliveryStatus: statusCounts,
    today,
    lowStock,
    weekly: weeklyOrders,
  }),
  z.object({
    kind: z.literal('depository'),
    depositoryOrderStatus: statusCounts,
    deliveryStatus: statusCounts,
    purchaseStatus: statusCounts,
    checkStatus: statusCounts,
    today,
    lowStock,
    weekly: weeklyOrders,
  }),
  z.object({
    kind: z.literal('school'),
    school: z
      .object({ id: z.string(), schoolName: z.string(), schoolCode: z.string(), balance: z.string() })
      .nullable(),
    yyptStatus: statusCounts,
    depositoryOrderStatus: statusCounts,
    orders: z.array(
      z.object({
        id: z.string(),
        orderNo: z.string(),
        orderStatus: z.number().int(),
        payStatus: z.number().int(),
        totalQuantity: z.number().int(),
        deliveredQuantity: z.number().int(),
        totalAmount: z.string(),
        submitTime: z.string(),
      }),
    ),
    weekly: weeklyOrders,
  }),
  z.object({ kind: z.literal('none') }),
]);

const stockAccess = {
  button: ['depositorystock', 'depositorylog', 'depositorycheck', 'deliveryorder'],
};

export function registerOverviewRoutes(app: FastifyInstance) {
  const api = typed(app);
  api.get(
    '/blade-psi/depositorystock/export',
    { config: { access: stockAccess }, schema: { querystring: overviewQuery, response: xlsxAnswer } },
    async (req, reply) => {
      const actor = psiActor(app, req);
      const filters = stockFilters(req.query);
      const { records } = stockQuery(app, actor, filters, EXPORT_LIMIT, 0);
      const en = req.lang === 'en';
      const columns: SheetColumn[] = [
        { header: en ? 'Depository code' : '仓库编码', key: 'depositoryCode' },
        { header: en ? 'Depository' : '仓库', key: 'depositoryName' },
        { header: 'ISBN', key: 'isbn' },
        { header: en ? 'Title' : '书名', key: 'goodsName', width: 44 },
        { header: en ? 'Publisher' : '出版社', key: 'publisher', width: 24 },
        { header: en ? 'List price' : '定价', key: 'price' },
        { header: en ? 'On hand' : '库存数量', key: 'quantity' },
        { header: en ? 'Low stock' : '低库存', key: 'low' },
        { header: en ? 'Last movement' : '最近变动时间', key: 'lastMoveTime', width: 20 },
        { header: en ? 'Last document' : '最近变动单据', key: 'lastSourceNo', width: 20 },
      ].map((c) => ({ ...c, kind: 'text' as const }));
      const rows = records.map((r) => ({
        ...r,
        price: Number(formatMoney(r.price)),
        low: r.quantity <= filters.threshold ? (en ? 'yes' : '是') : '',
      }));
      const buffer = await workbookBuffer(en ? 'Stock' : '库存', columns, rows);
      return sendWorkbook(reply, buffer, en ? 'stock-on-hand' : '库存查询');
    },
  );

  api.get(
    '/blade-psi/depositorystock/list',
    {
      config: { access: stockAccess },
      schema: { querystring: overviewQuery, response: answers.of(pageOf(stockRow)) },
    },
    async (req) => {
      const actor = psiActor(app, req);
      const size = Math.max(1, positiveInt(req.query, 'size', 10, 500));
      const current = Math.max(1, positiveInt(req.query, 'current', 1, 1_000_000));
      const filters = stockFilters(req.query);
      const threshold = filters.threshold;
      const page = stockQuery(app, actor, filters, size, (current - 1) * size);
      return ok(
        {
          records: page.records.map((r) => wireStock(r, threshold)),
          total: page.total,
          size,
          current,
          pages: Math.ceil(page.total / size),
        },
        req.lang,
      );
    },
  );

  api.get(
    '/blade-psi/dashboard/summary',
    {
      config: { access: 'user' },
      schema: {
        querystring: z.looseObject({
          weeks: z.string().optional().describe('weeks of history, 1..52 (default 8)'),
        }),
        response: answers.of(dashboard),
      },
    },
    async (req) => {
      const actor = psiActor(app, req);
      const now = new Date();
      const today = todayText(now);
      const weeks = Math.max(1, positiveInt(req.query, 'weeks', 8, 52));
      if (actor.kind === 'platform') {
        const lowStock = stockQuery(app, actor, { low: true, threshold: LOW_STOCK }, 10, 0);
        return ok(
          {
            kind: actor.kind,
            yyptStatus: countsBy(app, 'psi_purchase_order_yypt', 'order_status', actor),
            purchaseStatus: countsBy(app, 'psi_purchase_order', 'order_status', actor),
            depositoryOrderStatus: countsBy(app, 'psi_purchase_order_depository', 'order_status', actor),
            deliveryStatus: countsBy(app, 'psi_delivery_order', 'order_status', actor),
            today: latestMovements(app, actor, today, null),
            lowStock: {
              total: lowStock.total,
              threshold: LOW_STOCK,
              records: lowStock.records.map((r) => wireStock(r, LOW_STOCK)),
            },
            weekly: weekly(app, actor, 'psi_purchase_order_yypt', null, weeks, now),
          },
          req.lang,
        );
      }
      if (actor.kind === 'depository') {
        const scope = { column: 'depository_id', ids: actor.depositoryIds };
        const lowStock = stockQuery(app, actor, { low: true, threshold: LOW_STOCK }, 10, 0);
        return ok(
          {
            kind: actor.kind,
            depositoryOrderStatus: countsBy(
              app,
              'psi_purchase_order_depository',
              'order_status',
              actor,
              scope,
            ),
            deliveryStatus: countsBy(app, 'psi_delivery_order', 'order_status', actor, scope),
            purchaseStatus: countsBy(app, 'psi_purchase_order', 'order_status', actor, scope),
            checkStatus: countsBy(app, 'psi_depository_check', 'check_status', actor, scope),
            today: latestMovements(app, actor, today, actor.depositoryIds),
            lowStock: {
              total: lowStock.total,
              threshold: LOW_STOCK,
              records: lowStock.records.map((r) => wireStock(r, LOW_STOCK)),
            },
            weekly: weekly(app, actor, 'psi_purchase_order_depository', scope, weeks, now),
          },
          req.lang,
        );
      }
      if (actor.kind === 'school' && actor.schoolId) {
        const scope = { column: 'school_id', ids: [actor.schoolId] };
        const school = prepareNumbers(
          app.ctx.sqlite,
          `SELECT school_name AS schoolName, school_code AS schoolCode, account_balance AS balance
         FROM psi_school_info WHERE id = ? AND tenant_id = ? AND is_deleted = 0`,
        ).get(big(actor.schoolId), actor.tenantId) as
          { schoolName: string; schoolCode: string; balance: number } | undefined;
        const progress = prepareNumbers(
          app.ctx.sqlite,
          `SELECT CAST(id AS TEXT) AS id, order_no AS orderNo, order_status AS orderStatus, pay_status AS payStatus,
                  total_quantity AS totalQuantity, delivered_quantity AS deliveredQuantity,
                  total_amount AS totalAmount, submit_time AS submitTime
           FROM psi_purchase_order_yypt WHERE tenant_id = ? AND school_id = ? AND is_deleted = 0
           ORDER BY submit_time DESC, id DESC LIMIT 8`,
        ).all(actor.tenantId, big(actor.schoolId)) as { totalAmount: number }[];
        return ok(
          {
            kind: actor.kind,
            school: school ? { id: actor.schoolId, ...school, balance: formatMoney(school.balance) } : null,
            yyptStatus: countsBy(app, 'psi_purchase_order_yypt', 'order_status', actor, scope),
            depositoryOrderStatus: countsBy(
              app,
              'psi_purchase_order_depository',
              'order_status',
              actor,
              scope,
            ),
            orders: progress.map((o) => ({ ...o, totalAmount: formatMoney(o.totalAmount) })),
            weekly: weekly(app, actor, 'psi_purchase_order_yypt', scope, weeks, now),
          },
          req.lang,
        );
      }
      return ok({ kind: 'none' }, req.lang);
    },
  );
}
