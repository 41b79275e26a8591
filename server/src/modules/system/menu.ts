import { z } from 'zod';
import { emptyData, menuNodeSchema, topMenuSchema, treeNodeSchema } from '@psi/db/model';
import { answers, forestOf, noQuery, optionalIdValue, textQuery } from '../../core/route-schemas';
import { typed } from '../../core/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { menu as menuTable } from '@psi/db/schema';
import { menuResource, parseId, t, type Lang } from '@psi/db/model';
import { ok } from '../../core/envelope';
import { jsonBytes, sendJson } from '../../core/answer-cache';
import { badRequest } from '../../core/errors';
import { prepare, UntilNextWrite } from '../../core/data';
import { actorOf } from '../../core/crud';
import { forest, type Node } from '../../core/serialize';
import type { SessionUser } from '../../core/context';
import {
  allMenus,
  buttonsFor,
  grantedForViewer,
  packageMenuIds,
  routesFor,
  topMenusFor,
  treeNode,
  type MenuRow,
  type TreeNode,
} from './menu-service';
import { checkParent, crudRoutes, isAdministrator, param, refuseWithChildren } from '../../core/crud';
import { dialectOf } from '../../core/dialect';
import { withDialectIcons } from './public-menu';

const ROOT_NAME = t('顶级', 'Top level');
const CATEGORY = { 1: t('菜单', 'Menu'), 2: t('按钮', 'Button') } as Record<number, ReturnType<typeof t>>;
const ACTION = {
  0: t('无', 'None'),
  1: t('工具栏', 'Toolbar'),
  2: t('操作栏', 'Row'),
  3: t('工具操作栏', 'Toolbar and row'),
} as Record<number, ReturnType<typeof t>>;
const YES_NO = { 1: t('否', 'No'), 2: t('是', 'Yes') } as Record<number, ReturnType<typeof t>>;

/** The query's optional id parameter (`parentId`, `topMenuId`): absent, or a valid id. */
export function optionalId(req: FastifyRequest, name: string): string | undefined {
  const raw = param(req, name);
  if (raw === undefined || raw === '') return undefined;
  const id = parseId(raw);
  if (id === null) throw badRequest('paramType', { name });
  return id;
}

/** Menu ids a caller may hand out or see in grant trees: every menu for the super-admin role. */
export function menusOfCaller(app: FastifyInstance, user: SessionUser, menus: MenuRow[]): Set<string> {
  if (isAdministrator(user)) {
    const allowed = packageMenuIds(app.ctx.sqlite, user.tenantId, menus);
    return allowed ?? new Set(menus.map((m) => m.id));
  }
  return grantedForViewer(app.ctx.sqlite, user, menus);
}

/** A menu's name in the caller's language (its English name when it has one). */
export const menuName = (m: MenuRow, lang: Lang) => (lang === 'en' && m.nameEn ? m.nameEn : m.name);

export const menuNodes = (menus: MenuRow[], lang: Lang): TreeNode[] =>
  forest(menus.map((m) => treeNode(m.id, m.parentId, menuName(m, lang)))) as TreeNode[];

/** Scope ids (1 data, 2 api) granted to roles. */
export function scopeIdsOf(app: FastifyInstance, roleIds: string[], category: 1 | 2): Set<string> {
  const ids = roleIds.filter((r) => /^\d+$/.test(r));
  if (!ids.length) return new Set();
  const rows = prepare<{ id: bigint }>(
    app.ctx.sqlite,
    `SELECT DISTINCT scope_id AS id FROM blade_role_scope WHERE scope_category = ? AND role_id IN (${ids.map(() => '?').join(',')})`,
  ).all(category, ...ids.map((i) => BigInt(i)));
  return new Set(rows.map((r) => String(r.id)));
}

/** Roles in the caller's reach (own tenant; every tenant for the super-admin) among the given ids. */
export function rolesInReach(app: FastifyInstance, user: SessionUser, roleIds: string[]): string[] {
  if (!roleIds.length) return [];
  const rows = prepare<{ id: bigint; tenantId: string }>(
    app.ctx.sqlite,
    `SELECT id, tenant_id AS tenantId FROM blade_role WHERE is_deleted = 0 AND id IN (${roleIds.map(() => '?').join(',')})`,
  ).all(...roleIds.map((i) => BigInt(i)));
  return rows.filter((r) => user.isSuperAdmin || r.tenantId === user.tenantId).map((r) => String(r.id));
}

