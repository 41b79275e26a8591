/** The trees and keys of the grant dialogs: a role's menus and scopes, a top menu's menus. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseIdList, type Lang } from '@psi/db/model';
import { ok } from '../../core/envelope';
import { prepare } from '../../core/data';
import { actorOf, isAdministrator, param } from '../../core/crud';
import { answers, noQuery, textQuery } from '../../core/route-schemas';
import { treeNodeSchema } from '@psi/db/model';
import { allMenus, treeNode, withAncestors, type MenuRow, type TreeNode } from './menu-service';
import { menuName, menuNodes, menusOfCaller, rolesInReach, scopeIdsOf } from './menu';
import { forest } from '../../core/serialize';

/** A scope tree: the menus that own scope rows, with each scope as a child node. */
function scopeTree(
  app: FastifyInstance,
  table: string,
  menus: MenuRow[],
  only: Set<string> | null,
  lang: Lang,
): TreeNode[] {
  const rows = prepare<{ id: bigint; menuId: bigint; name: string }, []>(
    app.ctx.sqlite,
    `SELECT id, menu_id AS menuId, scope_name AS name FROM ${table} WHERE is_deleted = 0 ORDER BY id`,
  ).all();
  const scopes = rows
    .map((r) => ({ id: String(r.id), menuId: String(r.menuId), name: r.name }))
    .filter((r) => !only || only.has(r.id));
  const owners = new Set(scopes.map((s) => s.menuId));
  const nodes = [
    ...menus.filter((m) => owners.has(m.id)).map((m) => treeNode(m.id, '0', menuName(m, lang))),
    ...scopes.map((s) => treeNode(s.id, s.menuId, s.name)),
  ];
  return forest(nodes) as TreeNode[];
}

const grantTrees = z.object({
  menu: z.array(treeNodeSchema),
  dataScope: z.array(treeNodeSchema),
  apiScope: z.array(treeNodeSchema),
});
const grantKeys = z.object({
  menu: z.array(z.string()),
  dataScope: z.array(z.string()),
  apiScope: z.array(z.string()),
});

export function menuGrantRoutes(app: FastifyInstance) {
  const sqlite = app.ctx.sqlite;

  /** The role grant dialog: every menu and scope the caller may hand out. */
  app.get(
    '/blade-system/menu/grant-tree',
    {
      config: { access: { button: ['role_grant', 'role'] } },
      schema: { querystring: noQuery, response: answers.of(grantTrees) },
    },
    async (req) => {
      const me = actorOf(req);
      const menus = allMenus(sqlite);
      const mine = menusOfCaller(app, me, menus);
      const visible = withAncestors(menus, mine);
      const admin = isAdministrator(me);
      return ok(
        {
          menu: menuNodes(
            menus.filter((m) => visible.has(m.id)),
            req.lang,
          ),
          dataScope: scopeTree(
            app,
            'blade_scope_data',
            menus,
            admin ? null : scopeIdsOf(app, me.roleIds, 1),
            req.lang,
          ),
          apiScope: scopeTree(
            app,
            'blade_scope_api',
            menus,
            admin ? null : scopeIdsOf(app, me.roleIds, 2),
            req.lang,
          ),
        },
        req.lang,
      );
    },
  );

  app.get(
    '/blade-system/menu/role-tree-keys',
    {
      config: { access: { button: ['role_grant', 'role'] } },
      schema: {
        querystring: textQuery({ roleIds: 'comma-joined role ids' }),
        response: answers.of(grantKeys),
      },
    },
    async (req) => {
      const ids = parseIdList(param(req, 'roleIds') ?? '');
      const roles = rolesInReach(app, actorOf(req), ids ?? []);
      const menuRows = roles.length
        ? prepare<{ id: bigint }>(
            sqlite,
            `SELECT DISTINCT menu_id AS id FROM blade_role_menu WHERE role_id IN (${roles.map(() => '?').join(',')})`,
          ).all(...roles.map((r) => BigInt(r)))
        : [];
      return ok(
        {
          menu: menuRows.map((r) => String(r.id)),
          dataScope: [...scopeIdsOf(app, roles, 1)],
          apiScope: [...scopeIdsOf(app, roles, 2)],
        },
        req.lang,
      );
    },
  );

  app.get(
    '/blade-system/menu/grant-top-tree',
    {
      config: { access: { button: 'topmenu_setting' } },
      schema: { querystring: noQuery, response: answers.of(grantTrees) },
    },
    async (req) => {
      const menus = allMenus(sqlite);
      const visible = withAncestors(menus, menusOfCaller(app, actorOf(req), menus));
      return ok(
        {
          menu: menuNodes(
            menus.filter((m) => m.category === 1 && visible.has(m.id)),
            req.lang,
          ),
          dataScope: [],
          apiScope: [],
        },
        req.lang,
      );
    },
  );

  app.get(
    '/blade-system/menu/top-tree-keys',
    {
      config: { access: { button: 'topmenu_setting' } },
      schema: {
        querystring: textQuery({ topMenuIds: 'comma-joined top menu ids' }),
        response: answers.of(grantKeys),
      },
    },
    async (req) => {
      const me = actorOf(req);
      const ids = parseIdList(param(req, 'topMenuIds') ?? '') ?? [];
      const tops = ids.length
        ? prepare<{ id: bigint }>(
            sqlite,
            `SELECT id FROM blade_top_menu WHERE is_deleted = 0 AND id IN (${ids.map(() => '?').join(',')})${me.isSuperAdmin ? '' : ' AND tenant_id = ?'}`,
          )
            .all(...ids.map((i) => BigInt(i)), ...(me.isSuperAdmin ? [] : [me.tenantId]))
            .map((r) => r.id)
        : [];
      const rows = tops.length
        ? prepare<{ id: bigint }>(
            sqlite,
            `SELECT DISTINCT menu_id AS id FROM blade_top_menu_setting WHERE top_menu_id IN (${tops.map(() => '?').join(',')})`,
          ).all(...tops)
        : [];
      return ok({ menu: rows.map((r) => String(r.id)), dataScope: [], apiScope: [] }, req.lang);
    },
  );
}
