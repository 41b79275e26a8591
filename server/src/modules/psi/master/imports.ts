import { prepareNumbers } from '../../../core/data';
import { formatDateTime, goodsInfoResource, schoolYyptInfoResource, type Lang } from '@psi/db/model';
import { normalizeIsbn, psiMessages } from '@psi/db/model/psi/index';
import { goodsInfo, schoolInfo, schoolYyptInfo } from '@psi/db/schema';
import { fill, messages } from '@psi/db/model';
import { ApiError } from '../../../core/errors';
import { big, nowText, requireTenantAdmin, tx, type PsiActor, type PsiEnv } from '../shared/env';
import { insertRow, updateRow } from '../shared/rows';
import { parseValues } from '../shared/validate';
import { servesRegion } from '../shared/docs';
import { regionNameOf, checkSchoolLinks } from './service';
import { RowsRejected, type ImportColumn, type RowError } from '../../../core/crud';
import { headerIn } from '../../../core/import-routes';
import type { SheetRecord as SheetRow } from '../../../core/export';

export type ImportResult = {
  created: number;
  updated: number;
  unchanged: number;
};

export const GOODS_COLUMNS: ImportColumn[] = [
  { key: 'isbn', names: ['ISBN', 'isbn'], required: true },
  { key: 'goodsName', names: ['书名', 'Title'], required: true },
  { key: 'author', names: ['作者', 'Author'] },
  { key: 'publisher', names: ['出版社', 'Publisher'], required: true },
  { key: 'edition', names: ['版本', 'Edition'], required: true },
  { key: 'schoolStage', names: ['学段', 'Stage'], required: true, dict: 'school_stage' },
  { key: 'grade', names: ['年级', 'Grade'], required: true },
  { key: 'subject', names: ['学科', 'Subject'], required: true },
  { key: 'volume', names: ['册次', 'Volume'], required: true },
  { key: 'termNo', names: ['学期', '适用学期', 'Term'], required: true, dict: 'term_no' },
  { key: 'price', names: ['定价', 'Price', 'List price'], required: true },
  { key: 'goodsType', names: ['类型', 'Type'], dict: 'goods_type' },
  { key: 'purchaseDiscount', names: ['进货折扣', 'Purchase discount'] },
];

export const ROSTER_COLUMNS: ImportColumn[] = [
  { key: 'schoolCode', names: ['学校标识码', 'School code', 'Code'], required: true },
  { key: 'schoolName', names: ['学校名称', 'School name', 'Name'], required: true },
  { key: 'schoolType', names: ['学校类型', 'Type'], required: true, dict: 'school_type' },
  { key: 'regionCode', names: ['地区代码', '行政区划代码', 'Region code'], required: true },
  { key: 'regionName', names: ['所在地区', 'Region'] },
  { key: 'address', names: ['地址', 'Address'] },
  { key: 'contactName', names: ['联系人', 'Contact'] },
  { key: 'contactPhone', names: ['联系电话', 'Phone'] },
  { key: 'studentCount', names: ['在校生数', 'Students'] },
  { key: 'defaultDepositoryCode', names: ['默认仓库编码', 'Default depository code'] },
  { key: 'discount', names: ['销售折扣', '折扣', 'Discount'] },
  { key: 'salesman', names: ['业务员', 'Salesman'] },
  { key: 'salesmanPhone', names: ['业务员电话', 'Salesman phone'] },
  { key: 'contractNo', names: ['协议编号', 'Contract no.'] },
  { key: 'remark', names: ['备注', 'Remark'] },
];

/** dictionary label → key (`初中` → 2) for the codes the imports accept as words. */
function dictLookup(env: PsiEnv, code: string): Map<string, string> {
  const rows = prepareNumbers<{ k: string; v: string }, [string]>(
    env.sqlite,
    `SELECT d.dict_key AS k, d.dict_value AS v FROM blade_dict d JOIN blade_dict p ON p.id = d.parent_id
     WHERE p.code = ? AND p.parent_id = 0 AND d.is_deleted = 0`,
  ).all(code);
  const map = new Map<string, string>();
  for (const r of rows) {
    map.set(r.v, r.k);
    map.set(r.k, r.k);
    map.set(r.v.replace(/季$/, ''), r.k);
  }
  return map;
}

