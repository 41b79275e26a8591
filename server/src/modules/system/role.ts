import type { FastifyInstance } from 'fastify';
import { role as roleTable } from '@psi/db/schema';
import { nextId, parseId, parseIdList, roleResource, SUPER_ADMIN_ROLE, t } from '@psi/db/model';
import { done, ok } from '../../core/envelope';
import { ApiError, badRequest, otherTenant } from '../../core/errors';
import { prepare } from '../../core/data';
import { actorOf } from '../../core/crud';
import { forest } from '../../core/serialize';
import type { SessionUser } from '../../core/context';
import { allMenus, packageMenuIds, treeNode, type TreeNode } from './menu-service';
import { checkParent, crudRoutes, isAdministrator, param, refuseWithChildren } from '../../core/crud';
import { menusOfCaller, scopeIdsOf } from './menu';
import { z } from 'zod';
import { treeNodeSchema } from '@psi/db/model';
import { answers, formBody, idListParam, optionalIdValue, textQuery } from '../../core/route-schemas';
import { typed } from '../../core/schema';

const grantBody = formBody({
  roleIds: idListParam('the roles to grant to'),
  menuIds: idListParam('the menus they get (replacing theirs)'),
  dataScopeIds: idListParam('the data scopes they get'),
  apiScopeIds: idListParam('the api scopes they get'),
});
const roleRowSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  parentId: z.string(),
  roleName: z.string(),
  roleAlias: z.string(),
  sort: z.number(),
});
const tenantQuery = textQuery({ tenantId: 'the tenant whose roles (super-admin)' });
import { heldByNamedUser } from './select-user';

export const roleTexts = {
  noAdministrator: t('无权限创建超管角色！', 'You may not create or change the super-admin role!'),
  grantAdministrator: t('无权授予超管角色！', 'You may not grant the super-admin role!'),
  menuNotHeld: t('无权授予本人未拥有的菜单', 'You may not grant menus you do not hold'),
  scopeNotHeld: t('无权授予本人未拥有的权限', 'You may not grant scopes you do not hold'),
  outsidePackage: t('所选菜单超出租户产品包范围', 'Some menus are outside the tenant package'),
  chooseRole: t('请选择角色', 'Please select the roles'),
};

interface RoleRow {
  id: string;
  tenantId: string;
  parentId: string;
  roleName: string;
  roleAlias: string;
  sort: number;
}

const ROLE_COLUMNS =
  'id, tenant_id AS tenantId, parent_id AS parentId, role_name AS roleName, role_alias AS roleAlias, sort';

const roleRowOf = (r: Record<string, unknown>): RoleRow => ({
  id: String(r.id),
  tenantId: String(r.tenantId),
  parentId: String(r.parentId),
  roleName: String(r.roleName),
  roleAlias: String(r.roleAlias),
  sort: Number(r.sort),
});

function rolesOf(app: FastifyInstance, tenantId: string | null): RoleRow[] {
  const rows = prepare<Record<string, unknown>>(
    app.ctx.sqlite,
    `SELECT ${ROLE_COLUMNS} FROM blade_role WHERE is_deleted = 0${tenantId ? ' AND tenant_id = ?' : ''} ORDER BY sort, id`,
  ).all(...(tenantId ? [tenantId] : []));
  return rows.map(roleRowOf);
}

/** Roles a caller may see in choosers: the super-admin role only to holders of it. */
const visibleTo = (user: SessionUser) => (r: RoleRow) =>
  r.roleAlias !== SUPER_ADMIN_ROLE || isAdministrator(user);

/** An id list from JSON (`["1","2"]`, `[1,2]`) or a comma-joined string; missing is empty. */
function idArray(value: unknown, name: string): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value) && value.length === 0) return [];
  const ids = parseIdList(value);
  if (!ids) throw badRequest('paramType', { name });
  return ids;
}

/** The tenant whose roles a tree shows: the caller's own, any for the super-admin. */
function treeTenant(user: SessionUser, wanted: string | undefined): string {
  return user.isSuperAdmin && wanted ? wanted : user.tenantId;
}

