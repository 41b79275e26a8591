import type Database from 'better-sqlite3';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { DISCOUNT_FIELDS, tableFields, type Lang, type ResourceDef, type TenantMode } from '@psi/db/model';
import { formatDiscount } from '@psi/db/model/psi/index';
import { mapped, pageRows, prepare, rowScopeWhere, UntilNextWrite, type Clause } from './data';
import { buildFilters, buildOrder, type SqlWhere } from './filters';
import { pageOf, parsePage, type Page, type PageQuery } from './page';
import { tableMeta, type TableMeta } from './table-meta';
import { toWireRow } from './serialize';
import type { SheetColumn } from './export';
import type { DataScopeRule } from './data-scope';

/**
 * The one list engine of the server. A spec names a declared resource, its table and, for resources
 * whose visibility a module decides row by row (the PSI documents: a depository sees its own orders,
 * a school its own), the module's row scope (`ScopeFn`), joined display columns and own filters
 * (a user list's department subtree, a dictionary's parent). Every list walks the same four steps,
 * each in one function below, carrying the spec's table metadata resolved once (`planOf`):
 *   1. read the query (`readQuery`): the actor's filters after `narrow`, the page, the allowlisted sort;
 *   2. scope and filters (`conditionOf`): soft delete, the declaration's tenant rule, the spec's row
 *      scope, the caller's data scope, the spec's own and the declared filters;
 *   3. page (`pageUnder`): through an index, deep pages from remembered keys, totals and pages kept
 *      until the next write;
 *   4. wire (`wire`): money, discounts and ids as the client gets them.
 * Paged lists, capped lists (exports, `listByOrderId`), single rows and lazy tree levels are the
 * shapes of that walk; lists that are not a declared table (the workflow's joins) page through
 * `pageOfSelect`, with the same paging and cache.
 */

export type { Clause };

/** Who reads: the tenant, and what the data scope of the roles needs. */
export interface ScopedActor {
  tenantId: string;
  userId: string;
  deptId: string;
  dataScopes?: DataScopeRule[];
  /** The platform super-admin sees every tenant of a `none` or `scopedAdminAll` resource. */
  isSuperAdmin?: boolean;
}

/** Which rows of a resource an actor sees: a clause, `ALL_ROWS`, or null for none. */
export type ScopeFn<A> = (actor: A) => Clause | null;

/** The clause of a scope that shows every row of the tenant. */
export const ALL_ROWS: Clause = { sql: '1', params: [] };

export interface ListSpec<A extends ScopedActor = ScopedActor> {
  def: ResourceDef;
  table: SQLiteTable;
  /** the module's row scope (default: every row the tenant rule and data scope leave) */
  scope?: ScopeFn<A>;
  /** joined display columns, e.g. `(SELECT …) AS "schoolName"` */
  extra?: string;
  /** resource-specific filters; returns the query without the keys it consumed */
  filters?: (query: Record<string, unknown>) => { where: SqlWhere; rest: Record<string, unknown> };
  /** rewrites the actor's filters before they apply (a scoped user's own ids in place of others) */
  narrow?: (actor: A, query: Record<string, unknown>) => Record<string, unknown>;
}

const TENANT_KEYS = ['tenantId', 'tenant_id'];

/** The tenant filter is the server's: only the platform super-admin may narrow by tenant. */
export const tenantFilterOfSuperAdminOnly = (actor: ScopedActor, query: Record<string, unknown>) => {
  if (actor.isSuperAdmin) return query;
  const rest = { ...query };
  for (const k of TENANT_KEYS) delete rest[k];
  return rest;
};

/** What a spec needs on every request, resolved once: its table's metadata and fixed SQL. */
interface Plan<A extends ScopedActor> {
  spec: ListSpec<A>;
  meta: TableMeta;
  /** the spec's name in the caches (resource and table) */
  key: string;
  /** `SELECT <columns>[, <extra>] FROM "<table>"` */
  select: string;
}

const plans = new WeakMap<ListSpec<never>, Plan<never>>();