/** Cells to submit values: dictionary words become keys; every cell is checked like a form field. */
function rowValues(
  columns: ImportColumn[],
  row: SheetRow,
  dicts: Map<string, Map<string, string>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columns) {
    const raw = row.cells[c.key];
    if (raw === undefined || raw === '') continue;
    out[c.key] = c.dict ? (dicts.get(c.dict)!.get(raw) ?? raw) : raw;
  }
  return out;
}

function loadDicts(env: PsiEnv, columns: ImportColumn[]) {
  return new Map(columns.filter((c) => c.dict).map((c) => [c.dict!, dictLookup(env, c.dict!)]));
}

const headerOf = (columns: ImportColumn[], key: string, lang: Lang) => {
  const column = columns.find((c) => c.key === key);
  return column ? headerIn(column, lang) : key;
};

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || String(a ?? '') === String(b ?? '');

/**
 * Goods catalogue import (DOMAIN.md 2.1): every row is validated first (required cells, ISBN-13
 * checksum, price > 0, no ISBN twice in the file); any bad row rejects the file with per-row
 * errors. Otherwise rows are upserted by ISBN in one transaction; unchanged rows are not written,
 * so importing the same file twice changes nothing. Stock is never touched.
 */
export function importGoods(env: PsiEnv, actor: PsiActor, rows: SheetRow[], lang: Lang): ImportResult {
  requireTenantAdmin(actor);
  return tx(env, () => {
    const dicts = loadDicts(env, GOODS_COLUMNS);
    const errors: RowError[] = [];
    const parsed: { row: number; values: Record<string, unknown> }[] = [];
    const seen = new Map<string, number>();
    for (const r of rows) {
      const cells = rowValues(GOODS_COLUMNS, r, dicts);
      if (cells.goodsType === undefined) cells.goodsType = 1;
      const { values, issues } = parseValues(goodsInfoResource, cells, lang, 'add');
      for (const i of issues)
        errors.push({ row: r.row, field: headerOf(GOODS_COLUMNS, i.field, lang), message: i.message });
      const isbn = typeof cells.isbn === 'string' ? normalizeIsbn(cells.isbn) : '';
      if (isbn && seen.has(isbn))
        errors.push({ row: r.row, field: 'ISBN', message: psiMessages.duplicateInFile[lang] });
      if (isbn) seen.set(isbn, r.row);
      if (!issues.length) {
        // only the columns the file carries are written; blank optional cells keep what is stored
        const keep = Object.fromEntries(Object.entries(values).filter(([k]) => k in cells));
        parsed.push({ row: r.row, values: keep });
      }
    }
    if (errors.length) throw new RowsRejected(errors);
    const result: ImportResult = { created: 0, updated: 0, unchanged: 0 };
    const find = prepareNumbers<Record<string, unknown>, [string, unknown]>(
      env.sqlite,
      `SELECT CAST(id AS TEXT) AS id, goods_name AS goodsName, author, publisher, edition, school_stage AS schoolStage,
         grade, subject, volume, term_no AS termNo, price, goods_type AS goodsType, purchase_discount AS purchaseDiscount
       FROM psi_goods_info WHERE tenant_id = ? AND isbn = ? AND is_deleted = 0`,
    );
    for (const p of parsed) {
      const existing = find.get(actor.tenantId, p.values.isbn);
      if (!existing) {
        insertRow(env, goodsInfo, actor, { ...p.values, goodsCode: p.values.isbn });
        result.created++;
        continue;
      }
      const changed = Object.fromEntries(
        Object.entries(p.values).filter(([k, v]) => k !== 'isbn' && !same(existing[k], v)),
      );
      if (Object.keys(changed).length) {
        updateRow(env, goodsInfo, actor, existing.id as string, changed);
        result.updated++;
      } else result.unchanged++;
    }
    return result;
  });
}

const ROSTER_SCHOOL_FIELDS = [
  'schoolName',
  'schoolType',
  'regionCode',
  'regionName',
  'address',
  'contactName',
  'contactPhone',
  'studentCount',
] as const;