function decorateMenus(lang: Lang, menus: MenuRow[]) {
  const names = new Map(menus.map((m) => [m.id, menuName(m, lang)]));
  return <R extends Record<string, unknown>>(rows: R[]) =>
    rows.map((r) => ({
      ...r,
      parentName: r.parentId === '0' ? ROOT_NAME[lang] : (names.get(String(r.parentId)) ?? ''),
      categoryName: CATEGORY[Number(r.category)]?.[lang] ?? '',
      actionName: ACTION[Number(r.action)]?.[lang] ?? '',
      isOpenName: YES_NO[Number(r.isOpen)]?.[lang] ?? '',
    }));
}

/** Menu rows of a lazy list, each with a real `hasChildren`. */
function withHasChildren(menus: MenuRow[], rows: MenuRow[], categoryOne: boolean) {
  const parents = new Set(menus.filter((m) => !categoryOne || m.category === 1).map((m) => m.parentId));
  return rows.map((m) => ({ ...m, hasChildren: parents.has(m.id) }));
}

/** A menu as `allMenus` reads it. */
const menuRowShape = {
  id: z.string(),
  parentId: z.string(),
  code: z.string(),
  name: z.string(),
  alias: z.string(),
  path: z.string(),
  source: z.string(),
  sort: z.number(),
  category: z.number().describe('1 menu, 2 button'),
  action: z.number(),
  isOpen: z.number(),
  remark: z.string(),
};
const menuSearch = textQuery({
  name: 'part of the name',
  code: 'part of the code',
  alias: 'part of the alias',
});
type MenuSearch = z.output<typeof menuSearch>;
const decoratedShape = {
  ...menuRowShape,
  parentName: z.string(),
  categoryName: z.string(),
  actionName: z.string(),
  isOpenName: z.string(),
};
const menuListNode = forestOf('MenuListNode', decoratedShape);
const menuLazyNode = forestOf('MenuLazyNode', menuRowShape);
/** The grant dialogs' trees and the keys granted: menus, data scopes, api scopes. */

