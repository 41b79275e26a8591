/** Chapter 2: the depositories, the school roster (imported, then linked to its users) and the catalogue. */
import { prepareNumbers } from '../../core/data';
import {
  importRoster,
  removeGoods,
  removeSchools,
  ROSTER_COLUMNS,
  saveDepository,
  saveGoods,
  saveSchool,
} from '../../modules/psi/public';
import { loadImportFixture, sheetRowOf } from './fixture';
import { goodsValues, type Story, type Tenant } from './story';

export function writeDepositories(s: Story, tenants: Map<string, Tenant>): void {
  for (const d of s.fixture.depositories) {
    const t = tenants.get(d.tenantId)!;
    const { tenantId: _t, user, ...values } = d;
    const admin = t.actor(t === s.main ? 'pt_admin' : 'pt_admin2');
    const id = saveDepository(s.env, admin, { ...values, userId: user ? t.users.get(user) : null });
    t.depositories.set(String(d.depositoryCode), id);
  }
}

export function writeSchools(s: Story): void {
  const { env, main: jh, fixture } = s;
  const ptAdmin = jh.actor('pt_admin');
  const roster = loadImportFixture()
    .schoolsFixed.slice(0, s.story.roster.rows)
    .map((r, i) => sheetRowOf(ROSTER_COLUMNS, r, i));
  importRoster(env, ptAdmin, roster, 'zh');
  for (const row of prepareNumbers<{ id: string; code: string }, []>(
    env.sqlite,
    `SELECT CAST(id AS TEXT) AS id, school_code AS code FROM psi_school_info WHERE tenant_id = '100001' AND is_deleted = 0`,
  ).all())
    jh.schools.set(row.code, row.id);
  for (const [code, account] of Object.entries(fixture.schoolUsers))
    saveSchool(env, ptAdmin, { userId: jh.users.get(account) }, jh.schools.get(code));
  // created, then removed (must never show)
  const removed = fixture.deletedSchool;
  const id = saveSchool(env, ptAdmin, {
    schoolCode: removed.schoolCode,
    schoolName: removed.schoolName,
    schoolType: removed.schoolType,
    regionCode: removed.regionCode,
    depositoryId: jh.depositories.get(removed.depository),
  });
  removeSchools(env, ptAdmin, [id]);
}

export function writeGoods(s: Story): void {
  const { env, main: jh, fixture } = s;
  const ptAdmin = jh.actor('pt_admin');
  for (const g of fixture.goods) jh.goods.set(String(g.code), saveGoods(env, ptAdmin, goodsValues(g)));
  const removed = saveGoods(env, ptAdmin, goodsValues({ ...fixture.deletedGoods }));
  removeGoods(env, ptAdmin, [removed]);
}
