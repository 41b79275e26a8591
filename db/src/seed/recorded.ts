/**
 * A recorded tenant (`pnpm contract record`) as the seed's system data (`SEED=recorded:<dir>`). The
 * recording's rows keep their ids; whatever does not fit the schema (a field with no column, a value of
 * the wrong type, a reference to a row the recording lacks) is named in the `unmapped` list, never
 * dropped without a word. The platform super-admin (tenant 000000, admin/admin) always stays.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getTableColumns } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteInsertValue, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { z } from 'zod';
import type { Db } from '../client';
import { nextId } from '../model/id';
import { BLADE_LINES } from '../model/line';
import {
  RECORDED_KINDS,
  ROLE_GRANTS_FIELD,
  SECRET_PLACEHOLDER,
  TOP_MENU_MENUS_FIELD,
  type RecordedKind,
  type RecordedRow,
  type RecordingManifest,
} from '../model/recording';
import { hashPassword, md5Hex } from '../password';
import * as schema from '../schema/index';
import { ADMIN_ACCOUNT, ADMIN_TENANT_ID, type AuditStamp, type SystemRows, type WriteStep } from './system';

export interface RecordedTenant {
  manifest: RecordingManifest;
  kinds: Partial<Record<RecordedKind, RecordedRow[]>>;
}

/** The super-admin's password in every replay, whatever `--user-password` says. */
const ADMIN_PASSWORD = 'admin';

const manifestSchema = z.object({
  source: z.string(),
  line: z.enum(BLADE_LINES),
  tenant: z.string().regex(/^\d{6}$/, 'a six-digit tenant id'),
  account: z.string(),
  recordedAt: z.string(),
  userPassword: z.string().min(1),
  counts: z.record(z.string(), z.number()),
  notRecorded: z.record(z.string(), z.string()),
});

/** Reads a recording folder; a missing or malformed file fails with its name. */
export function readRecording(dir: string): RecordedTenant {
  const read = (file: string): unknown => {
    try {
      return JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    } catch (e) {
      throw new Error(`recording ${dir}: ${file}: ${e instanceof Error ? e.message : String(e)}`, {
        cause: e,
      });
    }
  };
  const parsed = manifestSchema.safeParse(read('manifest.json'));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`recording ${dir}: manifest.json: ${issue.path.join('.')}: ${issue.message}`);
  }
  const kinds: RecordedTenant['kinds'] = {};
  for (const [kind, file] of Object.entries(RECORDED_KINDS) as [RecordedKind, string][]) {
    if (!fs.existsSync(path.join(dir, file))) continue;
    const rows = read(file);
    if (!Array.isArray(rows) || rows.some((r) => !r || typeof r !== 'object' || Array.isArray(r)))
      throw new Error(`recording ${dir}: ${file}: not a list of rows`);
    kinds[kind] = rows as RecordedRow[];
  }
  return { manifest: parsed.data as RecordingManifest, kinds };
}

/**
 * Fields the source computes for display (names of referenced rows, labels of codes, tree flags):
 * the server computes them again from the columns, so they are not unmapped.
 */
const DERIVED = new Set([
  'parentName',
  'categoryName',
  'actionName',
  'isOpenName',
  'isSealedName',
  'hasChildren',
  'roleName',
  'deptName',
  'postName',
  'statusName',
  'sexName',
  'userTypeName',
  'deptCategoryName',
  'scopeTypeName',
  'tenantName',
]);

/** What a replay could not place, one line each, grouped so a thousand rows give one line. */
class Unmapped {
  private readonly fields = new Map<string, number>();
  readonly lines: string[] = [];

  field(kind: string, field: string) {
    const key = `${kind}: field "${field}" has no column`;
    this.fields.set(key, (this.fields.get(key) ?? 0) + 1);
  }

  note(line: string) {
    this.lines.push(line);
  }

  list(): string[] {
    return [...[...this.fields].map(([key, n]) => `${key} (${n} row${n === 1 ? '' : 's'})`), ...this.lines];
  }
}

type Row<T extends SQLiteTable> = SQLiteInsertValue<T>;

