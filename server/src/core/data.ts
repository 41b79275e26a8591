import type Database from 'better-sqlite3';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { formatDateTime, nextId, type TenantMode } from '@psi/db/model';
import { tableMeta, toDriver, type TableMeta } from './table-meta';
import type { SqlWhere } from './filters';
import { pageOf, type Page, type PageQuery } from './page';
import { otherTenant } from './errors';
import type { DataScopeRule } from './data-scope';

/** Who is acting: filled into audit columns and used for the tenant scope. */
export interface Actor {
  userId: string;
  tenantId: string;
  deptId: string;
  isSuperAdmin: boolean;
  /** The data scopes of the actor's roles (none for the super-admin role, who is never narrowed). */
  dataScopes?: DataScopeRule[];
}

/**
 * Rows visible to a call: one tenant, or every tenant (`null`) for the platform super-admin; and,
 * through `actor`, the actor's data scope on the table.
 */
export interface Scope {
  tenantId: string | null;
  actor?: Pick<Actor, 'userId' | 'deptId' | 'dataScopes'>;
}

export function scopeOf(mode: TenantMode, actor: Actor): Scope {
  if (mode === 'none') return { tenantId: null, actor };
  if (mode === 'scopedAdminAll' && actor.isSuperAdmin) return { tenantId: null, actor };
  return { tenantId: actor.tenantId, actor };
}

/**
 * The resource codes whose data scopes apply to a table (a resource's permission prefix and key),
 * declared once by whoever serves the resource; every read and write of the data layer on that
 * table then carries the caller's data scope.
 */
const scopeCodesByTable = new Map<string, Set<string>>();

export function declareScopeCodes(table: SQLiteTable | TableMeta, codes: string[]): void {
  const meta = 'byKey' in table ? (table as TableMeta) : tableMeta(table as SQLiteTable);
  const tableName = meta.name;
  metaByTable.set(tableName, meta);
  let set = scopeCodesByTable.get(tableName);
  if (!set) scopeCodesByTable.set(tableName, (set = new Set()));
  for (const c of codes) if (c) set.add(c);
}

/** The tables whose data scopes a resource code names (one table per declared resource). */
export function tablesOfResource(code: string): string[] {
  return [...scopeCodesByTable].filter(([, codes]) => codes.has(code)).map(([table]) => table);
}

/**
 * Whether any of the ids is a live row of the actor's tenant that the actor's data scope hides: a
 * route that names rows by id refuses those exactly as it refuses another tenant's rows.
 */
export function hiddenByScope(
  sqlite: Database.Database,
  tableName: string,
  tenantId: string,
  actor: Pick<Actor, 'userId' | 'deptId' | 'dataScopes'>,
  ids: string[],
): boolean {
  if (!ids.length || !actor.dataScopes?.length) return false;
  const meta = metaByTable.get(tableName);
  if (!meta) return false;
  const scoped = rowScopeWhere(meta, actor);
  if (!scoped) return false;
  const marks = ids.map(() => '?').join(',');
  const row = prepare(
    sqlite,
    `SELECT 1 FROM "${tableName}" WHERE "id" IN (${marks}) AND "tenant_id" = ? AND "is_deleted" = 0
       AND NOT (${scoped.clauses.join(' AND ')}) LIMIT 1`,
  ).get(...ids.map((i) => BigInt(i)), tenantId, ...scoped.params);
  return !!row;
}

const metaByTable = new Map<string, TableMeta>();

/**
 * The data-scope condition of an actor on a table: null when nothing narrows it (no rules for the
 * table's resources, or a rule showing everything). Rows outside it do not exist for the actor: not
 * listed, not found by id, not written.
 */