const ROSTER_FIELDS = [
  ...ROSTER_SCHOOL_FIELDS,
  'defaultDepositoryCode',
  'discount',
  'salesman',
  'salesmanPhone',
  'contractNo',
  'remark',
] as const;

interface RosterPlan {
  row: number;
  values: Record<string, unknown>;
  depositoryId: string | null;
}

/**
 * Checks one roster row against the database: the default depository code exists and serves the
 * school's region. Returns the resolved depository id or pushes the problems.
 */
function resolveRoster(
  env: PsiEnv,
  actor: PsiActor,
  row: number,
  values: Record<string, unknown>,
  lang: Lang,
  errors: RowError[],
): string | null {
  const code = values.defaultDepositoryCode as string | undefined;
  if (!code) return null;
  const d = prepareNumbers<{ id: string; codes: string }, [string, string]>(
    env.sqlite,
    `SELECT CAST(id AS TEXT) AS id, service_region_codes AS codes FROM psi_depository_info
     WHERE tenant_id = ? AND depository_code = ? AND is_deleted = 0`,
  ).get(actor.tenantId, code);
  const field = headerOf(ROSTER_COLUMNS, 'defaultDepositoryCode', lang);
  if (!d) {
    errors.push({ row, field, message: fill(psiMessages.unknownDepository[lang], { code }) });
    return null;
  }
  if (!servesRegion(d.codes, String(values.regionCode))) {
    errors.push({ row, field, message: psiMessages.regionNotServed[lang] });
    return null;
  }
  return d.id;
}

/** Writes one checked roster row: the school's base fields and its platform terms (never user or balance). */
function writeRoster(
  env: PsiEnv,
  actor: PsiActor,
  p: RosterPlan,
  batchNo: string,
): 'created' | 'updated' | 'unchanged' {
  const v = p.values;
  if (!v.regionName) v.regionName = regionNameOf(env, String(v.regionCode));
  const school = prepareNumbers<Record<string, unknown>, [string, unknown]>(
    env.sqlite,
    `SELECT CAST(id AS TEXT) AS id, school_name AS schoolName, school_type AS schoolType, region_code AS regionCode,
       region_name AS regionName, address, contact_name AS contactName, contact_phone AS contactPhone,
       student_count AS studentCount, CAST(depository_id AS TEXT) AS depositoryId
     FROM psi_school_info WHERE tenant_id = ? AND school_code = ? AND is_deleted = 0`,
  ).get(actor.tenantId, v.schoolCode);
  const schoolValues: Record<string, unknown> = {};
  for (const f of ROSTER_SCHOOL_FIELDS) if (v[f] !== undefined) schoolValues[f] = v[f];
  if (p.depositoryId) schoolValues.depositoryId = p.depositoryId;
  let schoolId: string;
  let outcome: 'created' | 'updated' | 'unchanged' = 'unchanged';
  if (!school) {
    schoolId = insertRow(env, schoolInfo, actor, {
      ...schoolValues,
      schoolCode: v.schoolCode,
      accountBalance: 0,
    });
    outcome = 'created';
  } else {
    schoolId = school.id as string;
    const changed = Object.fromEntries(Object.entries(schoolValues).filter(([k, x]) => !same(school[k], x)));
    if (Object.keys(changed).length) {
      updateRow(env, schoolInfo, actor, schoolId, changed);
      outcome = 'updated';
    }
  }
  const schoolyyptinfo = prepareNumbers<Record<string, unknown>, [string, unknown]>(
    env.sqlite,
    `SELECT CAST(id AS TEXT) AS id, CAST(school_id AS TEXT) AS schoolId, school_name AS schoolName,
       school_type AS schoolType, region_code AS regionCode, region_name AS regionName, address,
       contact_name AS contactName, contact_phone AS contactPhone, student_count AS studentCount,
       default_depository_code AS defaultDepositoryCode, discount, salesman, salesman_phone AS salesmanPhone,
       contract_no AS contractNo, remark
     FROM psi_school_yypt_info WHERE tenant_id = ? AND school_code = ? AND is_deleted = 0`,
  ).get(actor.tenantId, v.schoolCode);
  const schoolyyptinfoValues: Record<string, unknown> = { schoolId };
  for (const f of ROSTER_FIELDS) if (v[f] !== undefined) schoolyyptinfoValues[f] = v[f];
  if (schoolyyptinfoValues.discount === undefined && !schoolyyptinfo) schoolyyptinfoValues.discount = 10000;
  const stamp = { importBatchNo: batchNo, importTime: nowText(env) };
  if (!schoolyyptinfo) {
    insertRow(env, schoolYyptInfo, actor, { ...schoolyyptinfoValues, schoolCode: v.schoolCode, ...stamp });
    if (outcome === 'unchanged') outcome = 'updated';
  } else {
    const changed = Object.fromEntries(
      Object.entries(schoolyyptinfoValues).filter(([k, x]) => !same(schoolyyptinfo[k], x)),
    );
    if (Object.keys(changed).length) {
      updateRow(env, schoolYyptInfo, actor, schoolyyptinfo.id as string, { ...changed, ...stamp });
      if (outcome === 'unchanged') outcome = 'updated';
    }
  }
  return outcome;
}

