import type Database from 'better-sqlite3';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { tableFields, type Lang, type ResourceDef } from '@psi/db/model';
import { formatDiscount } from '@psi/db/model/psi/index';
import { DISCOUNT_FIELDS } from '@psi/db/model';
import { prepare, rowScopeWhere } from '../../core/data';
import { buildFilters, buildOrder, type SqlWhere } from '../../core/filters';
import { pageOf, parsePage, type Page } from '../../core/page';
import { tableMeta, type TableMeta } from '../../core/table-meta';
import { toWireRow } from '../../core/serialize';
import type { PsiActor } from './env';
import type { SheetColumn } from './excel';

export interface Clause {
  sql: string;
  params: unknown[];
}

/** Which rows of a resource an actor sees: a clause, `''`-free `{sql: '1'}` for all, or null for none. */
export type ScopeFn = (actor: PsiActor) => Clause | null;

export interface ListSpec {
  def: ResourceDef;
  table: SQLiteTable;
  scope: ScopeFn;
  /** joined display columns, e.g. `(SELECT …) AS "schoolName"` */
  extra?: string;
  /** resource-specific filters; returns the query without the keys it consumed */
  filters?: (query: Record<string, unknown>) => { where: SqlWhere; rest: Record<string, unknown> };
}

const ALL: Clause = { sql: '1', params: [] };
const ids = (list: string[]) => list.map((i) => BigInt(i));
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** Rows whose `column` is one of the actor's depositories (platform: all). */
export const depositoryScope =
  (column = 'depository_id'): ScopeFn =>
  (a) =>
    a.kind === 'platform'
      ? ALL
      : a.kind === 'depository' && a.depositoryIds.length
        ? { sql: `${column} IN (${marks(a.depositoryIds.length)})`, params: ids(a.depositoryIds) }
        : null;

/** Rows of the actor's school (platform: all). */
export const schoolScope =
  (column = 'school_id'): ScopeFn =>
  (a) =>
    a.kind === 'platform'
      ? ALL
      : a.kind === 'school' && a.schoolId
        ? { sql: `${column} = ?`, params: [BigInt(a.schoolId)] }
        : null;

/** Orders: the platform sees all, a depository its own, a school its own. */
export const orderScope: ScopeFn = (a) => depositoryScope()(a) ?? schoolScope()(a);

export const everyone: ScopeFn = () => ALL;
export const platformOnly: ScopeFn = (a) => (a.kind === 'platform' ? ALL : null);

/** Lines are visible when their header is. */
export const lineScope =
  (parentColumn: string, headerTable: string, header: ScopeFn): ScopeFn =>
  (a) => {
    const h = header(a);
    if (!h) return null;
    if (h === ALL) return ALL;
    return { sql: `${parentColumn} IN (SELECT id FROM ${headerTable} WHERE ${h.sql})`, params: h.params };
  };

interface CachedTotal {
  stamp: string;
  total: number;
}
const totals = new WeakMap<Database.Database, Map<string, CachedTotal>>();

/**
 * A stamp that changes whenever the database may have changed: the rows this connection has
 * written (`total_changes()`) and the commits of other connections (`PRAGMA data_version`).
 */
function writeStamp(sqlite: Database.Database): string {
  const r = prepare(
    sqlite,
    'SELECT total_changes() AS n, (SELECT data_version FROM pragma_data_version) AS v',
  ).get() as {
    n: bigint;
    v: bigint;
  };
  return `${r.n}.${r.v}`;
}

/**
 * `COUNT(*)` of a filtered list, cached until the next write to the database, so paging through
 * an unchanged list costs an index seek per page instead of a count over every row.
 */
function countOf(sqlite: Database.Database, spec: ListSpec, where: Clause): number {
  let cache = totals.get(sqlite);
  if (!cache) totals.set(sqlite, (cache = new Map()));
  const key = `${spec.def.key}|${where.sql}|${where.params.map(String).join('\u0001')}`;
  const stamp = writeStamp(sqlite);
  const hit = cache.get(key);
  if (hit && hit.stamp === stamp) return hit.total;
  const meta = tableMeta(spec.table);
  const total = Number(
    (
      prepare(sqlite, `SELECT COUNT(*) AS n FROM "${meta.name}" WHERE ${where.sql}`).get(...where.params) as {
        n: bigint;
      }
    ).n,
  );
  if (cache.size > 5000) cache.clear();
  cache.set(key, { stamp, total });
  return total;
}

const SCOPE_KEYS: Record<string, string[]> = {
  school: ['schoolId', 'school_id'],
  depository: ['depositoryId', 'depository_id'],
};

/**
 * DOMAIN.md 3.8: a scoped user's `schoolId` / `depositoryId` filter is replaced with its own. A school
 * user's school filter is dropped (the scope already is its school); a depository user's depository
 * filter stays only when it names one of its own depositories (narrowing among them), else it is
 * dropped and the scope shows its own depositories.
 */