/** A column's value from an answer's: `undefined` when it cannot be one. */
function toColumn(column: SQLiteColumn, value: unknown): unknown {
  const empty = value === null || value === undefined || value === '';
  if (column.getSQLType() !== 'integer') {
    if (value === null || value === undefined) return null;
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return undefined;
  }
  if (empty) return null;
  // snowflake ids come back from the driver as strings, plain integers as numbers
  const snowflake = typeof column.mapFromDriverValue(1n) === 'string';
  const text = String(value);
  if (snowflake) return /^-?\d{1,19}$/.test(text) ? text : undefined;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return /^-?\d+$/.test(text) ? Number(text) : undefined;
}

interface MapContext {
  unmapped: Unmapped;
  audit: AuditStamp;
}

/**
 * An answer's row as an insert of `table`: the recording's audit columns where it has them, the
 * seed's otherwise; `undefined` (and a line in the list) when a required column is missing.
 */
function mapRow<T extends SQLiteTable>(
  kind: RecordedKind,
  table: T,
  row: RecordedRow,
  ctx: MapContext,
  consumed: readonly string[] = [],
): Row<T> | undefined {
  const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
  const out: Record<string, unknown> = {};
  const key = String(row.id ?? row.code ?? '?');
  for (const [field, value] of Object.entries(row)) {
    if (consumed.includes(field)) continue;
    const column = columns[field];
    if (!column) {
      if (!DERIVED.has(field)) ctx.unmapped.field(kind, field);
      continue;
    }
    const mapped = toColumn(column, value);
    if (mapped === undefined) {
      ctx.unmapped.note(`${kind} ${key}: ${field} ${JSON.stringify(value)} does not fit its column`);
      continue;
    }
    if (mapped !== null || !column.notNull) out[field] = mapped;
  }
  for (const [field, value] of Object.entries(ctx.audit))
    if (field in columns && (out[field] === undefined || out[field] === null)) out[field] = value;
  const lacking = Object.entries(columns)
    .filter(([field, c]) => c.notNull && !c.hasDefault && out[field] === undefined && field !== 'password')
    .map(([field]) => field);
  if (lacking.length) {
    ctx.unmapped.note(`${kind} ${key}: left out, it lacks ${lacking.join(', ')}`);
    return undefined;
  }
  return out as Row<T>;
}

function mapAll<T extends SQLiteTable>(
  kind: RecordedKind,
  table: T,
  rows: readonly RecordedRow[],
  ctx: MapContext,
  consumed: readonly string[] = [],
): Row<T>[] {
  return rows.flatMap((row) => mapRow(kind, table, row, ctx, consumed) ?? []);
}

/**
 * Recorded rows first, then the base's rows that clash with none of them (same id or same unique
 * key): over the demo the recording wins, and the demo keeps what the recording does not name.
 */
function merge<R>(recorded: R[], base: R[], keys: ((r: R) => unknown)[]): R[] {
  const taken = keys.map((key) => new Set(recorded.map(key)));
  return [...recorded, ...base.filter((r) => keys.every((key, i) => !taken[i].has(key(r))))];
}

/** One row per id: the first wins, the others are named. */
function distinct<R>(kind: string, rows: R[], idOf: (r: R) => string, unmapped: Unmapped): R[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const id = idOf(r);
    if (!seen.has(id)) return seen.add(id);
    unmapped.note(`${kind} ${id}: left out, the id is taken by another row`);
    return false;
  });
}

/** Tables the system rows lack: data and api scopes with their grants, business dictionaries. */
export interface RecordedExtraRows {
  scopeData: Row<typeof schema.scopeData>[];
  scopeApi: Row<typeof schema.scopeApi>[];
  roleScopes: Row<typeof schema.roleScope>[];
  dictBiz: Row<typeof schema.dictBiz>[];
}

export interface AppliedRecording {
  rows: SystemRows;
  extra: RecordedExtraRows;
  unmapped: string[];
}

const idOf = (r: { id?: unknown }) => String(r.id);
const ofTenant = (tenant: string) => (r: { tenantId?: unknown }) => String(r.tenantId ?? '') === tenant;

/**
 * The system rows with the recording laid over them. Global kinds (menus, scopes, dictionaries,
 * parameters, regions, clients) replace the base's, or over the demo are merged with them (the
 * recording wins); the recorded tenant's rows replace the base's rows of that tenant; other tenants
 * are left as they are.
 */