export function menuRoutes(app: FastifyInstance) {
  const sqlite = app.ctx.sqlite;

  /**
   * The sidebar's answers (routes, buttons, top menus) as sent, kept until the next write to the
   * database: every page load asks for them, and they change only with rows (menus, grants, roles,
   * top menus, tenant packages). The key holds all else they depend on: the caller's tenant, roles and
   * role aliases (as the token carries them), the dialect (icons), the language (the message) and the
   * query. The line is the app's own, like this cache.
   */
  const navigation = new UntilNextWrite<Buffer>(1000);
  const sendNavigation = (
    req: FastifyRequest,
    reply: FastifyReply,
    answer: string,
    build: (viewer: SessionUser) => object[],
  ) => {
    const user = actorOf(req);
    const dialect = dialectOf(app, req);
    const key = JSON.stringify([answer, user.tenantId, user.roleIds, user.roleAliases, dialect, req.lang]);
    const body = navigation.get(sqlite, key, () =>
      jsonBytes(ok(withDialectIcons(dialect, build(user)), req.lang)),
    );
    // the UTF-8 bytes of what serialising the envelope gives, encoded once, sent as they are
    return sendJson(reply, body);
  };

  /** Public at the gateway: anonymous callers get `data: {}`. */
  app.get(
    '/blade-system/menu/routes',
    {
      config: { access: 'public' },
      schema: {
        querystring: z.looseObject({
          topMenuId: optionalIdValue.describe('the top menu whose menus to show'),
        }),
        response: answers.of(z.union([z.array(menuNodeSchema), emptyData])),
      },
    },
    async (req, reply) => {
      if (!req.user) return ok(null, req.lang);
      const topMenuId = optionalId(req, 'topMenuId');
      return sendNavigation(req, reply, `routes:${topMenuId ?? ''}`, (viewer) =>
        routesFor(sqlite, viewer, topMenuId),
      );
    },
  );

  app.get(
    '/blade-system/menu/buttons',
    { config: { access: 'user' }, schema: { querystring: noQuery, response: answers.list(menuNodeSchema) } },
    async (req, reply) => sendNavigation(req, reply, 'buttons', (viewer) => buttonsFor(sqlite, viewer)),
  );

  app.get(
    '/blade-system/menu/top-menu',
    { config: { access: 'user' }, schema: { querystring: noQuery, response: answers.list(topMenuSchema) } },
    async (req, reply) => sendNavigation(req, reply, 'top-menu', (viewer) => topMenusFor(sqlite, viewer)),
  );

  crudRoutes(
    app,
    { def: menuResource, table: menuTable },
    {
      list: 'forest',
      platform: true,
      clearsGrants: true,
      decorate: (rows, req) =>
        withDialectIcons(dialectOf(app, req), decorateMenus(req.lang, allMenus(sqlite))(rows)),
      beforeSave: ({ values, id, mode, existing }) => {
        if (mode === 'add' && (values.parentId === undefined || values.parentId === null))
          values.parentId = '0';
        const parentId = String(values.parentId ?? existing?.parentId ?? '0');
        if (parseId(parentId) === null) throw badRequest('paramType', { name: 'parentId' });
        checkParent(app, 'blade_menu', id, parentId);
        if (mode === 'add') {
          values.alias ??= 'menu';
          values.action ??= 0;
          values.isOpen ??= 1;
        }
      },
      beforeRemove: (ids) => refuseWithChildren(app, 'blade_menu', ids),
    },
  );

  const filtered = (query: MenuSearch, categoryOne: boolean) => {
    const name = (query.name ?? '').trim().toLowerCase();
    const code = (query.code ?? '').trim().toLowerCase();
    const alias = (query.alias ?? '').trim().toLowerCase();
    return allMenus(sqlite).filter(
      (m) =>
        (!categoryOne || m.category === 1) &&
        (!name || m.name.toLowerCase().includes(name)) &&
        (!code || m.code.toLowerCase().includes(code)) &&
        (!alias || m.alias.toLowerCase().includes(alias)),
    );
  };
  const hasSearch = (query: MenuSearch) =>
    [query.name, query.code, query.alias].some((v) => v !== undefined && v.trim() !== '');

  typed(app).get(
    '/blade-system/menu/menu-list',
    {
      config: { access: { menu: 'menu' } },
      schema: { querystring: menuSearch, response: answers.list(menuListNode) },
    },
    async (req) => {
      const rows = withDialectIcons(
        dialectOf(app, req),
        decorateMenus(req.lang, allMenus(sqlite))(filtered(req.query, true)),
      );
      return ok(forest(rows as Node[]), req.lang);
    },
  );

  typed(app).get(
    '/blade-system/menu/lazy-menu-list',
    {
      config: { access: { button: ['menu', 'datascope', 'apiscope'] } },
      schema: {
        querystring: menuSearch.extend({
          parentId: optionalIdValue.describe('the parent whose children to list (none: the whole tree)'),
        }),
        response: answers.list(menuLazyNode),
      },
    },
    async (req) => {
      const parentId = optionalId(req, 'parentId');
      const menus = allMenus(sqlite);
      const icons = <T extends object>(rows: T[]) => withDialectIcons(dialectOf(app, req), rows);
      if (parentId === undefined && !hasSearch(req.query)) {
        return ok(forest(icons(withHasChildren(menus, filtered(req.query, true), true)) as Node[]), req.lang);
      }
      const rows = hasSearch(req.query)
        ? filtered(req.query, true)
        : menus.filter((m) => m.category === 1 && m.parentId === parentId);
      return ok(icons(withHasChildren(menus, rows, true)), req.lang);
    },
  );

  /** Category-1 menus as TreeNodes (for package and parent choosers), within a tenant's package. */
  app.get(
    '/blade-system/menu/tree',
    {
      config: { access: { button: ['menu', 'tenantpackage', 'topmenu', 'role', 'datascope', 'apiscope'] } },
      schema: {
        querystring: textQuery({ tenantId: 'the tenant whose package bounds the tree (super-admin)' }),
        response: answers.list(treeNodeSchema),
      },
    },
    async (req) => {
      const me = actorOf(req);
      const wanted = param(req, 'tenantId');
      const tenantId = me.isSuperAdmin ? wanted || null : me.tenantId;
      const menus = allMenus(sqlite);
      const allowed = tenantId ? packageMenuIds(sqlite, tenantId, menus) : null;
      return ok(
        menuNodes(
          menus.filter((m) => m.category === 1 && (!allowed || allowed.has(m.id))),
          req.lang,
        ),
        req.lang,
      );
    },
  );
}
