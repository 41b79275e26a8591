import type Database from 'better-sqlite3';
import { prepare } from '../../core/data';
import { forest, type Node } from '../../core/serialize';

export interface MenuRow extends Node {
  code: string;
  name: string;
  /** omitted when the row has no English name */
  nameEn?: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  remark: string;
}

const MENU_COLUMNS = `id, parent_id AS parentId, code, name, name_en AS nameEn, alias, path, source, sort, category, action, is_open AS isOpen, remark`;

function toMenu(r: Record<string, unknown>): MenuRow {
  return {
    id: String(r.id),
    parentId: String(r.parentId),
    code: String(r.code),
    name: String(r.name),
    ...(r.nameEn ? { nameEn: String(r.nameEn) } : {}),
    alias: String(r.alias ?? ''),
    path: String(r.path ?? ''),
    source: String(r.source ?? ''),
    sort: Number(r.sort),
    category: Number(r.category),
    action: Number(r.action),
    isOpen: Number(r.isOpen),
    remark: String(r.remark ?? ''),
  };
}

/** A tree node of the grant and select trees: `key` and `value` are the id (TreeNode of CONTRACT.md 6). */
export interface TreeNode extends Node {
  title: string;
  key: string;
  value: string;
}

export function treeNode(id: string, parentId: string, title: string): TreeNode {
  return { id, parentId, title, key: id, value: id };
}

export function allMenus(sqlite: Database.Database): MenuRow[] {
  return prepare<Record<string, unknown>, []>(
    sqlite,
    `SELECT ${MENU_COLUMNS} FROM blade_menu WHERE is_deleted = 0 ORDER BY sort, id`,
  )
    .all()
    .map(toMenu);
}

function grantedMenuIds(sqlite: Database.Database, roleIds: string[]): Set<string> {
  const ids = roleIds.filter((r) => /^\d+$/.test(r));
  if (!ids.length) return new Set();
  const rows = prepare<{ id: bigint }>(
    sqlite,
    `SELECT DISTINCT rm.menu_id AS id FROM blade_role_menu rm JOIN blade_role r ON r.id = rm.role_id AND r.is_deleted = 0
     WHERE rm.role_id IN (${ids.map(() => '?').join(',')})`,
  ).all(...ids.map((i) => BigInt(i)));
  return new Set(rows.map((r) => String(r.id)));
}

/** Adds every ancestor of the chosen menus, so a granted page always comes with its parents. */
export function withAncestors(menus: MenuRow[], chosen: Set<string>): Set<string> {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const out = new Set<string>();
  for (const id of chosen) {
    let m = byId.get(id);
    while (m && !out.has(m.id)) {
      out.add(m.id);
      m = byId.get(m.parentId);
    }
  }
  return out;
}