/**
 * School roster import (DOMAIN.md 2.7): all-or-nothing like the goods import; each row upserts the
 * platform terms by school code and creates or updates the school's base fields.
 */
export function importRoster(env: PsiEnv, actor: PsiActor, rows: SheetRow[], lang: Lang): ImportResult {
  requireTenantAdmin(actor);
  return tx(env, () => {
    const dicts = loadDicts(env, ROSTER_COLUMNS);
    const errors: RowError[] = [];
    const plans: RosterPlan[] = [];
    const seen = new Set<string>();
    for (const r of rows) {
      const cells = rowValues(ROSTER_COLUMNS, r, dicts);
      const { values, issues } = parseValues(schoolYyptInfoResource, cells, lang, 'add');
      for (const i of issues)
        errors.push({ row: r.row, field: headerOf(ROSTER_COLUMNS, i.field, lang), message: i.message });
      const code = typeof cells.schoolCode === 'string' ? cells.schoolCode : '';
      if (code && seen.has(code))
        errors.push({
          row: r.row,
          field: headerOf(ROSTER_COLUMNS, 'schoolCode', lang),
          message: psiMessages.duplicateInFile[lang],
        });
      if (code) seen.add(code);
      if (issues.length) continue;
      const keep = Object.fromEntries(Object.entries(values).filter(([k]) => k in cells));
      const depositoryId = resolveRoster(env, actor, r.row, keep, lang, errors);
      plans.push({ row: r.row, values: keep, depositoryId });
    }
    if (errors.length) throw new RowsRejected(errors);
    const batchNo = `IMP${formatDateTime(env.now()).replace(/\D/g, '')}`;
    const result: ImportResult = { created: 0, updated: 0, unchanged: 0 };
    for (const p of plans) result[writeRoster(env, actor, p, batchNo)]++;
    return result;
  });
}

/** `schoolyyptinfo/submit`: one roster row through the same checks as the import. */
export function saveRosterRow(
  env: PsiEnv,
  actor: PsiActor,
  values: Record<string, unknown>,
  id: string | null,
  lang: Lang,
): void {
  requireTenantAdmin(actor);
  tx(env, () => {
    let merged = values;
    if (id) {
      const current = prepareNumbers<Record<string, unknown>, [bigint, string]>(
        env.sqlite,
        `SELECT school_code AS schoolCode, region_code AS regionCode, default_depository_code AS defaultDepositoryCode
         FROM psi_school_yypt_info WHERE id = ? AND tenant_id = ? AND is_deleted = 0`,
      ).get(big(id), actor.tenantId);
      if (!current) throw new ApiError(400, 400, messages.recordNotFound);
      // the school code identifies the row: an edit keeps it
      merged = { ...current, ...values, schoolCode: current.schoolCode };
    }
    const errors: RowError[] = [];
    const depositoryId = resolveRoster(env, actor, 0, merged, lang, errors);
    if (errors.length) throw new RowsRejected(errors);
    if (depositoryId)
      checkSchoolLinks(env, actor.tenantId, { depositoryId, regionCode: merged.regionCode }, null);
    writeRoster(
      env,
      actor,
      { row: 0, values: { ...merged }, depositoryId },
      `FORM${nowText(env).replace(/\D/g, '')}`,
    );
  });
}