export function applyRecording(
  base: SystemRows,
  recording: RecordedTenant,
  opts: { overDemo: boolean; audit: AuditStamp },
): AppliedRecording {
  const unmapped = new Unmapped();
  const ctx: MapContext = { unmapped, audit: opts.audit };
  const { manifest, kinds } = recording;
  const tenant = manifest.tenant;
  const mine = ofTenant(tenant);
  const global = <R>(recorded: R[] | undefined, baseRows: R[], keys: ((r: R) => unknown)[]): R[] =>
    !recorded ? baseRows : opts.overDemo ? merge(recorded, baseRows, keys) : recorded;
  const perTenant = <R extends { tenantId?: unknown }>(recorded: R[] | undefined, baseRows: R[]): R[] =>
    !recorded ? baseRows : [...recorded, ...baseRows.filter((r) => !mine(r))];

  // global kinds
  const menus = distinct(
    'menus',
    global(kinds.menus && mapAll('menus', schema.menu, kinds.menus, ctx), base.menus, [idOf, (m) => m.code]),
    idOf,
    unmapped,
  );
  const params = global(kinds.params && mapAll('params', schema.param, kinds.params, ctx), base.params, [
    idOf,
    (p) => p.paramKey,
  ]);
  const dicts = global(kinds.dicts && mapAll('dicts', schema.dict, kinds.dicts, ctx), base.dicts, [idOf]);
  const regions = global(
    kinds.regions && mapAll('regions', schema.region, kinds.regions, ctx),
    base.regions,
    [(r) => r.code],
  );
  const recordedClients = kinds.clients?.map((c) => ({
    ...c,
    // the secret is never recorded: Blade's convention of `<clientId>_secret` stands in for it
    clientSecret:
      !c.clientSecret || c.clientSecret === SECRET_PLACEHOLDER
        ? `${String(c.clientId)}_secret`
        : c.clientSecret,
  }));
  const clients = global(
    recordedClients && mapAll('clients', schema.client, recordedClients, ctx),
    base.clients,
    [idOf, (c) => c.clientId],
  );
  const menuIds = new Set(menus.map(idOf));
  const scopeData = kinds.dataScopes ? mapAll('dataScopes', schema.scopeData, kinds.dataScopes, ctx) : [];
  const scopeApi = kinds.apiScopes ? mapAll('apiScopes', schema.scopeApi, kinds.apiScopes, ctx) : [];
  for (const [kind, scopes] of [
    ['dataScopes', scopeData],
    ['apiScopes', scopeApi],
  ] as const)
    for (const s of scopes)
      if (!menuIds.has(String(s.menuId)))
        unmapped.note(`${kind} ${idOf(s)}: its menu ${s.menuId} is not recorded`);

  // the tenant and its rows
  const recordedTenant = kinds.tenant?.find(mine);
  let tenants = base.tenants;
  if (recordedTenant) {
    const row = mapRow('tenant', schema.tenant, recordedTenant, ctx);
    if (row) tenants = [row, ...base.tenants.filter((t) => !mine(t) && idOf(t) !== idOf(row))];
  } else if (!base.tenants.some(mine)) {
    unmapped.note(`tenant ${tenant}: its row is not recorded, built from its id`);
    tenants = [
      ...base.tenants,
      { id: nextId(), tenantId: tenant, tenantName: tenant, accountNumber: -1, ...opts.audit },
    ];
  }
  const recordedRoles = kinds.roles?.filter(mine);
  const roles = distinct(
    'roles',
    perTenant(
      recordedRoles && mapAll('roles', schema.role, recordedRoles, ctx, [ROLE_GRANTS_FIELD]),
      base.roles,
    ),
    idOf,
    unmapped,
  );
  const depts = distinct(
    'depts',
    perTenant(kinds.depts && mapAll('depts', schema.dept, kinds.depts.filter(mine), ctx), base.depts),
    idOf,
    unmapped,
  );
  const posts = distinct(
    'posts',
    perTenant(kinds.posts && mapAll('posts', schema.post, kinds.posts.filter(mine), ctx), base.posts),
    idOf,
    unmapped,
  );
  const recordedTops = kinds.topMenus?.filter(mine);
  const topMenus = distinct(
    'topMenus',
    perTenant(
      recordedTops && mapAll('topMenus', schema.topMenu, recordedTops, ctx, [TOP_MENU_MENUS_FIELD]),
      base.topMenus,
    ),
    idOf,
    unmapped,
  );
  const dictBiz = kinds.dictBiz ? mapAll('dictBiz', schema.dictBiz, kinds.dictBiz.filter(mine), ctx) : [];

  let users = replayUsers({ base, recorded: kinds.users?.filter(mine), manifest, roles, depts, ctx });
  users = distinct('users', users, idOf, unmapped);
  const present = {
    role: new Set(roles.map(idOf)),
    dept: new Set(depts.map(idOf)),
    post: new Set(posts.map(idOf)),
  };
  users = users.map((u) => withKnownReferences(u, present, unmapped));

  const { roleMenus, roleScopes, topMenuSettings } = recordedGrants({
    base,
    recordedRoles: (recordedRoles ?? []).filter((r) => present.role.has(idOf(r))),
    recordedTops: recordedTops ?? [],
    menuIds,
    scopeIds: { 1: new Set(scopeData.map(idOf)), 2: new Set(scopeApi.map(idOf)) },
    unmapped,
  });
  for (const m of menus)
    if (m.parentId && m.parentId !== '0' && !menuIds.has(String(m.parentId)))
      unmapped.note(`menus ${idOf(m)}: its parent ${m.parentId} is not recorded`);

  return {
    rows: {
      tenants,
      clients,
      roles,
      depts,
      posts,
      users,
      params,
      dicts,
      menus,
      roleMenus,
      topMenus,
      topMenuSettings,
      regions,
    },
    extra: { scopeData, scopeApi, roleScopes, dictBiz },
    unmapped: unmapped.list(),
  };
}

