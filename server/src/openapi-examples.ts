import { loadSystemFixtures } from '@psi/db/seed';
import { ok } from './core/envelope';
import { DEFAULT_AVATAR } from './core/sign-in';
const PLATFORM = '000000';

/**
 * Examples of representative answers, taken from the seed's system fixtures (`fixtures/*.json`): ids,
 * names and codes only, nothing that depends on the day the data is seeded, so the committed document
 * stays stable. Keyed by `<method> <path>` as the document names operations.
 */
export function fixtureExamples(): Record<string, unknown> {
  const f = loadSystemFixtures();
  const platformRoles = f.roles.filter((r) => r.tenantId === PLATFORM);
  const platformDepts = f.depts.filter((d) => d.tenantId === PLATFORM);
  const admin = f.users.find((u) => u.tenantId === PLATFORM && u.account === 'admin')!;
  const namesOf = (list: string, rows: { id: string; name: string }[]) =>
    list
      .split(',')
      .map((id) => rows.find((r) => r.id === id)?.name)
      .filter(Boolean)
      .join(',');
  const sexEntries = f.dicts.filter((d) => d.code === 'sex' && d.parentId !== '0');
  return {
    'get /blade-system/dict/dictionary': ok(
      sexEntries.map((d) => ({
        id: d.id,
        parentId: d.parentId,
        code: d.code,
        dictKey: Number(d.dictKey),
        dictValue: d.dictValue,
        ...(d.dictValueEn ? { dictValueEn: d.dictValueEn } : {}),
        sort: d.sort,
        remark: d.remark ?? '',
        isSealed: d.isSealed,
      })),
    ),
    'get /blade-system/tenant/select': ok(
      f.tenants.map((t) => ({ id: t.id, tenantId: t.tenantId, tenantName: t.tenantName })),
    ),
    'get /blade-system/menu/top-menu': ok(
      f.topMenus
        .filter((t) => t.tenantId === PLATFORM)
        .map((t) => ({
          id: t.id,
          code: t.code,
          name: t.name,
          ...(t.nameEn ? { nameEn: t.nameEn } : {}),
          source: t.source ?? '',
          path: t.path ?? '',
          sort: t.sort,
        })),
    ),
    'get /blade-system/role/select': ok(
      platformRoles.map((r) => ({
        id: r.id,
        tenantId: r.tenantId,
        parentId: r.parentId,
        roleName: r.roleName,
        roleAlias: r.roleAlias,
        sort: r.sort,
      })),
    ),
    'get /blade-system/dept/select': ok(
      platformDepts.map((d) => ({
        id: d.id,
        parentId: d.parentId,
        deptName: d.deptName,
        fullName: d.fullName ?? '',
        ancestors: d.ancestors ?? '',
        tenantId: d.tenantId,
        sort: d.sort,
      })),
    ),
    'get /blade-auth/oauth/user-info': ok({
      id: admin.id,
      tenantId: admin.tenantId,
      account: admin.account,
      name: admin.name ?? '',
      realName: admin.realName ?? '',
      avatar: admin.avatar || DEFAULT_AVATAR,
      email: admin.email ?? '',
      phone: admin.phone ?? '',
      roleId: admin.roleId,
      deptId: admin.deptId,
      postId: admin.postId ?? '',
      userType: admin.userType,
      tenantName: f.tenants.find((t) => t.tenantId === admin.tenantId)?.tenantName ?? '',
      roleName: namesOf(
        admin.roleId,
        platformRoles.map((r) => ({ id: r.id, name: r.roleName })),
      ),
      roleAlias: admin.roleId
        .split(',')
        .map((id) => platformRoles.find((r) => r.id === id)?.roleAlias)
        .filter(Boolean)
        .join(','),
      deptName: namesOf(
        admin.deptId,
        platformDepts.map((d) => ({ id: d.id, name: d.deptName })),
      ),
      postName: namesOf(
        admin.postId ?? '',
        f.posts.map((p) => ({ id: p.id, name: p.postName })),
      ),
    }),
  };
}
