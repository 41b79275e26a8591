import { statusSet, type DocumentDef, type PsiMessageKey } from '@psi/db/model/psi/index';
import { hiddenByScope, prepareNumbers } from '../../../core/data';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { tableMeta } from '../../../core/table-meta';
import { big, fail, nowText, tx, type PsiEnv } from './env';
import { insertRow, loadLiveRow, nextDocNo, softDeleteWhere, updateRow, type Writer } from './rows';
import { storedLines, type StoredLine } from './lines';
import type { PsiActor } from './env';
import { changeGuard, enabledRow, isEnabledRow, stepOf, type SqlPart } from './rules';

/** Fields every document header read for a decision carries (`loadHeader`). */
export interface DocHeader {
  id: string;
  orderNo: string;
  status: number;
  version: number;
  depositoryId: string;
  createUser: string | null;
}

/**
 * Reads a live document header of the tenant inside the caller's transaction; a missing id (or
 * another tenant's, or one the acting writer's data scope hides) is "单据不存在". `columns` adds table-specific fields.
 */
export function loadHeader<T extends DocHeader>(
  env: PsiEnv,
  table: string,
  /** The acting writer (its data scope applies: a hidden document does not exist), or a bare tenant. */
  who: string | Writer,
  id: string,
  columns: string,
): T {
  const tenantId = typeof who === 'string' ? who : who.tenantId;
  if (typeof who !== 'string' && hiddenByScope(env.sqlite, table, tenantId, who, [id])) {
    throw fail('docNotFound');
  }
  const row = loadLiveRow<T>(
    env,
    table,
    `CAST(id AS TEXT) AS id, version, CAST(create_user AS TEXT) AS createUser, ${columns}`,
    tenantId,
    id,
  );
  if (!row) throw fail('docNotFound');
  return row;
}

/** The body of an audit approval (pass, or send back with a remark). */
export interface AuditInput {
  id: string;
  pass: boolean;
  auditRemark?: string | null;
  version?: number | null;
}

/** Optional compare-and-set token of the approve and submit bodies. */
export function checkVersion(row: { version: number }, version: number | null | undefined): void {
  if (version !== undefined && version !== null && version !== row.version) throw fail('versionChanged');
}

export function requireStatus(row: { status: number }, allowed: readonly number[]): void {
  if (!allowed.includes(row.status)) throw fail('statusChanged');
}

/** What a change of a document needs of its status: `editable` (its lines replaced) or `removable`. */
export type ChangeFlag = 'editable' | 'removable';

/** Refuses a document whose status its declaration does not flag `flag` ("单据当前状态不允许修改"). */
export function requireFlagged(doc: DocumentDef, flag: ChangeFlag, row: { status: number }): void {
  if (!statusSet(doc, flag).includes(row.status)) throw fail('notEditable');
}

/** The conditional status update changed exactly one row, or the document moved under us. */
export function exactlyOne(changes: number): void {
  if (changes !== 1) throw fail('statusChanged');
}

/** A guarded update of one document row: it changed that row, or the document moved under us. */
export function updateGuarded(
  env: PsiEnv,
  table: SQLiteTable,
  writer: Writer,
  id: string,
  values: Record<string, unknown>,
  guard: { sql: string; params?: unknown[] },
): void {
  exactlyOne(updateRow(env, table, writer, id, values, guard));
}

/**
 * Saves an edited or a new document header, inside the caller's transaction. An edit updates `existing`
 * only while it still matches `guard` (the statuses it may be edited in) and its version, else
 * `statusChanged`, and soft-deletes its old lines when `oldLines` names them (they are being replaced);
 * a new document gets the next number of `prefix`, written to `numberField`.
 */
export function saveDocHeader(
  env: PsiEnv,
  writer: Writer,
  table: SQLiteTable,
  existing: { id: string; orderNo: string; version: number } | null | undefined,
  values: Record<string, unknown>,
  options: {
    guard: SqlPart;
    prefix: string;
    numberField?: string;
    oldLines?: { table: SQLiteTable; parentColumn: string } | false;
  },
): { id: string; orderNo: string } {
  if (existing) {
    updateGuarded(env, table, writer, existing.id, values, {
      sql: `${options.guard.sql} AND version = ?`,
      params: [...options.guard.params, existing.version],
    });
    if (options.oldLines)
      softDeleteWhere(env, options.oldLines.table, writer, `${options.oldLines.parentColumn} = ?`, [
        big(existing.id),
      ]);
    return { id: existing.id, orderNo: existing.orderNo };
  }
  const orderNo = nextDocNo(env, writer.tenantId, options.prefix);
  const id = insertRow(env, table, writer, { ...values, [options.numberField ?? 'orderNo']: orderNo });
  return { id, orderNo };
}

