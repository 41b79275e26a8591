import { getTableColumns, getTableName, type Column } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';

export interface ColumnMeta {
  key: string;
  sql: string;
  column: Column;
}

/** What the generic data layer needs to know about a drizzle table. */
export interface TableMeta {
  name: string;
  columns: ColumnMeta[];
  byKey: Map<string, ColumnMeta>;
  hasTenant: boolean;
  softDelete: boolean;
  audited: boolean;
  selectList: string;
  mapRow(raw: Record<string, unknown>): Record<string, unknown>;
}

const cache = new WeakMap<SQLiteTable, TableMeta>();

export function tableMeta(table: SQLiteTable): TableMeta {
  const hit = cache.get(table);
  if (hit) return hit;
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({
    key,
    sql: column.name,
    column: column as Column,
  }));
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const meta: TableMeta = {
    name: getTableName(table),
    columns,
    byKey,
    hasTenant: byKey.has('tenantId'),
    softDelete: byKey.has('isDeleted'),
    audited: byKey.has('createTime') && byKey.has('updateUser'),
    selectList: columns.map((c) => `"${c.sql}" AS "${c.key}"`).join(', '),
    mapRow(raw) {
      const out: Record<string, unknown> = {};
      for (const c of columns) {
        const v = raw[c.key];
        out[c.key] = v === null || v === undefined ? null : c.column.mapFromDriverValue(v);
      }
      return out;
    },
  };
  cache.set(table, meta);
  return meta;
}

/** Converts a value to what the driver stores for a column (ids to bigint). */
export function toDriver(meta: TableMeta, key: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const c = meta.byKey.get(key);
  return c ? c.column.mapToDriverValue(value) : value;
}