/** Replaces the roles' menu, data-scope and api-scope grants (see the grant route for who may). */
function grantRoles(app: FastifyInstance, me: SessionUser, body: z.output<typeof grantBody>): void {
  const sqlite = app.ctx.sqlite;
  const roleIds = idArray(body.roleIds, 'roleIds');
  if (!roleIds.length) throw badRequest(roleTexts.chooseRole);
  const menuIds = idArray(body.menuIds, 'menuIds');
  const dataScopeIds = idArray(body.dataScopeIds, 'dataScopeIds');
  const apiScopeIds = idArray(body.apiScopeIds, 'apiScopeIds');

  const roles = rolesById(app, roleIds);
  if (roles.length !== roleIds.length) throw badRequest('recordNotFound');
  if (!me.isSuperAdmin && roles.some((r) => r.tenantId !== me.tenantId)) throw otherTenant();
  const admin = isAdministrator(me);
  if (!admin && roles.some((r) => r.roleAlias === SUPER_ADMIN_ROLE))
    throw new ApiError(403, 403, roleTexts.grantAdministrator);

  const menus = allMenus(sqlite);
  const live = new Set(menus.map((m) => m.id));
  const wantedMenus = menuIds.filter((id) => live.has(id));
  if (!admin) {
    const mine = menusOfCaller(app, me, menus);
    if (wantedMenus.some((id) => !mine.has(id))) throw new ApiError(403, 403, roleTexts.menuNotHeld);
  }
  for (const tenantId of new Set(roles.map((r) => r.tenantId))) {
    const allowed = packageMenuIds(sqlite, tenantId, menus);
    if (allowed && wantedMenus.some((id) => !allowed.has(id))) throw badRequest(roleTexts.outsidePackage);
  }
  // the grant dialog's checked keys include the menus that group the scopes: keep real scopes only
  const scopes = (table: string, ids: string[], category: 1 | 2) => {
    if (!ids.length) return [];
    const rows = prepare<{ id: bigint }>(
      sqlite,
      `SELECT id FROM ${table} WHERE is_deleted = 0 AND id IN (${ids.map(() => '?').join(',')})`,
    ).all(...ids.map((i) => BigInt(i)));
    const found = rows.map((r) => String(r.id));
    if (!admin) {
      const mine = scopeIdsOf(app, me.roleIds, category);
      if (found.some((id) => !mine.has(id))) throw new ApiError(403, 403, roleTexts.scopeNotHeld);
    }
    return found;
  };
  const dataScopes = scopes('blade_scope_data', dataScopeIds, 1);
  const apiScopes = scopes('blade_scope_api', apiScopeIds, 2);

  const marks = roleIds.map(() => '?').join(',');
  const roleParams = roleIds.map((r) => BigInt(r));
  sqlite.transaction(() => {
    prepare(sqlite, `DELETE FROM blade_role_menu WHERE role_id IN (${marks})`).run(...roleParams);
    prepare(sqlite, `DELETE FROM blade_role_scope WHERE role_id IN (${marks})`).run(...roleParams);
    const addMenu = prepare(sqlite, 'INSERT INTO blade_role_menu (id, menu_id, role_id) VALUES (?, ?, ?)');
    const addScope = prepare(
      sqlite,
      'INSERT INTO blade_role_scope (id, scope_category, scope_id, role_id) VALUES (?, ?, ?, ?)',
    );
    for (const role of roleParams) {
      for (const m of wantedMenus) addMenu.run(BigInt(nextId()), BigInt(m), role);
      for (const s of dataScopes) addScope.run(BigInt(nextId()), 1, BigInt(s), role);
      for (const s of apiScopes) addScope.run(BigInt(nextId()), 2, BigInt(s), role);
    }
  })();
}