/**
 * Soft-deletes documents with their lines, the whole batch or nothing (one transaction): `check` refuses
 * a document the writer may not remove (permission, status); a header goes only while it still matches
 * `guard` (its removable statuses), else `statusChanged`.
 */
export function removeDocs<T>(
  env: PsiEnv,
  writer: Writer,
  ids: string[],
  doc: {
    load: (id: string) => T;
    check: (row: T) => void;
    table: SQLiteTable;
    guard: SqlPart;
    lines: { table: SQLiteTable; parentColumn: string };
  },
): void {
  const header = tableMeta(doc.table).name;
  tx(env, () => {
    for (const id of ids) {
      doc.check(doc.load(id));
      exactlyOne(
        prepareNumbers(
          env.sqlite,
          `UPDATE ${header} SET is_deleted = 1, version = version + 1, update_user = ?, update_time = ?
           WHERE id = ? AND is_deleted = 0 AND ${doc.guard.sql}`,
        ).run(big(writer.userId), nowText(env), big(id), ...doc.guard.params).changes,
      );
      softDeleteWhere(env, doc.lines.table, writer, `${doc.lines.parentColumn} = ?`, [big(id)]);
    }
  });
}

export interface DepositoryRow {
  id: string;
  depositoryCode: string;
  depositoryName: string;
  serviceRegionCodes: string;
  status: number;
}

const DEPOSITORY_COLUMNS = `CAST(id AS TEXT) AS id, depository_code AS depositoryCode, depository_name AS depositoryName,
  service_region_codes AS serviceRegionCodes, status`;

export const loadDepository = (env: PsiEnv, tenantId: string, id: string) =>
  loadLiveRow<DepositoryRow>(env, 'psi_depository_info', DEPOSITORY_COLUMNS, tenantId, id);

/** A master row that exists and is enabled (`RowStatus.enabled`), else the given refusal. */
function enabled<T extends { status: number }>(row: T | undefined, refusal: PsiMessageKey): T {
  if (!row || !isEnabledRow(row)) throw fail(refusal);
  return row;
}

/** An enabled depository of the tenant, else "仓库不存在或已停用". */
export const requireEnabledDepository = (env: PsiEnv, tenantId: string, id: string) =>
  enabled(loadDepository(env, tenantId, id), 'depositoryUnavailable');

export const servesRegion = (serviceRegionCodes: string, regionCode: string) =>
  serviceRegionCodes
    .split(',')
    .map((c) => c.trim())
    .includes(regionCode);

export interface SchoolRow {
  id: string;
  schoolCode: string;
  schoolName: string;
  regionCode: string;
  address: string | null;
  contactName: string | null;
  contactPhone: string | null;
  depositoryId: string | null;
  accountBalance: number;
  status: number;
}

const SCHOOL_COLUMNS = `CAST(id AS TEXT) AS id, school_code AS schoolCode, school_name AS schoolName, region_code AS regionCode,
  address, contact_name AS contactName, contact_phone AS contactPhone,
  CAST(depository_id AS TEXT) AS depositoryId, account_balance AS accountBalance, status`;

export const loadSchool = (env: PsiEnv, tenantId: string, id: string) =>
  loadLiveRow<SchoolRow>(env, 'psi_school_info', SCHOOL_COLUMNS, tenantId, id);

export const requireEnabledSchool = (env: PsiEnv, tenantId: string, id: string) =>
  enabled(loadSchool(env, tenantId, id), 'schoolUnavailable');

/** The platform's sale discount for a school (schoolyyptinfo), 1.0000 when none is on file. */
export function schoolDiscount(env: PsiEnv, tenantId: string, schoolId: string): number {
  const row = prepareNumbers<{ discount: number }, [string, bigint]>(
    env.sqlite,
    `SELECT discount FROM psi_school_yypt_info WHERE tenant_id = ? AND school_id = ? AND is_deleted = 0
     ORDER BY id DESC LIMIT 1`,
  ).get(tenantId, big(schoolId));
  return row?.discount ?? 10000;
}

/**
 * Enabled depositories serving a school's region, the school's default first (DOMAIN.md 2.2,
 * `getSchoolDepositoryList`).
 */