export function overrideScopeFilters(
  actor: PsiActor,
  query: Record<string, unknown>,
): Record<string, unknown> {
  const names = SCOPE_KEYS[actor.kind];
  if (!names) return query;
  const own = new Set(actor.kind === 'school' ? [] : actor.depositoryIds);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    const base = names.find((n) => key === n || key.startsWith(`${n}_`));
    if (base === undefined) out[key] = value;
    else if ((key === base || key === `${base}_equal`) && own.has(String(value).trim())) out[key] = value;
  }
  return out;
}

export function whereFor(spec: ListSpec, actor: PsiActor, raw: Record<string, unknown>): Clause | null {
  const scope = spec.scope(actor);
  if (!scope) return null;
  const meta = tableMeta(spec.table);
  const query = overrideScopeFilters(actor, raw);
  const own = spec.filters?.(query);
  const filters = buildFilters(spec.def, meta, own?.rest ?? query);
  const rows = rowScopeWhere(meta, actor);
  const clauses = [
    '"is_deleted" = 0',
    '"tenant_id" = ?',
    scope.sql,
    ...(rows?.clauses ?? []),
    ...(own?.where.clauses ?? []),
    ...filters.clauses,
  ];
  return {
    sql: clauses.join(' AND '),
    params: [
      actor.tenantId,
      ...scope.params,
      ...(rows?.params ?? []),
      ...(own?.where.params ?? []),
      ...filters.params,
    ],
  };
}

