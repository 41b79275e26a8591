/** The last chapter: tenant 100002 reuses 100001's codes and ISBNs and never sees its data (DOMAIN.md 5.11). */
import { prepareNumbers } from '../../core/data';
import {
  approvePurchaseorderAudit,
  approveStorage,
  importRoster,
  recharge,
  ROSTER_COLUMNS,
  saveGoods,
  saveSchool,
  submitPurchaseOrderYypt,
} from '../../modules/psi/public';
import { sheetRowOf } from './fixture';
import { submitPlainPurchase } from './purchases';
import { goodsValues, money, voucherNo, type Story } from './story';

/** The isolation tenant's one school as a roster row keyed by the template's header names. */
function rosterRow(school: Record<string, string | number>, schoolType: string): Record<string, string> {
  return {
    学校标识码: String(school.schoolCode),
    学校名称: String(school.schoolName),
    学校类型: schoolType,
    地区代码: String(school.regionCode),
    地址: String(school.address),
    联系人: String(school.contactName),
    联系电话: String(school.contactPhone),
    在校生数: String(school.studentCount),
    默认仓库编码: String(school.defaultDepositoryCode),
    销售折扣: String(school.discount),
  };
}

export function writeIsolationTenant(s: Story): void {
  const { env, clock, fixture, isolated: qt } = s;
  const plan = s.story.isolation;
  const admin = qt.actor('pt_admin2');
  clock.at(plan.rosterAt);
  const school = fixture.isolation.school;
  importRoster(env, admin, [sheetRowOf(ROSTER_COLUMNS, rosterRow(school, plan.schoolType), 0)], 'zh');
  const schoolId = prepareNumbers<{ id: string }, [string, string]>(
    env.sqlite,
    `SELECT CAST(id AS TEXT) AS id FROM psi_school_info WHERE tenant_id = ? AND school_code = ? AND is_deleted = 0`,
  ).get(qt.tenantId, String(school.schoolCode))!.id;
  saveSchool(env, admin, { userId: qt.users.get(plan.schoolUser) }, schoolId);
  for (const code of fixture.isolation.goods) {
    const g = fixture.goods.find((x) => x.code === code)!;
    qt.goods.set(code, saveGoods(env, admin, goodsValues(g)));
  }
  const p = plan.purchase;
  const order = submitPlainPurchase(
    s,
    qt,
    p,
    fixture.isolation.goods.map((code) => ({ goodsId: qt.goodsId(code), quantity: p.quantity })),
  );
  approvePurchaseorderAudit(env, admin, { id: order.id, pass: true, auditRemark: p.auditRemark });
  approveStorage(env, qt.actor(p.operator), { id: order.id });
  const r = plan.recharge;
  clock.at(r.at);
  recharge(env, admin, {
    schoolId,
    amount: money(r.amount),
    payMethod: 1,
    voucherNo: voucherNo(s, r.at.slice(0, 10), r.voucher.prefix, r.voucher.sequence),
  });
  const o = plan.subscription;
  clock.at(o.at);
  submitPurchaseOrderYypt(env, qt.actor(plan.schoolUser), {
    depositoryId: qt.depositories.get(o.depository),
    term: s.term,
    details: qt.lines(o.lines),
  });
}