export function depositoriesServing(env: PsiEnv, tenantId: string, school: SchoolRow): string[] {
  const enabledOnly = enabledRow();
  const rows = prepareNumbers<{ id: string }>(
    env.sqlite,
    `SELECT CAST(id AS TEXT) AS id FROM psi_depository_info
     WHERE tenant_id = ? AND is_deleted = 0 AND ${enabledOnly.sql}
       AND instr(',' || replace(service_region_codes, ' ', '') || ',', ',' || ? || ',') > 0
     ORDER BY CASE WHEN id = ? THEN 0 ELSE 1 END, sort, depository_code`,
  ).all(
    tenantId,
    ...enabledOnly.params,
    school.regionCode,
    school.depositoryId ? big(school.depositoryId) : null,
  );
  return rows.map((r) => r.id);
}

/** Where a kind of order lives: its header and line tables, and what its decisions read. */
export interface DocumentTables {
  /** its declaration: the statuses its edits, removals and transitions are guarded by */
  doc: DocumentDef;
  table: SQLiteTable;
  /** the header columns a decision reads (`orderNo`, `status`, `depositoryId` and the kind's own) */
  columns: string;
  lineTable: SQLiteTable;
  /** the line column naming the header */
  parentColumn: string;
  /** line columns beyond the stored line's */
  lineColumns: string;
}

/** A kind of order as `documentKind` declares it. */
export type DocumentKind<H extends DocHeader, L extends StoredLine = StoredLine> = ReturnType<
  typeof documentKind<H, L>
>;

/**
 * A kind of order declared once: reading its header (`load`) and its lines (`lines`), what a header
 * must still match to be edited (`editable`: its declared editable statuses), removing removable
 * ones with their lines (`remove`, after the kind's own `check`) and taking a plain transition
 * (`move`).
 */
export function documentKind<H extends DocHeader, L extends StoredLine>(
  t: DocumentTables,
  /** whether the caller's scope reaches the document (its depository, its school) */
  mayAct: (actor: PsiActor, header: H) => boolean,
) {
  const header = tableMeta(t.table).name;
  const lineTable = tableMeta(t.lineTable).name;
  const load = (env: PsiEnv, who: string | Writer, id: string) =>
    loadHeader<H>(env, header, who, id, t.columns);
  const kind = {
    ...t,
    editable: changeGuard(t.doc, 'editable'),
    load,
    lines: (env: PsiEnv, id: string) => storedLines<L>(env, lineTable, t.parentColumn, id, t.lineColumns),
    remove: (env: PsiEnv, actor: PsiActor, ids: string[], check: (row: H) => void) =>
      removeDocs(env, actor, ids, {
        load: (id) => load(env, actor, id),
        check,
        table: t.table,
        guard: changeGuard(t.doc, 'removable'),
        lines: { table: t.lineTable, parentColumn: t.parentColumn },
      }),
  };
  return {
    ...kind,
    /** Refuses a document the caller may not change: out of its scope, or not flagged `flag`. */
    requireChangeable(actor: PsiActor, row: H, flag: ChangeFlag = 'editable'): void {
      if (!mayAct(actor, row)) throw fail('noPermission');
      requireFlagged(t.doc, flag, row);
    },
    move: (env: PsiEnv, actor: PsiActor, action: string, input: MoveInput, check: (row: H) => void) =>
      moveDocument(env, actor, kind, action, input, check),
  };
}

/** The body of a plain transition: the document, the version read and the step's own fields. */
export interface MoveInput {
  id: string;
  version?: number | null;
  /** header fields the step writes besides the status (its user, time, remark) */
  values?: Record<string, unknown>;
}

/**
 * A plain transition of a document (one target status, no stock or money effect), as its
 * declaration states it: within the caller's scope (`check`), from a status the transition leaves,
 * at the version read, then one guarded update to its target.
 */
function moveDocument<H extends DocHeader>(
  env: PsiEnv,
  actor: PsiActor,
  kind: { doc: DocumentDef; table: SQLiteTable; load: (env: PsiEnv, who: Writer, id: string) => H },
  action: string,
  input: MoveInput,
  check: (row: H) => void,
): void {
  const step = stepOf(kind.doc, action);
  tx(env, () => {
    const row = kind.load(env, actor, input.id);
    check(row);
    requireStatus(row, step.from);
    checkVersion(row, input.version);
    const values = { ...input.values, [kind.doc.statusField]: step.to };
    updateGuarded(env, kind.table, actor, row.id, values, step.guard);
  });
}