export function rowScopeWhere(
  meta: TableMeta,
  actor: Pick<Actor, 'userId' | 'deptId' | 'dataScopes'> | undefined,
): SqlWhere | null {
  if (!actor?.dataScopes?.length) return null;
  const codes = scopeCodesByTable.get(meta.name);
  if (!codes) return null;
  const rules = actor.dataScopes.filter((r) => codes.has(r.resourceCode));
  if (!rules.length) return null;
  return dataScopeWhere(meta, rules, actor as Actor);
}

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * Prepared statements are cached by their SQL text: each shape is compiled once per database.
 * `integers: 'number'` answers plain numbers instead of bigints (the PSI ledgers' arithmetic; their
 * statements select ids `CAST(… AS TEXT)`, ids do not fit a double, and bind ids as bigint).
 * `Row` is what one row of the SQL answers (integers as the `integers` mode gives them) and `Params`
 * what it binds: a call site states them once, with the SQL, instead of casting each answer.
 */
export function prepare<Row = unknown, Params extends unknown[] = unknown[]>(
  sqlite: Database.Database,
  sql: string,
  integers: 'bigint' | 'number' = 'bigint',
): Database.Statement<Params, Row> {
  let cache = statements.get(sqlite);
  if (!cache) statements.set(sqlite, (cache = new Map()));
  const key = integers === 'number' ? `#${sql}` : sql;
  let statement = cache.get(key);
  if (!statement) {
    statement = sqlite.prepare(sql);
    if (integers === 'number' && statement.reader) statement.safeIntegers(false);
    cache.set(key, statement);
  }
  // one cache serves every row type: the SQL text, not the cache, decides what a row holds
  return statement as Database.Statement<Params, Row>;
}

/** A cached statement whose integers are plain numbers (see `prepare`). */
export const prepareNumbers = <Row = unknown, Params extends unknown[] = unknown[]>(
  sqlite: Database.Database,
  sql: string,
) => prepare<Row, Params>(sqlite, sql, 'number');

/** A condition with its parameters, as one SQL string. */
export interface Clause {
  sql: string;
  params: unknown[];
}

const marksOf = (n: number) => Array.from({ length: n }, () => '?').join(', ');

const stampStatements = new WeakMap<
  Database.Database,
  { changes: Database.Statement<[], number>; version: Database.Statement<[], number> }
>();

/**
 * A stamp that changes whenever the database may have changed: the rows this connection has
 * written (`total_changes()`) and the commits of other connections (`PRAGMA data_version`). Two
 * single-value statements answering plain numbers: cheaper than one row of bigints, and read on
 * every cached answer.
 */
function writeStamp(sqlite: Database.Database): string {
  let s = stampStatements.get(sqlite);
  if (!s) {
    s = {
      changes: sqlite.prepare<[], number>('SELECT total_changes()').pluck().safeIntegers(false),
      version: sqlite.prepare<[], number>('PRAGMA data_version').pluck().safeIntegers(false),
    };
    stampStatements.set(sqlite, s);
  }
  return `${s.changes.get()}.${s.version.get()}`;
}

interface Kept<T> {
  entries: Map<string, { stamp: string; value: T }>;
  bytes: number;
}

/**
 * Values read from the database, each kept under its key until the next write to the database
 * (`writeStamp`: any table, by this connection or another), so an unchanged answer is built once.
 * Past `limit` keys of one database, or past `maxBytes` of values when `sizeOf` weighs them, the
 * cache starts over.
 */
export class UntilNextWrite<T> {
  private readonly byDatabase = new WeakMap<Database.Database, Kept<T>>();

  constructor(
    private readonly limit: number,
    private readonly sizeOf?: (value: T) => number,
    private readonly maxBytes = Infinity,
  ) {}

