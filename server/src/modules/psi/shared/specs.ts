import * as schema from '@psi/db/schema';
import {
  accountStatementResource,
  deliverydetailResource,
  deliveryorderResource,
  depositorycheckdetailResource,
  depositorycheckResource,
  depositoryInfoResource,
  depositoryLogResource,
  goodsInfoResource,
  purchasedetaildepositoryResource,
  purchasedetailResource,
  purchasedetailyyptResource,
  purchaseorderdepositoryResource,
  purchaseorderResource,
  purchaseorderyyptResource,
  schoolInfoResource,
  schoolYyptInfoResource,
} from '@psi/db/model';
import type { SqlWhere } from '../../../core/filters';
import { declareScopeCodes } from '../../../core/data';
import type { ListSpec } from '../../../core/scoped-list';
import type { PsiActor } from './env';
import {
  depositoryScope,
  everyone,
  lineScope,
  orderScope,
  overrideScopeFilters,
  platformOnly,
  schoolScope,
  type PsiScope,
} from './scopes';

/** A PSI resource's list spec; a scoped user's school or depository filters are its own (DOMAIN.md 3.8). */
export type PsiSpec = ListSpec<PsiActor>;
const psi = (spec: Omit<PsiSpec, 'narrow'>): PsiSpec => ({ ...spec, narrow: overrideScopeFilters });

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
const big = (ids: string[]) => ids.map((i) => BigInt(i));

const nameOf = (table: string, column: string, source: string, target: string, as: string) =>
  `(SELECT x.${target} FROM ${source} x WHERE x.id = "${table}".${column}) AS "${as}"`;
const schoolName = (table: string) =>
  nameOf(table, 'school_id', 'psi_school_info', 'school_name', 'schoolName');
const depositoryName = (table: string) =>
  nameOf(table, 'depository_id', 'psi_depository_info', 'depository_name', 'depositoryName');
const userAccount = (table: string) => nameOf(table, 'user_id', 'blade_user', 'account', 'userAccount');

/** Title search: an FTS5 trigram match for 3+ characters, the declared LIKE below that. */
function goodsFilters(query: Record<string, unknown>): { where: SqlWhere; rest: Record<string, unknown> } {
  const rest = { ...query };
  const where: SqlWhere = { clauses: [], params: [] };
  for (const key of ['goodsName', 'goodsName_like']) {
    const v = rest[key];
    if (typeof v !== 'string' || [...v.trim()].length < 3) continue;
    delete rest[key];
    where.clauses.push('"id" IN (SELECT rowid FROM psi_goods_fts WHERE psi_goods_fts MATCH ?)');
    where.params.push(`"${v.trim().replace(/"/g, '""')}"`);
  }
  return { where, rest };
}

/** Depositories: the platform sees all, a depository user its own, a school those serving it. */
const depositoryInfoScope: PsiScope = (a) => {
  if (a.kind === 'platform') return { sql: '1', params: [] };
  if (a.kind === 'depository' && a.depositoryIds.length)
    return { sql: `id IN (${marks(a.depositoryIds.length)})`, params: big(a.depositoryIds) };
  if (a.kind === 'school' && a.schoolId)
    return {
      sql: `instr(',' || service_region_codes || ',', ',' || (SELECT s.region_code FROM psi_school_info s WHERE s.id = ?) || ',') > 0`,
      params: [BigInt(a.schoolId)],
    };
  return null;
};

/** Schools: a depository user sees the schools it serves (default depository or region). */
const schoolInfoScope: PsiScope = (a) => {
  if (a.kind === 'platform') return { sql: '1', params: [] };
  if (a.kind === 'school' && a.schoolId) return { sql: 'id = ?', params: [BigInt(a.schoolId)] };
  if (a.kind === 'depository' && a.depositoryIds.length) {
    const m = marks(a.depositoryIds.length);
    return {
      sql: `(depository_id IN (${m}) OR EXISTS (SELECT 1 FROM psi_depository_info d WHERE d.id IN (${m})
              AND instr(',' || d.service_region_codes || ',', ',' || "psi_school_info".region_code || ',') > 0))`,
      params: [...big(a.depositoryIds), ...big(a.depositoryIds)],
    };
  }
  return null;
};

