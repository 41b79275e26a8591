import type Database from 'better-sqlite3';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { DISCOUNT_FIELDS, tableFields, type Lang, type ResourceDef, type TenantMode } from '@psi/db/model';
import { formatDiscount } from '@psi/db/model/psi/index';
import { pageRows, prepare, rowScopeWhere, UntilNextWrite, type Clause } from './data';
import { buildFilters, buildOrder, type SqlWhere } from './filters';
import { pageOf, parsePage, type Page } from './page';
import { tableMeta, type TableMeta } from './table-meta';
import { toWireRow } from './serialize';
import type { SheetColumn } from './export';
import type { DataScopeRule } from './data-scope';

/**
 * The one list engine of declared resources: a spec names the resource, its table and, for
 * resources whose visibility a module decides row by row (the PSI documents: a depository sees its
 * own orders, a school its own), the module's row scope (`ScopeFn`), joined display columns and own
 * filters; the engine adds the tenant rule of the declaration, soft delete, the caller's data scope
 * and the declared filters, pages through an index (deep pages from remembered keys), and keeps
 * totals and pages until the next write.
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

const cacheKeyOf = (spec: ListSpec<never>) => `${spec.def.key}@${tableMeta(spec.table).name}`;

/** Whether the declaration's tenant rule limits the actor to their own tenant. */
const ownTenantOnly = (mode: TenantMode, actor: ScopedActor) =>
  mode !== 'none' && !(mode === 'scopedAdminAll' && actor.isSuperAdmin);

/**
 * The condition of a list: live rows of the actor's tenant (as the declaration's tenant rule says),
 * the spec's row scope, the actor's data
 * scope, the spec's own filters and the declared filters of the query (after `narrow`); null when
 * the scope shows the actor nothing.
 */
function whereFor<A extends ScopedActor>(
  spec: ListSpec<A>,
  actor: A,
  raw: Record<string, unknown>,
): Clause | null {
  const scope = spec.scope ? spec.scope(actor) : ALL_ROWS;
  if (!scope) return null;
  const meta = tableMeta(spec.table);
  const query = spec.narrow ? spec.narrow(actor, raw) : raw;
  const own = spec.filters?.(query);
  const filters = buildFilters(spec.def, meta, own?.rest ?? query);
  const rows = rowScopeWhere(meta, actor);
  const tenant = meta.hasTenant && ownTenantOnly(spec.def.tenant, actor);
  const clauses = [
    ...(meta.softDelete ? ['"is_deleted" = 0'] : []),
    ...(tenant ? ['"tenant_id" = ?'] : []),
    scope.sql,
    ...(rows?.clauses ?? []),
    ...(own?.where.clauses ?? []),
    ...filters.clauses,
  ];
  return {
    sql: clauses.join(' AND '),
    params: [
      ...(tenant ? [actor.tenantId] : []),
      ...scope.params,
      ...(rows?.params ?? []),
      ...(own?.where.params ?? []),
      ...filters.params,
    ],
  };
}

function mapRows(
  meta: TableMeta,
  spec: ListSpec<never>,
  raw: Record<string, unknown>[],
): Record<string, unknown>[] {
  return raw.map((r) => {
    const row = meta.mapRow(r);
    for (const k of Object.keys(r)) if (!meta.byKey.has(k)) row[k] = r[k];
    return row;
  });
}

/** A row as the client gets it: money as `"12.50"`, discounts as `"0.9500"`, ids as strings, no nulls. */
export function wire(def: ResourceDef, row: Record<string, unknown>): Record<string, unknown> {
  const out = { ...row };
  for (const f of DISCOUNT_FIELDS) if (typeof out[f] === 'number') out[f] = formatDiscount(out[f] as number);
  return toWireRow(out, def);
}

const selectOf = (meta: TableMeta, spec: ListSpec<never>) =>
  `SELECT ${meta.selectList}${spec.extra ? `, ${spec.extra}` : ''} FROM "${meta.name}"`;

const pageCache = new UntilNextWrite<Page<Record<string, unknown>>>(2000);

/** Blade's paged list over a spec: scope, declared filters, allowlisted sort, cached total. */
export function listPage<A extends ScopedActor>(
  sqlite: Database.Database,
  spec: ListSpec<A>,
  actor: A,
  query: Record<string, unknown>,
): Page<Record<string, unknown>> {
  const q = parsePage(query);
  const where = whereFor(spec, actor, query);
  if (!where) return pageOf([], 0, q);
  const meta = tableMeta(spec.table);
  const order = buildOrder(spec.def, meta, query);
  // a page is kept until the next write to the database (any table: joined names included)
  const cacheKey = `${cacheKeyOf(spec)}|${where.sql}|${where.params.map(String).join('\u0001')}|${order}|${q.current}|${q.size}`;
  return pageCache.get(sqlite, cacheKey, () => readPage(sqlite, spec, where, order, q));
}

function readPage(
  sqlite: Database.Database,
  spec: ListSpec<never>,
  where: Clause,
  order: string,
  q: { current: number; size: number },
): Page<Record<string, unknown>> {
  const page = pageRows(sqlite, tableMeta(spec.table), cacheKeyOf(spec), where, order, q, spec.extra);
  return { ...page, records: page.records.map((r) => wire(spec.def, r)) };
}

/** Every row of a filtered list (for `listByOrderId`-style reads and exports), capped. */
export function listAll<A extends ScopedActor>(
  sqlite: Database.Database,
  spec: ListSpec<A>,
  actor: A,
  query: Record<string, unknown>,
  limit: number,
  extraWhere?: Clause,
): Record<string, unknown>[] {
  const where = whereFor(spec, actor, query);
  if (!where) return [];
  const meta = tableMeta(spec.table);
  const sql = extraWhere ? `${where.sql} AND ${extraWhere.sql}` : where.sql;
  const raw = prepare<Record<string, unknown>>(
    sqlite,
    `${selectOf(meta, spec)} WHERE ${sql} ORDER BY ${buildOrder(spec.def, meta, query)} LIMIT ?`,
  ).all(...where.params, ...(extraWhere?.params ?? []), limit);
  return mapRows(meta, spec, raw);
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