  get(sqlite: Database.Database, key: string, read: () => T): T {
    let kept = this.byDatabase.get(sqlite);
    if (!kept) this.byDatabase.set(sqlite, (kept = { entries: new Map(), bytes: 0 }));
    const stamp = writeStamp(sqlite);
    const hit = kept.entries.get(key);
    if (hit && hit.stamp === stamp) return hit.value;
    const value = read();
    const size = this.sizeOf?.(value) ?? 0;
    if (kept.entries.size > this.limit || kept.bytes + size > this.maxBytes) {
      kept.entries.clear();
      kept.bytes = 0;
    } else if (hit) kept.bytes -= this.sizeOf?.(hit.value) ?? 0;
    kept.entries.set(key, { stamp, value });
    kept.bytes += size;
    return value;
  }
}

const totals = new UntilNextWrite<number>(5000);

/**
 * `COUNT(*)` of a filtered list, cached until the next write to the database, so paging through
 * an unchanged list costs an index seek per page instead of a count over every row.
 */
function countOf(sqlite: Database.Database, name: string, cacheKey: string, where: Clause): number {
  const key = `${cacheKey}|${where.sql}|${where.params.map(String).join('\u0001')}`;
  return totals.get(sqlite, key, () =>
    Number(
      prepare<{ n: bigint }>(sqlite, `SELECT COUNT(*) AS n FROM "${name}" WHERE ${where.sql}`).get(
        ...where.params,
      )!.n,
    ),
  );
}

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
  name: string,
  cacheKey: string,
  where: Clause,
  order: string,
  offset: number,
  size: number,
): Clause {
  const plain = {
    sql: `SELECT "id" FROM "${name}" WHERE ${where.sql}${order ? ` ORDER BY ${order}` : ''} LIMIT ? OFFSET ?`,
    params: [...where.params, size, offset],
  };
  const k = Math.floor(offset / ANCHOR_STEP);
  if (k === 0 || order !== DEFAULT_ORDER || size > ANCHOR_STEP) return plain;
  let cache = anchorCache.get(sqlite);
  if (!cache) anchorCache.set(sqlite, (cache = new Map()));
  const key = `${cacheKey}|${where.sql}|${where.params.map(String).join('\u0001')}`;
  const stamp = writeStamp(sqlite);
  let entry = cache.get(key);
  if (!entry || entry.stamp !== stamp) cache.set(key, (entry = { stamp, keys: [] }));
  while (entry.keys.length < k) {
    const last = entry.keys.at(-1);
    const next = last
      ? after(name, where, last, ANCHOR_STEP)
      : { sql: `SELECT "create_time" AS "ct", "id" FROM "${name}" WHERE ${where.sql}`, params: where.params };
    const row = prepare<{ ct: string | null; id: bigint }>(
      sqlite,
      `SELECT "ct", "id" FROM (${next.sql}) ORDER BY "ct" DESC, "id" DESC LIMIT 1 OFFSET ?`,
    ).get(...next.params, ANCHOR_STEP - 1);
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

/**
 * One page of a table's rows under a condition: the total (cached until the next write), the page's
 * ids from the index alone (deep pages from remembered keys), then only those rows, by key. `extra`
 * adds joined display columns (`(SELECT …) AS "schoolName"`), kept on the rows as they come.
 */
export function pageRows(
  sqlite: Database.Database,
  meta: TableMeta,
  cacheKey: string,
  where: Clause,
  order: string,
  q: PageQuery,
  extra?: string,
): Page<Record<string, unknown>> {
  const total = countOf(sqlite, meta.name, cacheKey, where);
  const offset = (q.current - 1) * q.size;
  if (offset >= total) return pageOf([], total, q);
  const select = `SELECT ${meta.selectList}${extra ? `, ${extra}` : ''} FROM "${meta.name}"`;
  if (!meta.byKey.has('id')) {
    // a table keyed otherwise (regions by code) pages by offset
    const rows = prepare<Record<string, unknown>>(
      sqlite,
      `${select} WHERE ${where.sql}${order ? ` ORDER BY ${order}` : ''} LIMIT ? OFFSET ?`,
    ).all(...where.params, q.size, offset);
    return pageOf(
      rows.map((r) => mapped(meta, r)),
      total,
      q,
    );
  }
  const page = pageIds(sqlite, meta.name, cacheKey, where, order, offset, q.size);
  const ids = prepare<{ id: bigint }>(sqlite, page.sql)
    .all(...page.params)
    .map((r) => r.id);
  if (!ids.length) return pageOf([], total, q);
  const byId = new Map(
    prepare<Record<string, unknown>>(sqlite, `${select} WHERE "id" IN (${marksOf(ids.length)})`)
      .all(...ids)
      .map((r) => [r.id as bigint, r]),
  );
  const records = ids
    .map((id) => byId.get(id))
    .filter((r): r is Record<string, unknown> => r !== undefined)
    .map((r) => mapped(meta, r));
  return pageOf(records, total, q);
}

/** A raw row as the table maps it, with joined display columns kept as they come. */
export function mapped(meta: TableMeta, raw: Record<string, unknown>): Record<string, unknown> {
  const row = meta.mapRow(raw);
  for (const k of Object.keys(raw)) if (!meta.byKey.has(k)) row[k] = raw[k];
  return row;
}

/**
 * The generic data layer over one table: every read adds `is_deleted = 0` and the tenant scope;
 * every write fills the audit columns. Routes never write these conditions themselves.
 */
export class Repo {
  readonly meta: TableMeta;

  constructor(
    readonly sqlite: Database.Database,
    readonly table: SQLiteTable,
    readonly tenantMode: TenantMode,
    /** Resource codes whose data scopes narrow this table (see `declareScopeCodes`). */
    scopeCodes: string[] = [],
  ) {
    this.meta = tableMeta(table);
    declareScopeCodes(this.meta, scopeCodes);
  }

  private baseWhere(scope: Scope): SqlWhere {
    const clauses: string[] = [];
    const params: unknown[] = [];
    if (this.meta.softDelete) clauses.push('"is_deleted" = 0');
    if (this.meta.hasTenant && this.tenantMode !== 'none' && scope.tenantId !== null) {
      clauses.push('"tenant_id" = ?');
      params.push(scope.tenantId);
    }
    const rows = rowScopeWhere(this.meta, scope.actor);
    if (rows) {
      clauses.push(...rows.clauses);
      params.push(...rows.params);
    }
    return { clauses, params };
  }

  private whereSql(scope: Scope, extra?: SqlWhere): { sql: string; params: unknown[] } {
    const base = this.baseWhere(scope);
    const clauses = [...base.clauses, ...(extra?.clauses ?? [])];
    return {
      sql: clauses.length ? ` WHERE ${clauses.join(' AND ')}` : '',
      params: [...base.params, ...(extra?.params ?? [])],
    };
  }

  findById(scope: Scope, id: string): Record<string, unknown> | null {
    const where = this.whereSql(scope, { clauses: ['"id" = ?'], params: [BigInt(id)] });
    const rows = this.all(
      `SELECT ${this.meta.selectList} FROM "${this.meta.name}"${where.sql}`,
      where.params,
    );
    return rows[0] ?? null;
  }

  /**
   * Refuses a write when any of the ids is a live row of another tenant (the whole batch fails,
   * HTTP 403 as Blade's TenantGuard). Returns the ids that exist in scope.
   */
  guardTenant(scope: Scope, ids: string[]): string[] {
    if (!ids.length) return [];
    const marks = ids.map(() => '?').join(',');
    const deleted = this.meta.softDelete ? ' AND "is_deleted" = 0' : '';
    const tenantCol = this.meta.hasTenant ? '"tenant_id"' : 'NULL';
    const rows = prepare<{ id: bigint; tenantId: string | null }>(
      this.sqlite,
      `SELECT "id" AS id, ${tenantCol} AS tenantId FROM "${this.meta.name}" WHERE "id" IN (${marks})${deleted}`,
    ).all(...ids.map((i) => BigInt(i)));
    if (
      this.tenantMode !== 'none' &&
      scope.tenantId !== null &&
      rows.some((r) => r.tenantId !== scope.tenantId)
    ) {
      throw otherTenant();
    }
    // a row outside the caller's data scope is refused exactly like another tenant's
    const narrowed = rowScopeWhere(this.meta, scope.actor);
    if (narrowed && rows.length) {
      const visible = new Set(
        prepare<{ id: bigint }>(
          this.sqlite,
          `SELECT "id" AS id FROM "${this.meta.name}" WHERE "id" IN (${rows.map(() => '?').join(',')}) AND ${narrowed.clauses.join(' AND ')}`,
        )
          .all(...rows.map((r) => r.id), ...narrowed.params)
          .map((r) => String(r.id)),
      );
      if (rows.some((r) => !visible.has(String(r.id)))) throw otherTenant();
    }
    return rows.map((r) => String(r.id));
  }

  /** True when another live row in scope already has these values. */
  exists(scope: Scope, values: Record<string, unknown>, exceptId?: string): boolean {
    const clauses = Object.keys(values).map((k) => `"${this.meta.byKey.get(k)!.sql}" = ?`);
    const params = Object.entries(values).map(([k, v]) => toDriver(this.meta, k, v));
    if (exceptId) {
      clauses.push('"id" <> ?');
      params.push(BigInt(exceptId));
    }
    const where = this.whereSql(scope, { clauses, params });
    return !!prepare(this.sqlite, `SELECT 1 FROM "${this.meta.name}"${where.sql} LIMIT 1`).get(
      ...where.params,
    );
  }

  insert(values: Record<string, unknown>, actor: Actor, tenantId?: string): string {
    const id = (values.id as string | undefined) ?? nextId();
    const now = formatDateTime();
    const row: Record<string, unknown> = { ...values, id };
    if (this.meta.hasTenant) row.tenantId = tenantId ?? actor.tenantId;
    if (this.meta.byKey.has('createTime')) row.createTime = now;
    if (this.meta.audited) {
      Object.assign(row, {
        createUser: actor.userId,
        createDept: firstId(actor.deptId),
        updateUser: actor.userId,
        updateTime: now,
      });
    }
    if (this.meta.softDelete) row.isDeleted = 0;
    const keys = Object.keys(row).filter((k) => this.meta.byKey.has(k) && row[k] !== undefined);
    const sql = `INSERT INTO "${this.meta.name}" (${keys.map((k) => `"${this.meta.byKey.get(k)!.sql}"`).join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`;
    prepare(this.sqlite, sql).run(...keys.map((k) => toDriver(this.meta, k, row[k])));
    return id;
  }

  /** Partial update of a live row in scope; returns the number of rows changed (0 or 1). */
  update(scope: Scope, id: string, values: Record<string, unknown>, actor: Actor): number {
    const row: Record<string, unknown> = { ...values };
    delete row.id;
    delete row.tenantId;
    delete row.isDeleted;
    if (this.meta.audited) Object.assign(row, { updateUser: actor.userId, updateTime: formatDateTime() });
    const keys = Object.keys(row).filter((k) => this.meta.byKey.has(k) && row[k] !== undefined);
    if (!keys.length) return 0;
    const where = this.whereSql(scope, { clauses: ['"id" = ?'], params: [BigInt(id)] });
    const sql = `UPDATE "${this.meta.name}" SET ${keys.map((k) => `"${this.meta.byKey.get(k)!.sql}" = ?`).join(', ')}${where.sql}`;
    return prepare(this.sqlite, sql).run(...keys.map((k) => toDriver(this.meta, k, row[k])), ...where.params)
      .changes;
  }

  /** Soft delete in one transaction; a batch touching another tenant's row changes nothing. */
  remove(scope: Scope, ids: string[], actor: Actor): number {
    return this.sqlite.transaction(() => {
      const own = this.guardTenant(scope, ids);
      if (!own.length) return 0;
      const marks = own.map(() => '?').join(',');
      const audit = this.meta.audited ? ', "update_user" = ?, "update_time" = ?' : '';
      const auditParams = this.meta.audited ? [BigInt(actor.userId), formatDateTime()] : [];
      if (this.meta.softDelete) {
        return prepare(
          this.sqlite,
          `UPDATE "${this.meta.name}" SET "is_deleted" = 1${audit} WHERE "id" IN (${marks})`,
        ).run(...auditParams, ...own.map((i) => BigInt(i))).changes;
      }
      return prepare(this.sqlite, `DELETE FROM "${this.meta.name}" WHERE "id" IN (${marks})`).run(
        ...own.map((i) => BigInt(i)),
      ).changes;
    })();
  }

  private all(sql: string, params: unknown[]): Record<string, unknown>[] {
    return prepare<Record<string, unknown>>(this.sqlite, sql)
      .all(...params)
      .map((r) => this.meta.mapRow(r));
  }
}

const firstId = (list: string) => list.split(',').find(Boolean) ?? null;

const idsOf = (list: string | null | undefined) =>
  (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d{1,19}$/.test(s));

/**
 * The list condition of a resource's data scopes (one role's rules OR another's): 1 everything,
 * 2 rows the caller created, 3 rows of the caller's departments, 4 those and every department below,
 * 5 the departments listed in `scopeValue`. The rule's column (default `create_dept`; `create_user`
 * for own rows) must be a column
 * of the table; an id column is compared with `IN`, a comma-joined list column (`dept_id` of users)
 * by membership. Returns null when every row is visible; a rule that cannot apply shows nothing.
 */
function dataScopeWhere(meta: TableMeta, rules: DataScopeRule[], actor: Actor): SqlWhere | null {
  if (!rules.length || rules.some((r) => r.scopeType === 1)) return null;
  const clauses: string[] = [];
  const params: unknown[] = [];
  const deptIds = idsOf(actor.deptId);
  for (const rule of rules) {
    const named = (rule.scopeColumn ?? '').trim();
    // "own rows" compares a creator column; a department column named on the rule means create_user
    const wanted =
      rule.scopeType === 2 ? (named && !/dept/i.test(named) ? named : 'create_user') : named || 'create_dept';
    const camel = wanted.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    const col = meta.byKey.get(camel) ?? meta.columns.find((c) => c.sql === wanted);
    if (!col) continue;
    const ref = `"${col.sql}"`;
    const isList = col.column.getSQLType() !== 'integer';
    if (rule.scopeType === 2) {
      clauses.push(isList ? `instr(',' || ${ref} || ',', ',' || ? || ',') > 0` : `${ref} = ?`);
      params.push(isList ? actor.userId : BigInt(actor.userId));
      continue;
    }
    const chosen = rule.scopeType === 5 ? idsOf(rule.scopeValue) : deptIds;
    if (!chosen.length || ![3, 4, 5].includes(rule.scopeType)) continue;
    const marks = chosen.map(() => '?').join(',');
    const below =
      rule.scopeType === 4
        ? ` OR ${chosen.map(() => `instr(',' || d.ancestors || ',', ',' || ? || ',') > 0`).join(' OR ')}`
        : '';
    const depts = `SELECT d.id FROM blade_dept d WHERE d.is_deleted = 0 AND (d.id IN (${marks})${below})`;
    clauses.push(
      isList
        ? `EXISTS (SELECT 1 FROM (${depts}) s WHERE instr(',' || ${ref} || ',', ',' || s.id || ',') > 0)`
        : `${ref} IN (${depts})`,
    );
    params.push(...chosen.map((i) => BigInt(i)), ...(rule.scopeType === 4 ? chosen : []));
  }
  if (!clauses.length) return { clauses: ['0 = 1'], params: [] };
  return { clauses: [`(${clauses.join(' OR ')})`], params };
}