function planOf<A extends ScopedActor>(spec: ListSpec<A>): Plan<A> {
  const known = plans.get(spec as ListSpec<never>);
  if (known) return known as unknown as Plan<A>;
  const meta = tableMeta(spec.table);
  const plan: Plan<A> = {
    spec,
    meta,
    key: `${spec.def.key}@${meta.name}`,
    select: `SELECT ${meta.selectList}${spec.extra ? `, ${spec.extra}` : ''} FROM "${meta.name}"`,
  };
  plans.set(spec as ListSpec<never>, plan as unknown as Plan<never>);
  return plan;
}

/** Whether the declaration's tenant rule limits the actor to their own tenant. */
const ownTenantOnly = (mode: TenantMode, actor: ScopedActor) =>
  mode !== 'none' && !(mode === 'scopedAdminAll' && actor.isSuperAdmin);

/** Step 1's answer: the filters the actor may use, the page asked for and the allowlisted sort. */
interface ListRequest {
  filters: Record<string, unknown>;
  page: PageQuery;
  order: string;
}

/** 1. Read the query. A page parameter that is not a number is a 400 naming it. */
function readQuery<A extends ScopedActor>(
  plan: Plan<A>,
  actor: A,
  raw: Record<string, unknown>,
): ListRequest {
  const { spec, meta } = plan;
  return {
    filters: spec.narrow ? spec.narrow(actor, raw) : raw,
    page: parsePage(raw),
    order: buildOrder(spec.def, meta, raw),
  };
}

/**
 * 2. Scope and filters: live rows of the actor's tenant (as the declaration's tenant rule says), the
 * spec's row scope, the actor's data scope, the spec's own filters and the declared filters; null when
 * the scope shows the actor nothing.
 */
function conditionOf<A extends ScopedActor>(
  plan: Plan<A>,
  actor: A,
  filters: Record<string, unknown>,
): Clause | null {
  const { spec, meta } = plan;
  const scope = spec.scope ? spec.scope(actor) : ALL_ROWS;
  if (!scope) return null;
  const own = spec.filters?.(filters);
  const declared = buildFilters(spec.def, meta, own?.rest ?? filters);
  const rows = rowScopeWhere(meta, actor);
  const tenant = meta.hasTenant && ownTenantOnly(spec.def.tenant, actor);
  const clauses = [
    ...(meta.softDelete ? ['"is_deleted" = 0'] : []),
    ...(tenant ? ['"tenant_id" = ?'] : []),
    scope.sql,
    ...(rows?.clauses ?? []),
    ...(own?.where.clauses ?? []),
    ...declared.clauses,
  ];
  return {
    sql: clauses.join(' AND '),
    params: [
      ...(tenant ? [actor.tenantId] : []),
      ...scope.params,
      ...(rows?.params ?? []),
      ...(own?.where.params ?? []),
      ...declared.params,
    ],
  };
}

const keyOf = (where: Clause) => `${where.sql}|${where.params.map(String).join('\u0001')}`;

const pageCache = new UntilNextWrite<Page<Record<string, unknown>>>(2000);

/** 3. Page: one page under the condition, wired, kept until the next write (any table: joined names too). */
function pageUnder(
  sqlite: Database.Database,
  plan: Plan<ScopedActor>,
  where: Clause,
  request: ListRequest,
): Page<Record<string, unknown>> {
  const { page: q, order } = request;
  return pageCache.get(sqlite, `${plan.key}|${keyOf(where)}|${order}|${q.current}|${q.size}`, () => {
    const page = pageRows(sqlite, plan.meta, plan.key, where, order, q, plan.spec.extra);
    return { ...page, records: page.records.map((r) => wire(plan.spec.def, r)) };
  });
}

/** 4. A row as the client gets it: money as `"12.50"`, discounts as `"0.9500"`, ids as strings, no nulls. */
export function wire(def: ResourceDef, row: Record<string, unknown>): Record<string, unknown> {
  const out = { ...row };
  for (const f of DISCOUNT_FIELDS) if (typeof out[f] === 'number') out[f] = formatDiscount(out[f] as number);
  return toWireRow(out, def);
}

