/**
 * The system data set (tenant, client, roles, org, admin, params, dictionaries, menus and grants,
 * top menus, regions) as rows for the schema tables. Rows are built first (hashing is slow and
 * needs no lock), then written inside the caller's transaction.
 */
import type { SQLiteInsertValue, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../client';
import { nextId } from '../model/id';
import { formatDateTime } from '../model/time';
import { hashPassword, md5Hex } from '../password';
import * as schema from '../schema/index';
import type { MenuFixture, RoleFixture, SystemFixtures, UserFixture } from './fixtures';
import { MenuTree } from './menu-tree';

/** The tenant Blade reserves for the platform operator; the seed's admin lives here. */
export const ADMIN_TENANT_ID = '000000';
export const ADMIN_ACCOUNT = 'admin';

/** Audit columns of every seeded row: created by the admin, now, live and enabled. */
export interface AuditStamp {
  createUser: string;
  createDept: string;
  createTime: string;
  updateUser: string;
  updateTime: string;
  status: number;
  isDeleted: number;
}

type Row<T extends SQLiteTable> = SQLiteInsertValue<T>;

export interface SystemRows {
  tenants: Row<typeof schema.tenant>[];
  clients: Row<typeof schema.client>[];
  roles: Row<typeof schema.role>[];
  depts: Row<typeof schema.dept>[];
  posts: Row<typeof schema.post>[];
  users: Row<typeof schema.user>[];
  params: Row<typeof schema.param>[];
  dicts: Row<typeof schema.dict>[];
  menus: Row<typeof schema.menu>[];
  roleMenus: Row<typeof schema.roleMenu>[];
  topMenus: Row<typeof schema.topMenu>[];
  topMenuSettings: Row<typeof schema.topMenuSetting>[];
  regions: Row<typeof schema.region>[];
}

export function findSeedAdmin(users: readonly UserFixture[]): UserFixture {
  const admin = users.find((u) => u.tenantId === ADMIN_TENANT_ID && u.account === ADMIN_ACCOUNT);
  if (!admin) throw new Error(`fixtures/users.json has no "${ADMIN_ACCOUNT}" in tenant ${ADMIN_TENANT_ID}`);
  return admin;
}

export function auditStampFor(admin: UserFixture, now: Date): AuditStamp {
  const time = formatDateTime(now);
  const firstDept = admin.deptId.split(',')[0];
  return {
    createUser: admin.id,
    createDept: firstDept,
    createTime: time,
    updateUser: admin.id,
    updateTime: time,
    status: 1,
    isDeleted: 0,
  };
}

function userRow(user: UserFixture, audit: AuditStamp): Row<typeof schema.user> {
  const { password, ...columns } = user;
  return { ...columns, password: hashPassword(md5Hex(password)), ...audit };
}

function menuRow(menu: MenuFixture, audit: AuditStamp): Row<typeof schema.menu> {
  return {
    id: menu.id,
    parentId: menu.parentId,
    code: menu.code,
    name: menu.name,
    nameEn: menu.nameEn,
    alias: menu.alias,
    path: menu.path,
    source: menu.source,
    sort: menu.sort,
    category: menu.category,
    action: menu.action,
    isOpen: menu.isOpen,
    remark: menu.remark,
    ...audit,
  };
}

function rolesByAlias(roles: readonly RoleFixture[], alias: string): RoleFixture[] {
  const matching = roles.filter((r) => r.roleAlias === alias);
  if (matching.length === 0) throw new Error(`fixtures/role-menus.json names unknown role alias "${alias}"`);
  return matching;
}

function roleMenuRows(fixtures: SystemFixtures, tree: MenuTree): Row<typeof schema.roleMenu>[] {
  return fixtures.roleMenus.flatMap((rule) => {
    const menuIds = tree.resolveGrant(rule);
    return rolesByAlias(fixtures.roles, rule.roleAlias).flatMap((role) =>
      menuIds.map((menuId) => ({ id: nextId(), roleId: role.id, menuId })),
    );
  });
}

function topMenuSettingRows(fixtures: SystemFixtures, tree: MenuTree): Row<typeof schema.topMenuSetting>[] {
  return fixtures.topMenus.flatMap((top) =>
    tree.resolveTopMenu(top.menus).map((menuId) => ({ id: nextId(), topMenuId: top.id, menuId })),
  );
}

export function buildSystemRows(fixtures: SystemFixtures, audit: AuditStamp): SystemRows {
  const tree = new MenuTree(fixtures.menus);
  return {
    tenants: fixtures.tenants.map((t) => ({ ...t, ...audit })),
    clients: fixtures.clients.map((c) => ({ ...c, ...audit })),
    roles: fixtures.roles.map((r) => ({ ...r, ...audit })),
    depts: fixtures.depts.map((d) => ({ ...d, ...audit })),
    posts: fixtures.posts.map((p) => ({ ...p, ...audit })),
    users: fixtures.users.map((u) => userRow(u, audit)),
    params: fixtures.params.map((p) => ({ ...p, ...audit })),
    dicts: fixtures.dicts.map((d) => ({ ...d, ...audit })),
    menus: fixtures.menus.map((m) => menuRow(m, audit)),
    roleMenus: roleMenuRows(fixtures, tree),
    topMenus: fixtures.topMenus.map(({ menus: _shown, ...columns }) => ({
      ...columns,
      ...audit,
    })),
    topMenuSettings: topMenuSettingRows(fixtures, tree),
    regions: fixtures.regions,
  };
}

/** Keeps each statement well under SQLite's limit of bound parameters (32766). */
const ROWS_PER_INSERT = 500;

function insertAll<T extends SQLiteTable>(db: Db, table: T, rows: Row<T>[]): void {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    db.insert(table)
      .values(rows.slice(start, start + ROWS_PER_INSERT))
      .run();
  }
}

export interface WriteStep {
  table: string;
  write: () => void;
}

/** One step per table, in dependency order; run them inside one transaction. */
export function systemWriteSteps(db: Db, rows: SystemRows): WriteStep[] {
  const step = <T extends SQLiteTable>(table: string, target: T, tableRows: Row<T>[]): WriteStep => ({
    table,
    write: () => insertAll(db, target, tableRows),
  });
  return [
    step('tenants', schema.tenant, rows.tenants),
    step('clients', schema.client, rows.clients),
    step('depts', schema.dept, rows.depts),
    step('posts', schema.post, rows.posts),
    step('roles', schema.role, rows.roles),
    step('users', schema.user, rows.users),
    step('params', schema.param, rows.params),
    step('dicts', schema.dict, rows.dicts),
    step('menus', schema.menu, rows.menus),
    step('role menus', schema.roleMenu, rows.roleMenus),
    step('top menus', schema.topMenu, rows.topMenus),
    step('top menu settings', schema.topMenuSetting, rows.topMenuSettings),
    step('regions', schema.region, rows.regions),
  ];
}
