import { prepareNumbers } from '../../../core/data';
import { fill, messages, type Text } from '@psi/db/model';
import {
  deliveryOrder,
  depositoryCheck,
  depositoryInfo,
  goodsInfo,
  purchaseOrder,
  purchaseOrderDepository,
  purchaseOrderYypt,
  schoolInfo,
  schoolYyptInfo,
} from '@psi/db/schema';
import {
  depositorycheckDocument,
  deliveryorderDocument,
  purchaseorderdepositoryDocument,
  purchaseorderDocument,
  purchaseorderyyptDocument,
  type DocumentDef,
} from '@psi/db/model/psi/index';
import { goodsInfoResource, depositoryInfoResource, schoolInfoResource } from '@psi/db/model';
import { ApiError } from '../../../core/errors';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { tableMeta } from '../../../core/table-meta';
import { big, fail, nowText, requireTenantAdmin, tx, type PsiActor, type PsiEnv } from '../shared/env';
import { insertRow, updateRow } from '../shared/rows';
import { loadDepository, servesRegion } from '../shared/docs';
import { statusFlagged, type SqlPart } from '../shared/rules';

/** The documents that hold a school: its orders. */
const SCHOOL_HOLDERS: readonly (readonly [SQLiteTable, DocumentDef])[] = [
  [purchaseOrderYypt, purchaseorderyyptDocument],
  [purchaseOrderDepository, purchaseorderdepositoryDocument],
];
/** The documents that hold a depository: its receipts, orders, deliveries and stocktakes. */
const DEPOSITORY_HOLDERS: readonly (readonly [SQLiteTable, DocumentDef])[] = [
  [purchaseOrder, purchaseorderDocument],
  ...SCHOOL_HOLDERS,
  [deliveryOrder, deliveryorderDocument],
  [depositoryCheck, depositorycheckDocument],
];

/**
 * "Some open document names `id` in `column`": one EXISTS per holder, in a status its declaration
 * flags `open`.
 */
function openDocuments(
  holders: readonly (readonly [SQLiteTable, DocumentDef])[],
  column: 'depository_id' | 'school_id',
  id: string,
): SqlPart {
  const parts = holders.map(([table, doc]) => {
    const open = statusFlagged(doc, 'open');
    return {
      sql: `EXISTS (SELECT 1 FROM ${tableMeta(table).name} WHERE ${column} = ? AND is_deleted = 0 AND ${open.sql})`,
      params: [big(id), ...open.params],
    };
  });
  return { sql: parts.map((p) => p.sql).join(' OR '), params: parts.flatMap((p) => p.params) };
}

/** A duplicate among live rows of the tenant: "ISBN已存在". */
const duplicate = (label: Text) =>
  new ApiError(400, 400, {
    zh: fill(messages.duplicate.zh, { label: label.zh }),
    en: fill(messages.duplicate.en, { label: label.en }),
  });

const uniqueLabel = (def: { unique?: { label: Text }[] }) => def.unique![0].label;

/** Refuses a unique value (`def.unique`) that another live row of the tenant holds. */
function requireUnique(
  env: PsiEnv,
  tenantId: string,
  def: { unique?: { label: Text }[] },
  where: { table: string; column: string },
  value: unknown,
  exceptId?: string | null,
) {
  if (value === undefined) return;
  const taken = prepareNumbers(
    env.sqlite,
    `SELECT 1 FROM ${where.table} WHERE tenant_id = ? AND ${where.column} = ? AND is_deleted = 0 AND id <> ? LIMIT 1`,
  ).get(tenantId, value, big(exceptId ?? '0'));
  if (taken) throw duplicate(uniqueLabel(def));
}

/** Fills the region name of a row that gives only its code. */
function withRegionName(env: PsiEnv, row: Record<string, unknown>) {
  if (typeof row.regionCode === 'string' && !row.regionName)
    row.regionName = regionNameOf(env, row.regionCode);
}

/** "省 市 区" of a county code from the region table, for rows that leave the region name empty. */
export function regionNameOf(env: PsiEnv, code: string): string | null {
  const r = prepareNumbers<{ p: string | null; c: string | null; d: string | null; name: string }, [string]>(
    env.sqlite,
    `SELECT province_name AS p, city_name AS c, district_name AS d, name FROM blade_region WHERE code = ?`,
  ).get(code);
  if (!r) return null;
  return [r.p, r.c, r.d].filter(Boolean).join('') || r.name;
}