/** Blade's paged list over a spec: scope, declared filters, allowlisted sort, cached total. */
export function listPage<A extends ScopedActor>(
  sqlite: Database.Database,
  spec: ListSpec<A>,
  actor: A,
  query: Record<string, unknown>,
): Page<Record<string, unknown>> {
  const plan = planOf(spec);
  const request = readQuery(plan, actor, query);
  const where = conditionOf(plan, actor, request.filters);
  if (!where) return pageOf([], 0, request.page);
  return pageUnder(sqlite, plan as unknown as Plan<ScopedActor>, where, request);
}

/** The rows of a condition in the list's order, capped, as the table maps them (not yet wired). */
function rowsUnder(
  sqlite: Database.Database,
  plan: Plan<ScopedActor>,
  where: Clause,
  order: string,
  limit: number,
): Record<string, unknown>[] {
  return prepare<Record<string, unknown>>(
    sqlite,
    `${plan.select} WHERE ${where.sql} ORDER BY ${order} LIMIT ?`,
  )
    .all(...where.params, limit)
    .map((r) => mapped(plan.meta, r));
}

const and = (where: Clause, extra?: Clause): Clause =>
  extra ? { sql: `${where.sql} AND ${extra.sql}`, params: [...where.params, ...extra.params] } : where;

/** Every row of a filtered list (for `listByOrderId`-style reads and exports), capped. */
export function listAll<A extends ScopedActor>(
  sqlite: Database.Database,
  spec: ListSpec<A>,
  actor: A,
  query: Record<string, unknown>,
  limit: number,
  extraWhere?: Clause,
): Record<string, unknown>[] {
  const plan = planOf(spec);
  const request = readQuery(plan, actor, query);
  const where = conditionOf(plan, actor, request.filters);
  if (!where) return [];
  return rowsUnder(
    sqlite,
    plan as unknown as Plan<ScopedActor>,
    and(where, extraWhere),
    request.order,
    limit,
  );
}

/** One visible row by id, or null (another tenant's, another school's and a deleted row alike). */
export function findOne<A extends ScopedActor>(
  sqlite: Database.Database,
  spec: ListSpec<A>,
  actor: A,
  id: string,
): Record<string, unknown> | null {
  const rows = listAll(sqlite, spec, actor, {}, 1, { sql: '"id" = ?', params: [BigInt(id)] });
  return rows[0] ? wire(spec.def, rows[0]) : null;
}

/** How many rows a lazy tree level answers at most. */
const LEVEL_LIMIT = 5000;

/**
 * One level of a lazy tree (BladeX's lazy tree table), with `hasChildren` (a visible child exists) on
 * each row, not yet wired. What exists for the caller is what the tenant rule, the data scope and the
 * super-admin's tenant filter leave. Without search filters it answers the children of `parentId`;
 * `parentId` null or 0 answers the roots of what the caller sees, which are the rows whose parent is 0
 * or out of sight (a data-scoped user starts at their own department). With search filters the parent
 * condition is dropped unless `parentId` is given, and every matching row is answered, wherever it sits.
 */