function mapRows(meta: TableMeta, spec: ListSpec, raw: Record<string, unknown>[]): Record<string, unknown>[] {
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

const selectOf = (meta: TableMeta, spec: ListSpec) =>
  `SELECT ${meta.selectList}${spec.extra ? `, ${spec.extra}` : ''} FROM "${meta.name}"`;

const ANCHOR_STEP = 1000;
const DEFAULT_ORDER = '"create_time" DESC, "id" DESC';
const anchorCache = new WeakMap<
  Database.Database,
  Map<string, { stamp: string; keys: [string, bigint][] }>
>();

/**
 * The rows after a key `(create_time, id)` in the default order, as two index ranges (the same
 * second with a smaller id, then every earlier second), each cut at `limit`: SQLite seeks both
 * instead of walking every row before the key.
 */
function after(name: string, where: Clause, key: [string, bigint], limit: number): Clause {
  return {
    sql: `SELECT "ct", "id" FROM (
        SELECT "create_time" AS "ct", "id" FROM "${name}" WHERE ${where.sql} AND "create_time" = ? AND "id" < ?
        ORDER BY "id" DESC LIMIT ?)
      UNION ALL SELECT "ct", "id" FROM (
        SELECT "create_time" AS "ct", "id" FROM "${name}" WHERE ${where.sql} AND "create_time" < ?
        ORDER BY "create_time" DESC, "id" DESC LIMIT ?)`,
    params: [...where.params, key[0], key[1], limit, ...where.params, key[0], limit],
  };
}

/**
 * The ids of one page. Deep pages in the default order (newest first) start from a remembered key
 * every 1 000 rows instead of skipping every row before them, so page 9 000 costs about what page 1
 * does. The keys are found once and kept until the next write, like the totals.
 */
function pageIds(
  sqlite: Database.Database,
  spec: ListSpec,
  where: Clause,
  order: string,
  offset: number,
  size: number,
): Clause {
  const name = tableMeta(spec.table).name;
  const plain = {
    sql: `SELECT "id" FROM "${name}" WHERE ${where.sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
    params: [...where.params, size, offset],
  };
  const k = Math.floor(offset / ANCHOR_STEP);
  if (k === 0 || order !== DEFAULT_ORDER || size > ANCHOR_STEP) return plain;
  let cache = anchorCache.get(sqlite);
  if (!cache) anchorCache.set(sqlite, (cache = new Map()));
  const key = `${spec.def.key}|${where.sql}|${where.params.map(String).join('\u0001')}`;
  const stamp = writeStamp(sqlite);
  let entry = cache.get(key);
  if (!entry || entry.stamp !== stamp) cache.set(key, (entry = { stamp, keys: [] }));
  while (entry.keys.length < k) {
    const last = entry.keys.at(-1);
    const next = last
      ? after(name, where, last, ANCHOR_STEP)
      : { sql: `SELECT "create_time" AS "ct", "id" FROM "${name}" WHERE ${where.sql}`, params: where.params };
    const row = prepare(
      sqlite,
      `SELECT "ct", "id" FROM (${next.sql}) ORDER BY "ct" DESC, "id" DESC LIMIT 1 OFFSET ?`,
    ).get(...next.params, ANCHOR_STEP - 1) as { ct: string | null; id: bigint } | undefined;
    if (!row || row.ct === null) return plain;
    entry.keys.push([row.ct, row.id]);
  }
  const rest = offset - k * ANCHOR_STEP;
  const tail = after(name, where, entry.keys[k - 1], rest + size);
  return {
    sql: `SELECT "id" FROM (${tail.sql}) ORDER BY "ct" DESC, "id" DESC LIMIT ? OFFSET ?`,
    params: [...tail.params, size, rest],
  };
}

const pageCache = new WeakMap<
  Database.Database,
  Map<string, { stamp: string; page: Page<Record<string, unknown>> }>
>();

/** Blade's paged list over a spec: scope, declared filters, allowlisted sort, cached total. */
export function listPage(
  sqlite: Database.Database,
  spec: ListSpec,
  actor: PsiActor,
  query: Record<string, unknown>,
): Page<Record<string, unknown>> {
  const q = parsePage(query);
  const where = whereFor(spec, actor, query);
  if (!where) return pageOf([], 0, q);
  const meta = tableMeta(spec.table);
  const order = buildOrder(spec.def, meta, query);
  // a page is kept until the next write to the database (any table: joined names included)
  let cache = pageCache.get(sqlite);
  if (!cache) pageCache.set(sqlite, (cache = new Map()));
  const cacheKey = `${spec.def.key}|${where.sql}|${where.params.map(String).join('\u0001')}|${order}|${q.current}|${q.size}`;
  const stamp = writeStamp(sqlite);
  const hit = cache.get(cacheKey);
  if (hit && hit.stamp === stamp) return hit.page;
  if (cache.size > 2000) cache.clear();
  const result = readPage(sqlite, spec, where, order, q);
  cache.set(cacheKey, { stamp, page: result });
  return result;
}

function readPage(
  sqlite: Database.Database,
  spec: ListSpec,
  where: Clause,
  order: string,
  q: { current: number; size: number },
): Page<Record<string, unknown>> {
  const meta = tableMeta(spec.table);
  const total = countOf(sqlite, spec, where);
  const offset = (q.current - 1) * q.size;
  if (offset >= total) return pageOf([], total, q);
  const page = pageIds(sqlite, spec, where, order, offset, q.size);
  // the page's ids come from the (covering) index alone; then only those rows are read, by key
  const ids = (prepare(sqlite, page.sql).all(...page.params) as { id: bigint }[]).map((r) => r.id);
  if (!ids.length) return pageOf([], total, q);
  const byId = new Map(
    (
      prepare(sqlite, `${selectOf(meta, spec)} WHERE "id" IN (${marks(ids.length)})`).all(...ids) as Record<
        string,
        unknown
      >[]
    ).map((r) => [r.id as bigint, r]),
  );
  const raw = ids.map((id) => byId.get(id)).filter((r): r is Record<string, unknown> => r !== undefined);
  return pageOf(
    mapRows(meta, spec, raw).map((r) => wire(spec.def, r)),
    total,
    q,
  );
}

/** Every row of a filtered list (for `listByOrderId`-style reads and exports), capped. */
export function listAll(
  sqlite: Database.Database,
  spec: ListSpec,
  actor: PsiActor,
  query: Record<string, unknown>,
  limit: number,
  extraWhere?: Clause,
): Record<string, unknown>[] {
  const where = whereFor(spec, actor, query);
  if (!where) return [];
  const meta = tableMeta(spec.table);
  const sql = extraWhere ? `${where.sql} AND ${extraWhere.sql}` : where.sql;
  const raw = prepare(
    sqlite,
    `${selectOf(meta, spec)} WHERE ${sql} ORDER BY ${buildOrder(spec.def, meta, query)} LIMIT ?`,
  ).all(...where.params, ...(extraWhere?.params ?? []), limit) as Record<string, unknown>[];
  return mapRows(meta, spec, raw);
}

/** One visible row by id, or null (another tenant's, another school's and a deleted row alike). */
export function findOne(
  sqlite: Database.Database,
  spec: ListSpec,
  actor: PsiActor,
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

/** Dictionary codes → labels for an export (Chinese labels, as the dictionaries store them). */
export function dictLabels(sqlite: Database.Database, def: ResourceDef): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const f of def.fields) {
    if (!f.dict) continue;
    const rows = prepare(
      sqlite,
      `SELECT d.dict_key AS k, d.dict_value AS v FROM blade_dict d JOIN blade_dict p ON p.id = d.parent_id
       WHERE p.code = ? AND p.parent_id = 0 AND d.is_deleted = 0`,
    ).all(f.dict.code) as { k: string; v: string }[];
    out.set(f.name, new Map(rows.map((r) => [r.k, r.v])));
  }
  return out;
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