/** Adds every descendant of the chosen menus (a package that lists a page includes its buttons). */
export function withDescendants(menus: MenuRow[], chosen: Set<string>): Set<string> {
  const children = new Map<string, string[]>();
  for (const m of menus) children.set(m.parentId, [...(children.get(m.parentId) ?? []), m.id]);
  const out = new Set<string>();
  const stack = [...chosen];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/**
 * The menus a tenant's package allows (the listed menus with their ancestors and descendants), or
 * null when the tenant has no package: then every menu is available.
 */
export function packageMenuIds(
  sqlite: Database.Database,
  tenantId: string,
  menus?: MenuRow[],
): Set<string> | null {
  const row = prepare<{ menuId: string }, [string]>(
    sqlite,
    `SELECT p.menu_id AS menuId FROM blade_tenant t JOIN blade_tenant_package p ON p.id = t.package_id AND p.is_deleted = 0
     WHERE t.tenant_id = ? AND t.is_deleted = 0`,
  ).get(tenantId);
  if (!row) return null;
  const all = menus ?? allMenus(sqlite);
  const listed = new Set(
    row.menuId
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  return new Set([...withAncestors(all, listed), ...withDescendants(all, listed)]);
}

/** `roles:admin,user` in a menu's remark: the menu's `meta.roles`, shown only to those role aliases. */
function metaRoles(menu: MenuRow): string[] | null {
  const m = /(?:^|\s)roles:\s*([\w,-]+)/.exec(menu.remark);
  return m ? m[1].split(',').filter(Boolean) : null;
}

/** Drops menus whose `meta.roles` (their own or an ancestor's) name none of the user's role aliases. */
function byMetaRoles(menus: MenuRow[], ids: Set<string>, aliases: string[]): Set<string> {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const allowed = (m: MenuRow | undefined, depth = 0): boolean => {
    if (!m || depth > 50) return true;
    const roles = metaRoles(m);
    if (roles && !roles.some((r) => aliases.includes(r))) return false;
    return allowed(byId.get(m.parentId), depth + 1);
  };
  return new Set([...ids].filter((id) => allowed(byId.get(id))));
}

/** Who is asking for menus: the roles decide the grants, the tenant its package. */
export interface MenuViewer {
  roleIds: string[];
  roleAliases: string[];
  tenantId: string;
}

/** Menu ids granted to the viewer's roles, within the tenant's package. */
export function grantedForViewer(
  sqlite: Database.Database,
  viewer: MenuViewer,
  menus: MenuRow[],
): Set<string> {
  const granted = grantedMenuIds(sqlite, viewer.roleIds);
  const allowed = packageMenuIds(sqlite, viewer.tenantId, menus);
  return allowed ? new Set([...granted].filter((id) => allowed.has(id))) : granted;
}

/**
 * The sidebar of a user: category-1 menus granted to the roles (within the tenant's package), with
 * ancestors, narrowed to a top menu when one is chosen, without menus whose `meta.roles` exclude the
 * user, sorted by `sort`, as a forest. Each node carries `meta: {i18n, roles?}`.
 */
export function routesFor(sqlite: Database.Database, viewer: MenuViewer, topMenuId?: string): MenuRow[] {
  const menus = allMenus(sqlite);
  let visible = withAncestors(menus, grantedForViewer(sqlite, viewer, menus));
  if (topMenuId) {
    const rows = prepare<{ id: bigint }, [bigint]>(
      sqlite,
      'SELECT menu_id AS id FROM blade_top_menu_setting WHERE top_menu_id = ?',
    ).all(BigInt(topMenuId));
    const inTop = new Set(rows.map((r) => String(r.id)));
    visible = withAncestors(menus, new Set([...visible].filter((id) => inTop.has(id))));
  }
  visible = byMetaRoles(menus, visible, viewer.roleAliases);
  return forest(
    menus
      .filter((m) => m.category === 1 && visible.has(m.id))
      .map((m) => {
        const roles = metaRoles(m);
        return { ...m, meta: roles ? { i18n: m.code, roles } : { i18n: m.code } };
      }),
  );
}

/** Parent menus with their granted buttons as leaves (leaves omit `children`). */
export function buttonsFor(sqlite: Database.Database, viewer: MenuViewer): MenuRow[] {
  const menus = allMenus(sqlite);
  const granted = grantedForViewer(sqlite, viewer, menus);
  const buttons = menus.filter((m) => m.category === 2 && granted.has(m.id));
  const parents = new Set(buttons.map((b) => b.parentId));
  return forest([...menus.filter((m) => m.category === 1 && parents.has(m.id)), ...buttons]).filter(
    (n) => n.category === 1,
  );
}

/**
 * The top menus of the user's tenant (the platform's when the tenant has none of its own) that
 * lead to at least one menu the user may open.
 */
export function topMenusFor(sqlite: Database.Database, me: MenuViewer) {
  const select = `SELECT id, code, name, name_en AS nameEn, source, path, sort FROM blade_top_menu WHERE is_deleted = 0 AND tenant_id = ? ORDER BY sort, id`;
  let rows = prepare<Record<string, unknown>, [string]>(sqlite, select).all(me.tenantId);
  if (!rows.length && me.tenantId !== '000000')
    rows = prepare<Record<string, unknown>, [string]>(sqlite, select).all('000000');
  const menus = allMenus(sqlite);
  const visible = withAncestors(menus, grantedForViewer(sqlite, me, menus));
  const settings = prepare<{ topId: bigint; menuId: bigint }, []>(
    sqlite,
    'SELECT top_menu_id AS topId, menu_id AS menuId FROM blade_top_menu_setting',
  ).all();
  const reachable = new Set(
    settings.filter((s) => visible.has(String(s.menuId))).map((s) => String(s.topId)),
  );
  return rows
    .filter((r) => reachable.has(String(r.id)))
    .map((r) => ({
      id: String(r.id),
      code: r.code,
      name: r.name,
      ...(r.nameEn ? { nameEn: r.nameEn } : {}),
      source: r.source ?? '',
      path: r.path ?? '',
      sort: Number(r.sort),
    }));
}