const GOODS_ISBN = { table: 'psi_goods_info', column: 'isbn' };
const DEPOSITORY_CODE = { table: 'psi_depository_info', column: 'depository_code' };
const SCHOOL_CODE = { table: 'psi_school_info', column: 'school_code' };

/** The values of a master row as the form sends them (drizzle keys). */
type MasterValues = Record<string, unknown>;

/** Writes a master row: updates `id`, or inserts `created` (the row, unless it adds defaults). */
function storeMaster(
  env: PsiEnv,
  actor: PsiActor,
  table: SQLiteTable,
  id: string | null | undefined,
  row: MasterValues,
  created: MasterValues = row,
): string {
  if (id) {
    updateRow(env, table, actor, id, row);
    return id;
  }
  return insertRow(env, table, actor, created);
}

/** Soft-deletes a live master row of the actor's tenant, bumping its version; false when there is none. */
function retireMaster(env: PsiEnv, actor: PsiActor, table: string, id: string): boolean {
  return (
    prepareNumbers(
      env.sqlite,
      `UPDATE ${table} SET is_deleted = 1, version = version + 1, update_user = ?, update_time = ?
       WHERE id = ? AND tenant_id = ? AND is_deleted = 0`,
    ).run(big(actor.userId), nowText(env), big(id), actor.tenantId).changes === 1
  );
}

// ---------------------------------------------------------------- goods

/** `goodsinfo/save|update|submit`: catalogue writes (platform only); never touches documents. */
export function saveGoods(env: PsiEnv, actor: PsiActor, values: MasterValues, id?: string | null): string {
  requireTenantAdmin(actor);
  return tx(env, () => {
    if (id) {
      const row = prepareNumbers(
        env.sqlite,
        `SELECT 1 FROM psi_goods_info WHERE id = ? AND tenant_id = ? AND is_deleted = 0`,
      ).get(big(id), actor.tenantId);
      if (!row) throw new ApiError(400, 400, messages.recordNotFound);
    }
    requireUnique(env, actor.tenantId, goodsInfoResource, GOODS_ISBN, values.isbn, id);
    return storeMaster(env, actor, goodsInfo, id, values, {
      ...values,
      goodsCode: values.goodsCode ?? values.isbn,
    });
  });
}

/** Soft-deletes books (platform only); documents keep their snapshots. */
export function removeGoods(env: PsiEnv, actor: PsiActor, ids: string[]): void {
  requireTenantAdmin(actor);
  tx(env, () => {
    for (const id of ids) if (!retireMaster(env, actor, 'psi_goods_info', id)) throw fail('docNotFound');
  });
}

// ---------------------------------------------------------------- depositories

function checkUser(env: PsiEnv, tenantId: string, userId: string) {
  const u = prepareNumbers(
    env.sqlite,
    `SELECT 1 FROM blade_user WHERE id = ? AND tenant_id = ? AND is_deleted = 0`,
  ).get(big(userId), tenantId);
  if (!u) throw fail('userNotFound');
}

export function saveDepository(
  env: PsiEnv,
  actor: PsiActor,
  values: MasterValues,
  id?: string | null,
): string {
  requireTenantAdmin(actor);
  return tx(env, () => {
    if (id && !loadDepository(env, actor.tenantId, id)) throw new ApiError(400, 400, messages.recordNotFound);
    requireUnique(env, actor.tenantId, depositoryInfoResource, DEPOSITORY_CODE, values.depositoryCode, id);
    if (values.userId) checkUser(env, actor.tenantId, String(values.userId));
    const row = { ...values };
    if (typeof row.serviceRegionCodes === 'string')
      row.serviceRegionCodes = row.serviceRegionCodes.replace(/\s/g, '');
    withRegionName(env, row);
    return storeMaster(env, actor, depositoryInfo, id, row);
  });
}

/** A depository that still holds stock or has open documents stays. */
export function removeDepositories(env: PsiEnv, actor: PsiActor, ids: string[]): void {
  requireTenantAdmin(actor);
  tx(env, () => {
    for (const id of ids) {
      if (!loadDepository(env, actor.tenantId, id)) throw fail('docNotFound');
      const open = openDocuments(DEPOSITORY_HOLDERS, 'depository_id', id);
      const busy = prepareNumbers<{ busy: number }>(
        env.sqlite,
        `SELECT
           EXISTS (SELECT 1 FROM psi_depository_stock WHERE depository_id = ? AND quantity > 0)
        OR ${open.sql}
        AS busy`,
      ).get(big(id), ...open.params)!;
      if (busy.busy) throw fail('depositoryInUse');
      retireMaster(env, actor, 'psi_depository_info', id);
    }
  });
}