export function roleRoutes(app: FastifyInstance) {
  crudRoutes(
    app,
    { def: roleResource, table: roleTable },
    {
      list: 'forest',
      chooseTenant: true,
      clearsGrants: true,
      beforeSave: ({ user, values, id, mode, existing, tenantId }) => {
        const alias = (values.roleAlias ?? existing?.roleAlias) as string | undefined;
        if (
          !isAdministrator(user) &&
          (alias === SUPER_ADMIN_ROLE || existing?.roleAlias === SUPER_ADMIN_ROLE)
        )
          throw new ApiError(403, 403, roleTexts.noAdministrator);
        if (mode === 'add' && (values.parentId === undefined || values.parentId === null))
          values.parentId = '0';
        const parentId = String(values.parentId ?? existing?.parentId ?? '0');
        if (parseId(parentId) === null) throw badRequest('paramType', { name: 'parentId' });
        const parent = checkParent(app, 'blade_role', id, parentId);
        if (parent && String(parent.tenant_id) !== tenantId) throw otherTenant();
      },
      beforeRemove: (ids, req) => {
        const user = actorOf(req);
        if (!isAdministrator(user) && rolesById(app, ids).some((r) => r.roleAlias === SUPER_ADMIN_ROLE))
          throw new ApiError(403, 403, roleTexts.noAdministrator);
        refuseWithChildren(app, 'blade_role', ids);
      },
    },
  );

  /**
   * `{roleIds, menuIds, dataScopeIds, apiScopeIds}` replaces those roles' menu, data-scope and
   * api-scope grants. A caller other than the super-admin role may grant only what it holds itself,
   * never to the super-admin role, and only to roles of its tenant; menus stay within the tenant's
   * package.
   */
  typed(app).post(
    '/blade-system/role/grant',
    { config: { access: { button: 'role_grant' } }, schema: { body: grantBody, response: answers.done() } },
    async (req) => {
      grantRoles(app, actorOf(req), req.body);
      app.ctx.grants.clear();
      return done(req.lang);
    },
  );

  const treeAccess = { button: ['role', 'user', 'role_grant'] };

  const treeSchema = { querystring: tenantQuery, response: answers.list(treeNodeSchema) };
  app.get('/blade-system/role/tree', { config: { access: treeAccess }, schema: treeSchema }, async (req) => {
    const me = actorOf(req);
    const roles = rolesOf(app, treeTenant(me, param(req, 'tenantId'))).filter(visibleTo(me));
    return ok(forest(roles.map((r) => treeNode(r.id, r.parentId, r.roleName))) as TreeNode[], req.lang);
  });

  /** The tree of the role's tenant without the role and its descendants (its possible parents). */
  app.get(
    '/blade-system/role/tree-by-id',
    {
      config: { access: treeAccess },
      schema: {
        querystring: z.looseObject({
          roleId: optionalIdValue.describe('the role whose possible parents to list'),
        }),
        response: answers.list(treeNodeSchema),
      },
    },
    async (req) => {
      const me = actorOf(req);
      const roleId = param(req, 'roleId');
      const id = roleId ? parseId(roleId) : null;
      if (roleId && !id) throw badRequest('paramType', { name: 'roleId' });
      const target = id ? rolesById(app, [id])[0] : undefined;
      if (target && !me.isSuperAdmin && target.tenantId !== me.tenantId) throw otherTenant();
      const roles = rolesOf(app, target?.tenantId ?? me.tenantId).filter(visibleTo(me));
      const excluded = new Set<string>(id ? [id] : []);
      let grew = true;
      while (grew) {
        grew = false;
        for (const r of roles)
          if (!excluded.has(r.id) && excluded.has(r.parentId)) {
            excluded.add(r.id);
            grew = true;
          }
      }
      return ok(
        forest(roles.filter((r) => !excluded.has(r.id)).map((r) => treeNode(r.id, r.parentId, r.roleName))),
        req.lang,
      );
    },
  );

  /** The roles a user may be given (the caller's tenant), or with `userId` that user's own (the switch dialog's choices). */
  app.get(
    '/blade-system/role/select',
    {
      config: { access: 'user' },
      schema: {
        querystring: z.looseObject({ userId: optionalIdValue.describe("that user's own roles") }),
        response: answers.list(roleRowSchema),
      },
    },
    async (req) => {
      const me = actorOf(req);
      const held = heldByNamedUser(app, req, me, treeAccess);
      if (!held) return ok(rolesOf(app, me.tenantId).filter(visibleTo(me)), req.lang);
      return ok(
        rolesOf(app, held.tenantId).filter((r) => held.roleIds.includes(r.id)),
        req.lang,
      );
    },
  );
}

function rolesById(app: FastifyInstance, ids: string[]): RoleRow[] {
  if (!ids.length) return [];
  const rows = prepare<Record<string, unknown>>(
    app.ctx.sqlite,
    `SELECT ${ROLE_COLUMNS} FROM blade_role WHERE is_deleted = 0 AND id IN (${ids.map(() => '?').join(',')})`,
  ).all(...ids.map((i) => BigInt(i)));
  return rows.map(roleRowOf);
}