/**
 * Users: the recording's password for everyone, the super-admin's own for the super-admin, who stays
 * (with the roles and dept it names) even when the recording of the platform tenant lacks it.
 * `roles` and `depts` gain what the kept super-admin needs.
 */
function replayUsers({
  base,
  recorded,
  manifest,
  roles,
  depts,
  ctx,
}: {
  base: SystemRows;
  recorded: RecordedRow[] | undefined;
  manifest: RecordingManifest;
  roles: SystemRows['roles'];
  depts: SystemRows['depts'];
  ctx: MapContext;
}): SystemRows['users'] {
  const perTenant = <R extends { tenantId?: unknown }>(rows: R[] | undefined, baseRows: R[]): R[] =>
    !rows ? baseRows : [...rows, ...baseRows.filter((r) => !ofTenant(manifest.tenant)(r))];
  const isAdmin = (u: { tenantId?: unknown; account?: unknown }) =>
    String(u.tenantId) === ADMIN_TENANT_ID && u.account === ADMIN_ACCOUNT;
  const recordedUsers = recorded?.map((u) => ({ ...u, password: '' }));
  const hashed = new Map<string, string>();
  const hash = (plain: string) => {
    const known = hashed.get(plain);
    if (known) return known;
    const made = hashPassword(md5Hex(plain));
    hashed.set(plain, made);
    return made;
  };
  let users = perTenant(
    recordedUsers &&
      mapAll('users', schema.user, recordedUsers, ctx).map((u) => ({
        ...u,
        password: hash(isAdmin(u) ? ADMIN_PASSWORD : manifest.userPassword),
      })),
    base.users,
  );
  const baseAdmin = base.users.find(isAdmin);
  if (!users.some(isAdmin) && baseAdmin) {
    // the recording replaced the platform tenant without its super-admin: keep ours, with what it names
    users = [...users, baseAdmin];
    const needs = (list: unknown) =>
      new Set(
        String(list ?? '')
          .split(',')
          .filter(Boolean),
      );
    for (const id of needs(baseAdmin.roleId))
      if (!roles.some((r) => idOf(r) === id)) roles.push(...base.roles.filter((r) => idOf(r) === id));
    for (const id of needs(baseAdmin.deptId))
      if (!depts.some((d) => idOf(d) === id)) depts.push(...base.depts.filter((d) => idOf(d) === id));
  }
  return users;
}