export function lazyLevel<A extends ScopedActor>(
  sqlite: Database.Database,
  spec: ListSpec<A>,
  actor: A,
  query: Record<string, unknown>,
  parentId: string | null,
): Record<string, unknown>[] {
  const plan = planOf(spec) as unknown as Plan<ScopedActor>;
  const { meta } = plan;
  const parent = meta.byKey.get('parentId');
  const request = readQuery(plan, actor, query);
  const tenantOnly = Object.fromEntries(
    Object.entries(request.filters).filter(([k]) => TENANT_KEYS.includes(k)),
  );
  const visible = conditionOf(plan, actor, tenantOnly);
  if (!visible || !parent) return [];
  const links = prepare<{ id: unknown; parentId: unknown }>(
    sqlite,
    `SELECT "id" AS id, "${parent.sql}" AS parentId FROM "${meta.name}" WHERE ${visible.sql}`,
  )
    .all(...visible.params)
    .map((r) => ({ id: String(r.id), parentId: String(r.parentId ?? '0') }));
  const seen = new Set(links.map((l) => l.id));
  const children = new Map<string, string[]>();
  for (const l of links) {
    const list = children.get(l.parentId);
    if (list) list.push(l.id);
    else children.set(l.parentId, [l.id]);
  }
  const search = Object.fromEntries(
    Object.entries(request.filters).filter(([k]) => !TENANT_KEYS.includes(k)),
  );
  let rows: Record<string, unknown>[];
  if (buildFilters(spec.def, meta, search).clauses.length > 0) {
    const where = conditionOf(plan, actor, request.filters);
    if (!where) return [];
    const underParent =
      parentId !== null ? { sql: `"${parent.sql}" = ?`, params: [BigInt(parentId)] } : undefined;
    rows = rowsUnder(sqlite, plan, and(where, underParent), request.order, LEVEL_LIMIT);
  } else {
    const wanted =
      parentId !== null && parentId !== '0'
        ? (children.get(parentId) ?? [])
        : links.filter((l) => l.parentId === '0' || !seen.has(l.parentId)).map((l) => l.id);
    rows = wanted.length
      ? rowsUnder(
          sqlite,
          plan,
          and(visible, {
            sql: `"id" IN (${wanted.map(() => '?').join(',')})`,
            params: wanted.map((id) => BigInt(id)),
          }),
          request.order,
          LEVEL_LIMIT,
        )
      : [];
  }
  return rows.map((r) => ({ ...r, hasChildren: children.has(String(r.id)) }));
}

/** A list that is not one declared table: its select list, its `FROM … WHERE …` and its fixed order. */
export interface SelectSource {
  select: string;
  from: string;
  params: unknown[];
  order: string;
}

const selectPages = new UntilNextWrite<Page<Record<string, unknown>>>(2000);

/**
 * A page of a joined list (the workflow's work lists, deployments, instances): the engine's page
 * parameters, its total and page kept until the next write; `row` shapes each answered row.
 */
export function pageOfSelect(
  sqlite: Database.Database,
  source: SelectSource,
  q: PageQuery,
  row: (raw: Record<string, unknown>) => Record<string, unknown>,
): Page<Record<string, unknown>> {
  const key = `${source.select}|${source.from}|${source.params.map(String).join('\u0001')}|${source.order}|${q.current}|${q.size}`;
  return selectPages.get(sqlite, key, () => {
    const total = Number(
      prepare<{ n: bigint }>(sqlite, `SELECT COUNT(*) AS n ${source.from}`).get(...source.params)!.n,
    );
    const offset = (q.current - 1) * q.size;
    if (offset >= total) return pageOf([], total, q);
    const rows = prepare<Record<string, unknown>>(
      sqlite,
      `SELECT ${source.select} ${source.from} ORDER BY ${source.order} LIMIT ? OFFSET ?`,
    ).all(...source.params, q.size, offset);
    return pageOf(rows.map(row), total, q);
  });
}

/** Export columns: the table columns of the declaration, labelled in the caller's language. */
export function exportColumns(def: ResourceDef, lang: Lang): SheetColumn[] {
  return tableFields(def).map((f) => ({
    header: f.label[lang],
    key: f.name,
    kind: f.kind === 'money' ? 'money' : f.kind === 'number' ? 'number' : 'text',
  }));
}

export function exportRow(
  def: ResourceDef,
  row: Record<string, unknown>,
  dicts: Map<string, Map<string, string>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of tableFields(def)) {
    const v = row[f.name];
    if (v === null || v === undefined) continue;
    const d = dicts.get(f.name);
    if (d) out[f.name] = d.get(String(v)) ?? v;
    else if (f.kind === 'money' && typeof v === 'number') out[f.name] = v / 100;
    else if (DISCOUNT_FIELDS.has(f.name) && typeof v === 'number') out[f.name] = formatDiscount(v);
    else out[f.name] = v;
  }
  return out;
}
