import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { nextId } from '@psi/db/model';
import { docDay, formatDocNo } from '@psi/db/model/psi/index';
import { tableMeta, toDriver } from '../../../core/table-meta';
import { prepareNumbers, rowScopeWhere } from '../../../core/data';
import type { DataScopeRule } from '../../../core/data-scope';
import { big, nowText, type PsiEnv } from './env';

/** Who writes a row: fills the audit columns and the tenant. */
export interface Writer {
  tenantId: string;
  userId: string;
  deptId: string;
  /** The writer's data scopes: a row outside them is not written, like another tenant's. */
  dataScopes?: DataScopeRule[];
}

const firstId = (list: string) => list.split(',').find((p) => /^\d+$/.test(p)) ?? null;

/**
 * Inserts one row of a PSI table with its audit columns (create/update user and time from the
 * environment's clock), tenant and `is_deleted = 0`. Values use the drizzle keys (camelCase).
 */
export function insertRow(
  env: PsiEnv,
  table: SQLiteTable,
  writer: Writer,
  values: Record<string, unknown>,
): string {
  const meta = tableMeta(table);
  const id = (values.id as string | undefined) ?? nextId();
  const now = nowText(env);
  const row: Record<string, unknown> = {
    ...values,
    id,
    tenantId: writer.tenantId,
    createUser: writer.userId,
    createDept: firstId(writer.deptId),
    createTime: (values.createTime as string | undefined) ?? now,
    updateUser: writer.userId,
    updateTime: now,
    isDeleted: 0,
  };
  const keys = Object.keys(row).filter((k) => meta.byKey.has(k) && row[k] !== undefined);
  const sql = `INSERT INTO "${meta.name}" (${keys.map((k) => `"${meta.byKey.get(k)!.sql}"`).join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`;
  prepareNumbers(env.sqlite, sql).run(...keys.map((k) => toDriver(meta, k, row[k])));
  return id;
}

/**
 * Updates a live row of the writer's tenant, bumping `version` when the table has one. `guard` adds
 * a condition (e.g. the editable statuses, `shared/rules.ts`); the caller checks that exactly one row
 * changed.
 */
export function updateRow(
  env: PsiEnv,
  table: SQLiteTable,
  writer: Writer,
  id: string,
  values: Record<string, unknown>,
  guard?: { sql: string; params?: unknown[] },
): number {
  const meta = tableMeta(table);
  const row: Record<string, unknown> = { ...values, updateUser: writer.userId, updateTime: nowText(env) };
  const keys = Object.keys(row).filter(
    (k) =>
      meta.byKey.has(k) && row[k] !== undefined && !['id', 'tenantId', 'isDeleted', 'version'].includes(k),
  );
  const sets = keys.map((k) => `"${meta.byKey.get(k)!.sql}" = ?`);
  if (meta.byKey.has('version')) sets.push('"version" = "version" + 1');
  const scoped = rowScopeWhere(meta, writer);
  const sql = `UPDATE "${meta.name}" SET ${sets.join(', ')} WHERE "id" = ? AND "tenant_id" = ? AND "is_deleted" = 0${guard ? ` AND (${guard.sql})` : ''}${scoped ? ` AND ${scoped.clauses.join(' AND ')}` : ''}`;
  return prepareNumbers(env.sqlite, sql).run(
    ...keys.map((k) => toDriver(meta, k, row[k])),
    big(id),
    writer.tenantId,
    ...(guard?.params ?? []),
    ...(scoped?.params ?? []),
  ).changes;
}

/** One live row of a tenant's table by id, read with the given column list (`CAST(id AS TEXT) AS id, …`). */
export function loadLiveRow<T>(
  env: PsiEnv,
  table: string,
  columns: string,
  tenantId: string,
  id: string,
): T | undefined {
  return prepareNumbers<T, [bigint, string]>(
    env.sqlite,
    `SELECT ${columns} FROM ${table} WHERE id = ? AND tenant_id = ? AND is_deleted = 0`,
  ).get(big(id), tenantId);
}

/** Soft-deletes the live rows of a table matching `where` (e.g. the lines of one document). */
export function softDeleteWhere(
  env: PsiEnv,
  table: SQLiteTable,
  writer: Writer,
  where: string,
  params: unknown[],
): number {
  const meta = tableMeta(table);
  const scoped = rowScopeWhere(meta, writer);
  return prepareNumbers(
    env.sqlite,
    `UPDATE "${meta.name}" SET "is_deleted" = 1, "update_user" = ?, "update_time" = ?
     WHERE "tenant_id" = ? AND "is_deleted" = 0 AND ${where}${scoped ? ` AND ${scoped.clauses.join(' AND ')}` : ''}`,
  ).run(big(writer.userId), nowText(env), writer.tenantId, ...params, ...(scoped?.params ?? [])).changes;
}

/**
 * The next document number of a tenant for a prefix and the current day: one upsert on the
 * sequence row inside the caller's transaction, so two documents never share a number.
 */
export function nextDocNo(env: PsiEnv, tenantId: string, prefix: string): string {
  const day = docDay(nowText(env));
  const row = prepareNumbers<{ value: number }, [string, string, string]>(
    env.sqlite,
    `INSERT INTO psi_sequence (tenant_id, prefix, day, last_value) VALUES (?, ?, ?, 1)
     ON CONFLICT (tenant_id, prefix, day) DO UPDATE SET last_value = last_value + 1
     RETURNING last_value AS value`,
  ).get(tenantId, prefix, day)!;
  return formatDocNo(prefix, day, row.value);
}
