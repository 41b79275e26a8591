import type Database from 'better-sqlite3';
import { prepare } from '../../core/data';
import { forest, type Node } from '../../core/serialize';

export interface MenuRow extends Node {
  code: string;
  name: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  remark: string;
}

const MENU_COLUMNS = `id, parent_id AS parentId, code, name, alias, path, source, sort, category, action, is_open AS isOpen, remark`;

function toMenu(r: Record<string, unknown>): MenuRow {
  return {
    id: String(r.id),
    parentId: String(r.parentId),
    code: String(r.code),
    name: String(r.name),
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

export function allMenus(sqlite: Database.Database): MenuRow[] {
  return (
    prepare(
      sqlite,
      `SELECT ${MENU_COLUMNS} FROM blade_menu WHERE is_deleted = 0 ORDER BY sort, id`,
    ).all() as Record<string, unknown>[]
  ).map(toMenu);
}

export function grantedMenuIds(sqlite: Database.Database, roleIds: string[]): Set<string> {
  const ids = roleIds.filter((r) => /^\d+$/.test(r));
  if (!ids.length) return new Set();
  const rows = prepare(
    sqlite,
    `SELECT DISTINCT rm.menu_id AS id FROM blade_role_menu rm JOIN blade_role r ON r.id = rm.role_id AND r.is_deleted = 0
     WHERE rm.role_id IN (${ids.map(() => '?').join(',')})`,
  ).all(...ids.map((i) => BigInt(i))) as { id: bigint }[];
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

/**
 * The sidebar of a user: category-1 menus granted to the roles, with ancestors, narrowed to a top
 * menu when one is chosen, sorted by `sort`, as a forest.
 */
export function routesFor(sqlite: Database.Database, roleIds: string[], topMenuId?: string): MenuRow[] {
  const menus = allMenus(sqlite);
  let visible = withAncestors(menus, grantedMenuIds(sqlite, roleIds));
  if (topMenuId) {
    const rows = prepare(
      sqlite,
      'SELECT menu_id AS id FROM blade_top_menu_setting WHERE top_menu_id = ?',
    ).all(BigInt(topMenuId)) as {
      id: bigint;
    }[];
    const inTop = new Set(rows.map((r) => String(r.id)));
    visible = withAncestors(menus, new Set([...visible].filter((id) => inTop.has(id))));
  }
  return forest(menus.filter((m) => m.category === 1 && visible.has(m.id)));
}

/** Parent menus with their granted buttons as leaves (leaves omit `children`). */
export function buttonsFor(sqlite: Database.Database, roleIds: string[]): MenuRow[] {
  const menus = allMenus(sqlite);
  const granted = grantedMenuIds(sqlite, roleIds);
  const buttons = menus.filter((m) => m.category === 2 && granted.has(m.id));
  const parents = new Set(buttons.map((b) => b.parentId));
  return forest([...menus.filter((m) => m.category === 1 && parents.has(m.id)), ...buttons]).filter(
    (n) => n.category === 1,
  );
}