// ---------------------------------------------------------------- schools

/** Checks a school's links: a live user of the tenant bound to no other school, a serving depository. */
export function checkSchoolLinks(
  env: PsiEnv,
  tenantId: string,
  values: { userId?: unknown; depositoryId?: unknown; regionCode?: unknown },
  schoolId: string | null,
  current?: { regionCode: string; depositoryId: string | null },
) {
  if (values.userId) {
    checkUser(env, tenantId, String(values.userId));
    const bound = prepareNumbers(
      env.sqlite,
      `SELECT 1 FROM psi_school_info WHERE tenant_id = ? AND user_id = ? AND is_deleted = 0 AND id <> ?`,
    ).get(tenantId, big(String(values.userId)), big(schoolId ?? '0'));
    if (bound) throw fail('userBound');
  }
  const depositoryId = values.depositoryId !== undefined ? values.depositoryId : current?.depositoryId;
  const regionCode = (values.regionCode as string | undefined) ?? current?.regionCode;
  if (depositoryId && regionCode) {
    const d = loadDepository(env, tenantId, String(depositoryId));
    if (!d) throw fail('depositoryUnavailable');
    if (!servesRegion(d.serviceRegionCodes, regionCode)) throw fail('regionNotServed');
  }
}

export function saveSchool(env: PsiEnv, actor: PsiActor, values: MasterValues, id?: string | null): string {
  requireTenantAdmin(actor);
  return tx(env, () => {
    const row = { ...values };
    delete row.accountBalance;
    let current: { regionCode: string; depositoryId: string | null } | undefined;
    if (id) {
      current = prepareNumbers<NonNullable<typeof current>, [bigint, string]>(
        env.sqlite,
        `SELECT region_code AS regionCode, CAST(depository_id AS TEXT) AS depositoryId FROM psi_school_info
         WHERE id = ? AND tenant_id = ? AND is_deleted = 0`,
      ).get(big(id), actor.tenantId);
      if (!current) throw new ApiError(400, 400, messages.recordNotFound);
    }
    requireUnique(env, actor.tenantId, schoolInfoResource, SCHOOL_CODE, row.schoolCode, id);
    checkSchoolLinks(env, actor.tenantId, row, id ?? null, current);
    withRegionName(env, row);
    return storeMaster(env, actor, schoolInfo, id, row, { ...row, accountBalance: 0 });
  });
}

/** A school with money on its account or open orders stays (its ledger must stay reachable). */
export function removeSchools(env: PsiEnv, actor: PsiActor, ids: string[]): void {
  requireTenantAdmin(actor);
  tx(env, () => {
    for (const id of ids) {
      const open = openDocuments(SCHOOL_HOLDERS, 'school_id', id);
      const s = prepareNumbers<{ balance: number; busy: number }>(
        env.sqlite,
        `SELECT account_balance AS balance, (${open.sql}) AS busy
         FROM psi_school_info WHERE id = ? AND tenant_id = ? AND is_deleted = 0`,
      ).get(...open.params, big(id), actor.tenantId);
      if (!s) throw fail('docNotFound');
      if (s.balance > 0 || s.busy) throw fail('schoolInUse');
      retireMaster(env, actor, 'psi_school_info', id);
      prepareNumbers(
        env.sqlite,
        `UPDATE psi_school_yypt_info SET is_deleted = 1, update_user = ?, update_time = ? WHERE school_id = ? AND is_deleted = 0`,
      ).run(big(actor.userId), nowText(env), big(id));
    }
  });
}

/** Soft-deletes school platform terms (platform only); any unknown id refuses the batch. */
export function removeRosterRows(env: PsiEnv, actor: PsiActor, ids: string[]) {
  requireTenantAdmin(actor);
  const name = tableMeta(schoolYyptInfo).name;
  tx(env, () => {
    for (const id of ids) {
      const changed = prepareNumbers(
        env.sqlite,
        `UPDATE "${name}" SET is_deleted = 1, update_user = ?, update_time = ? WHERE id = ? AND tenant_id = ? AND is_deleted = 0`,
      ).run(big(actor.userId), nowText(env), big(id), actor.tenantId).changes;
      if (changed !== 1) throw fail('docNotFound');
    }
  });
}