/** A user's role, dept and post lists without the ids the replay lacks, each one named. */
function withKnownReferences<
  U extends { id?: unknown; account?: unknown; roleId?: unknown; deptId?: unknown; postId?: unknown },
>(u: U, present: Record<'role' | 'dept' | 'post', Set<string>>, unmapped: Unmapped): U {
  const keep = (field: 'roleId' | 'deptId' | 'postId', what: 'role' | 'dept' | 'post') => {
    const ids = String(u[field] ?? '')
      .split(',')
      .filter(Boolean);
    for (const id of ids.filter((i) => !present[what].has(i)))
      unmapped.note(`users ${idOf(u)} (${String(u.account)}): its ${what} ${id} is not recorded`);
    return ids.filter((i) => present[what].has(i)).join(',');
  };
  return {
    ...u,
    roleId: keep('roleId', 'role'),
    deptId: keep('deptId', 'dept'),
    postId: keep('postId', 'post'),
  };
}

/** Grants: the recorded roles' and top menus' own, the base's for those the recording leaves alone. */
function recordedGrants({
  base,
  recordedRoles,
  recordedTops,
  menuIds,
  scopeIds,
  unmapped,
}: {
  base: SystemRows;
  recordedRoles: RecordedRow[];
  recordedTops: RecordedRow[];
  menuIds: Set<string>;
  scopeIds: Record<1 | 2, Set<string>>;
  unmapped: Unmapped;
}) {
  const recordedRoleIds = new Set(recordedRoles.map(idOf));
  const roleMenus = base.roleMenus.filter(
    (g) => !recordedRoleIds.has(String(g.roleId)) && menuIds.has(String(g.menuId)),
  );
  const roleScopes: Row<typeof schema.roleScope>[] = [];
  for (const role of recordedRoles) {
    const roleId = idOf(role);
    const grants = role[ROLE_GRANTS_FIELD] as
      { menu?: unknown; dataScope?: unknown; apiScope?: unknown } | undefined;
    const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
    for (const menuId of list(grants?.menu)) {
      if (menuIds.has(menuId)) roleMenus.push({ id: nextId(), roleId, menuId });
      else unmapped.note(`roles ${roleId}: its grant of menu ${menuId} names no recorded menu`);
    }
    for (const [category, ids] of [
      [1, list(grants?.dataScope)],
      [2, list(grants?.apiScope)],
    ] as const)
      for (const scopeId of ids) {
        if (scopeIds[category].has(scopeId))
          roleScopes.push({ id: nextId(), scopeCategory: category, scopeId, roleId });
        else
          unmapped.note(
            `roles ${roleId}: its grant of ${category === 1 ? 'data' : 'api'} scope ${scopeId} names no recorded scope`,
          );
      }
  }
  const recordedTopIds = new Set(recordedTops.map(idOf));
  const topMenuSettings = base.topMenuSettings.filter(
    (s) => !recordedTopIds.has(String(s.topMenuId)) && menuIds.has(String(s.menuId)),
  );
  for (const top of recordedTops) {
    const topMenuId = idOf(top);
    const shown = top[TOP_MENU_MENUS_FIELD];
    for (const menuId of Array.isArray(shown) ? shown.map(String) : []) {
      if (menuIds.has(menuId)) topMenuSettings.push({ id: nextId(), topMenuId, menuId });
      else unmapped.note(`topMenus ${topMenuId}: its menu ${menuId} is not recorded`);
    }
  }
  return { roleMenus, roleScopes, topMenuSettings };
}

/** The extra tables' inserts, after the system steps and inside the same transaction. */
export function recordedWriteSteps(db: Db, extra: RecordedExtraRows): WriteStep[] {
  const step = <T extends SQLiteTable>(table: string, target: T, rows: Row<T>[]): WriteStep => ({
    table,
    write: () => {
      for (let start = 0; start < rows.length; start += 500)
        db.insert(target)
          .values(rows.slice(start, start + 500))
          .run();
    },
  });
  return [
    step('data scopes', schema.scopeData, extra.scopeData),
    step('api scopes', schema.scopeApi, extra.scopeApi),
    step('role scopes', schema.roleScope, extra.roleScopes),
    step('business dictionaries', schema.dictBiz, extra.dictBiz),
  ];
}