export const specs = {
  goods: psi({
    def: goodsInfoResource,
    table: schema.goodsInfo,
    scope: everyone,
    filters: goodsFilters,
  }),
  depository: psi({
    def: depositoryInfoResource,
    table: schema.depositoryInfo,
    scope: depositoryInfoScope,
    extra: userAccount('psi_depository_info'),
  }),
  school: psi({
    def: schoolInfoResource,
    table: schema.schoolInfo,
    scope: schoolInfoScope,
    extra: `${userAccount('psi_school_info')}, ${depositoryName('psi_school_info')}`,
  }),
  roster: psi({
    def: schoolYyptInfoResource,
    table: schema.schoolYyptInfo,
    scope: platformOnly,
  }),
  log: psi({
    def: depositoryLogResource,
    table: schema.depositoryLog,
    scope: depositoryScope(),
    extra: depositoryName('psi_depository_log'),
  }),
  statement: psi({
    def: accountStatementResource,
    table: schema.accountStatement,
    scope: schoolScope(),
    extra: schoolName('psi_account_statement'),
  }),
  depositorycheck: psi({
    def: depositorycheckResource,
    table: schema.depositoryCheck,
    scope: depositoryScope(),
    extra: depositoryName('psi_depository_check'),
  }),
  depositorycheckdetail: psi({
    def: depositorycheckdetailResource,
    table: schema.depositoryCheckDetail,
    scope: lineScope('check_id', 'psi_depository_check', depositoryScope()),
  }),
  purchaseorder: psi({
    def: purchaseorderResource,
    table: schema.purchaseOrder,
    scope: depositoryScope(),
    extra: depositoryName('psi_purchase_order'),
  }),
  purchasedetail: psi({
    def: purchasedetailResource,
    table: schema.purchaseDetail,
    scope: lineScope('purchase_id', 'psi_purchase_order', depositoryScope()),
  }),
  purchaseorderyypt: psi({
    def: purchaseorderyyptResource,
    table: schema.purchaseOrderYypt,
    scope: orderScope,
    extra: `${schoolName('psi_purchase_order_yypt')}, ${depositoryName('psi_purchase_order_yypt')}`,
  }),
  purchasedetailyypt: psi({
    def: purchasedetailyyptResource,
    table: schema.purchaseDetailYypt,
    scope: lineScope('purchase_id', 'psi_purchase_order_yypt', orderScope),
  }),
  purchaseorderdepository: psi({
    def: purchaseorderdepositoryResource,
    table: schema.purchaseOrderDepository,
    scope: orderScope,
    extra: `${schoolName('psi_purchase_order_depository')}, ${depositoryName('psi_purchase_order_depository')}`,
  }),
  purchasedetaildepository: psi({
    def: purchasedetaildepositoryResource,
    table: schema.purchaseDetailDepository,
    scope: lineScope('purchase_id', 'psi_purchase_order_depository', orderScope),
  }),
  deliveryorder: psi({
    def: deliveryorderResource,
    table: schema.deliveryOrder,
    scope: orderScope,
    extra: `${schoolName('psi_delivery_order')}, ${depositoryName('psi_delivery_order')}`,
  }),
  deliverydetail: psi({
    def: deliverydetailResource,
    table: schema.deliveryDetail,
    scope: lineScope('delivery_id', 'psi_delivery_order', orderScope),
  }),
} satisfies Record<string, PsiSpec>;

// the data scopes of each resource narrow its table wherever the data layer reads or writes it
for (const spec of Object.values(specs)) declareScopeCodes(spec.table, [spec.def.permission, spec.def.key]);
