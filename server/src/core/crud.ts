import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bodyOf, queryOf } from './request';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { z } from 'zod';
import {
  defaultAccess,
  fill,
  messages,
  parseId,
  parseIdList,
  submitSchema,
  SUPER_ADMIN_ROLE,
  t,
  type ResourceDef,
} from '@psi/db/model';
import { done, ok } from './envelope';
import { ApiError, badRequest, forbidden } from './errors';
import { buildFilters, buildOrder, type SqlWhere } from './filters';
import { parsePage } from './page';
import { prepare, Repo, scopeOf, type Scope } from './data';
import type { TableMeta } from './table-meta';
import type { SessionUser } from './context';
import { forest, toWireRow, type Node } from './serialize';
import { validationError } from './validation';
import { dictionaryLabels } from './export';
import { typed } from './schema';
import { answers, idQuery, idsBody, idsQuery, listQuery, rowSchema, submitBody } from './route-schemas';

/**
 * The one CRUD core every module uses: Blade's list / detail / submit / remove of a declared
 * resource (`crudRoutes`, with hooks for scope, derived values and side effects around writes), the
 * lazy tree list, and the request helpers the hand-written routes share (the actor, ids, filters).
 */

export const actorOf = (req: FastifyRequest): SessionUser => {
  if (!req.user) throw new Error('actorOf called on a route without a signed-in user');
  return req.user;
};

/** `ids` from the query string or an urlencoded/JSON body, as Blade's form calls send them. */
export function idsParam(req: FastifyRequest, name = 'ids'): string[] {
  const raw = queryOf(req)[name] ?? bodyOf(req)[name];
  if (raw === undefined || raw === '') throw badRequest('paramMissing', { name });
  const ids = parseIdList(raw);
  if (!ids) throw badRequest('paramType', { name });
  return ids;
}

export function idParam(req: FastifyRequest, name = 'id'): string {
  const raw = queryOf(req)[name];
  if (raw === undefined || raw === '') throw badRequest('paramMissing', { name });
  const id = parseId(raw);
  if (!id) throw badRequest('paramType', { name });
  return id;
}

/**
 * The list filters of a request: the Blade condition language over the declared fields; a `tenantId`
 * filter only from the platform super-admin, everyone else's is ignored. The caller's data scope is
 * not added here: the data layer (`Repo`) applies it to every access.
 */
export function listFilters(
  app: FastifyInstance,
  req: FastifyRequest,
  def: ResourceDef,
  meta: TableMeta,
  /** The filters to read instead of the request's query string. */
  source?: Record<string, unknown>,
): SqlWhere {
  const user = actorOf(req);
  const query = { ...(source ?? queryOf(req)) };
  // the tenant scope is the server's: only the platform super-admin may narrow by tenant
  if (!user.isSuperAdmin) for (const k of ['tenantId', 'tenant_id']) delete query[k];
  return buildFilters(def, meta, query);
}

const TENANT_KEYS = ['tenantId', 'tenant_id'];
const PARENT_KEYS = ['parentId', 'parent_id'];

/**
 * `GET {api}/lazy-list` of a lazy tree resource (BladeX's lazy tree table): the tenant scope, the
 * super-admin's `tenantId` filter and the caller's data scope decide which rows exist for the caller.
 * Without search filters it answers the children of `parentId`; `parentId` 0 (or none) answers the
 * roots of what the caller sees, which are the rows whose parent is 0 or out of sight (a data-scoped
 * user starts at their own department). With search filters the parent condition is dropped unless
 * `parentId` is given, and every matching row is answered, wherever it sits. Each row carries
 * `hasChildren` (a visible child exists).
 */
export function lazyListRoute(
  app: FastifyInstance,
  def: ResourceDef,
  repo: Repo,
  wire: (rows: Record<string, unknown>[], req: FastifyRequest) => Record<string, unknown>[] = (rows) =>
    rows.map((r) => toWireRow(r, def)),
  row: z.ZodObject = rowSchema(def, repo.table),
): void {
  const schema = {
    querystring: listQuery(def, false).extend({
      parentId: z.string().optional().describe('the parent whose children to list (0 or none: the roots)'),
    }),
    response: answers.list(row.extend({ hasChildren: z.boolean() })),
  };
  typed(app).get(
    `${def.api}/lazy-list`,
    { config: { access: defaultAccess(def).list }, schema },
    async (req) => {
      const query: Record<string, unknown> = { ...req.query };
      const rawParent = PARENT_KEYS.map((k) => query[k]).find((v) => v !== undefined && v !== '');
      for (const k of PARENT_KEYS) delete query[k];
      let parentId: string | null = null;
      if (rawParent !== undefined) {
        parentId = parseId(rawParent);
        if (parentId === null) throw badRequest('paramType', { name: 'parentId' });
      }
      const scope = scopeOf(def.tenant, actorOf(req));
      const order = buildOrder(def, repo.meta, query);
      const tenantOnly = Object.fromEntries(Object.entries(query).filter(([k]) => TENANT_KEYS.includes(k)));
      const visible = listFilters(app, req, def, repo.meta, tenantOnly);
      const searchOnly = Object.fromEntries(Object.entries(query).filter(([k]) => !TENANT_KEYS.includes(k)));
      const searching = buildFilters(def, repo.meta, searchOnly).clauses.length > 0;

      const links = repo.links(scope, visible);
      const seen = new Set(links.map((l) => l.id));
      const children = new Map<string, string[]>();
      for (const l of links) {
        const list = children.get(l.parentId);
        if (list) list.push(l.id);
        else children.set(l.parentId, [l.id]);
      }
      let rows: Record<string, unknown>[];
      if (searching) {
        const where = listFilters(app, req, def, repo.meta, query);
        if (parentId !== null) {
          const parentCol = repo.meta.byKey.get('parentId')?.sql ?? 'parent_id';
          where.clauses.push(`"${parentCol}" = ?`);
          where.params.push(BigInt(parentId));
        }
        rows = repo.list(scope, where, order);
      } else {
        const wanted =
          parentId !== null && parentId !== '0'
            ? (children.get(parentId) ?? [])
            : links.filter((l) => l.parentId === '0' || !seen.has(l.parentId)).map((l) => l.id);
        rows = wanted.length
          ? repo.list(
              scope,
              {
                clauses: [...visible.clauses, `"id" IN (${wanted.map(() => '?').join(',')})`],
                params: [...visible.params, ...wanted.map((id) => BigInt(id))],
              },
              order,
            )
          : [];
      }
      return ok(
        wire(rows, req).map((r) => ({ ...r, hasChildren: children.has(String(r.id)) })),
        req.lang,
      );
    },
  );
}

export const PLATFORM_TENANT = '000000';

export const crudTexts = {
  platformOnly: t('无权操作平台数据', 'Only the platform may change this data'),
  tenantMissing: t('租户不存在', 'The tenant does not exist'),
  hasChildren: t('请先删除子节点!', 'Please remove the child nodes first!'),
  selfParent: t('父节点不可选择自身!', 'A node cannot be its own parent!'),
  parentMissing: t('上级节点不存在!', 'The parent does not exist!'),
  parentLoop: t('上级节点不能是自身的下级!', 'The parent cannot be one of its own children!'),
};

export const isAdministrator = (user: SessionUser) => user.roleAliases.includes(SUPER_ADMIN_ROLE);

/** Writes to platform-wide tables (menus, system dictionaries, clients, tenants …) only from tenant 000000. */
export function requirePlatform(user: SessionUser): void {
  if (user.tenantId !== PLATFORM_TENANT) throw new ApiError(403, 403, crudTexts.platformOnly);
}

/** The button a submit needs, decided by the presence of an id (the route admits either). */
export function requireButton(app: FastifyInstance, user: SessionUser, code: string): void {
  if (isAdministrator(user)) return;
  if (!app.ctx.grants.codesFor(user.roleIds).has(code)) throw forbidden();
}

/** The id of a submit body: absent for an insert, a valid id for an update. */
export function bodyId(body: unknown): string | null {
  const raw =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as { id?: unknown }).id : undefined;
  if (raw === undefined || raw === null || raw === '') return null;
  const id = parseId(raw);
  if (!id) throw badRequest('paramType', { name: 'id' });
  return id;
}

export { bodyOf };

/** A form or query parameter (Blade's form calls send either). */
export function param(req: FastifyRequest, name: string): string | undefined {
  const v = queryOf(req)[name] ?? bodyOf(req)[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.join(',');
  throw badRequest('paramType', { name });
}

/** Comma-joined names of the rows of a table with the given ids (`roleName` of `1,2` → `管理员,用户`). */
export function namesOf(
  app: FastifyInstance,
  table: string,
  column: string,
  list: unknown,
  cache?: Map<string, string>,
): string {
  const ids = String(list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d{1,19}$/.test(s));
  if (!ids.length) return '';
  const missing = ids.filter((i) => !cache?.has(i));
  if (missing.length) {
    const rows = prepare(
      app.ctx.sqlite,
      `SELECT id, ${column} AS n FROM ${table} WHERE is_deleted = 0 AND id IN (${missing.map(() => '?').join(',')})`,
    ).all(...missing.map((i) => BigInt(i))) as { id: bigint; n: string }[];
    for (const r of rows) cache?.set(String(r.id), r.n);
    if (!cache) return rows.map((r) => r.n).join(',');
  }
  return ids
    .map((i) => cache?.get(i))
    .filter((n): n is string => !!n)
    .join(',');
}

/** Dictionary-coded values must be entries of their dictionary (when the dictionary exists). */
export function checkDictValues(
  app: FastifyInstance,
  def: ResourceDef,
  values: Record<string, unknown>,
  req: FastifyRequest,
  tenantId: string,
): void {
  for (const f of def.fields) {
    if (!f.dict || f.options || values[f.name] === undefined || values[f.name] === null) continue;
    const labels = dictionaryLabels(app, f.dict.code, f.dict.source, tenantId);
    if (labels.size && !labels.has(String(values[f.name])))
      throw badRequest(fill(messages.invalidValue[req.lang], { label: f.label[req.lang] }));
  }
}

/** A live tenant of the platform, for the super-admin's `tenantId` choice. */
export function liveTenant(app: FastifyInstance, tenantId: string): boolean {
  return !!prepare(app.ctx.sqlite, 'SELECT 1 FROM blade_tenant WHERE tenant_id = ? AND is_deleted = 0').get(
    tenantId,
  );
}

/**
 * The tenant a new row goes to: the caller's, or for the platform super-admin the `tenantId` of the
 * body when it names a live tenant. Everyone else's `tenantId` in a body is overwritten.
 */
export function targetTenant(app: FastifyInstance, user: SessionUser, body: Record<string, unknown>): string {
  const wanted = typeof body.tenantId === 'string' ? body.tenantId.trim() : '';
  if (!wanted || !user.isSuperAdmin || wanted === user.tenantId) return user.tenantId;
  if (!liveTenant(app, wanted)) throw badRequest(crudTexts.tenantMissing);
  return wanted;
}

export interface SaveContext {
  req: FastifyRequest;
  user: SessionUser;
  repo: Repo;
  mode: 'add' | 'edit';
  id?: string;
  /** the parsed values to write (mutable) */
  values: Record<string, unknown>;
  /** the raw body */
  body: Record<string, unknown>;
  /** the stored row when editing */
  existing?: Record<string, unknown>;
  /** the tenant the row belongs to (a hook may set it for a new row) */
  tenantId: string;
}

export interface CrudOptions {
  /** `page` (default), `forest` (every matching row as a tree) or no list route. */
  list?: 'page' | 'forest' | false;
  detail?: boolean;
  submit?: boolean;
  remove?: boolean;
  /** Writes only from the platform tenant. */
  platform?: boolean;
  /** The platform super-admin may put new rows into another tenant (`tenantId` of the body). */
  chooseTenant?: boolean;
  /** Clear the grant cache after a write (menus, roles, scopes). */
  clearsGrants?: boolean;
  /** Derived wire values (joined names …) for list and detail rows. */
  decorate?: (rows: Record<string, unknown>[], req: FastifyRequest) => Record<string, unknown>[];
  /** Inside the write transaction, before the row is written; may change `values`; throw to refuse. */
  beforeSave?: (ctx: SaveContext) => void;
  /** Inside the write transaction, after the row is written. */
  afterSave?: (ctx: SaveContext & { id: string }) => void;
  /** Inside the remove transaction, after the tenant guard, before rows are removed. */
  beforeRemove?: (ids: string[], req: FastifyRequest, scope: Scope) => void;
  /** Inside the remove transaction, after the rows are removed. */
  afterRemove?: (ids: string[], req: FastifyRequest) => void;
  /** `submit` answers the saved record (the web needs its id) instead of `data: {}`. */
  returnRecord?: boolean;
  /** The wire fields `decorate` adds to each row, for the response schema. */
  decorated?: z.ZodRawShape;
  /** Body fields a `beforeSave` hook reads beyond the declared form fields, for the body schema. */
  submitted?: z.ZodRawShape;
}

/** A row of a forest list: its children nested, `hasChildren` always sent. */
const treeRow = (row: z.ZodObject) =>
  row.extend({ hasChildren: z.boolean(), children: z.array(z.looseObject({})).optional() });

/**
 * The Blade CRUD of a declared resource (list, detail, submit, remove) with the options the system
 * services need beyond `resourceRoutes`: forest lists, joined names, platform-only writes, the
 * super-admin's tenant choice, and hooks around writes and removals. Tenant scope, soft delete, audit
 * columns, data scope, validation and button checks work as in `resourceRoutes`.
 */
export function crudRoutes(
  app: FastifyInstance,
  def: ResourceDef,
  table: SQLiteTable,
  opts: CrudOptions = {},
): Repo {
  const repo = new Repo(app.ctx.sqlite, table, def.tenant, [def.permission, def.key]);
  const access = defaultAccess(def);
  const decorate = (rows: Record<string, unknown>[], req: FastifyRequest) => {
    const wire = rows.map((r) => toWireRow(r, def));
    return opts.decorate ? opts.decorate(wire, req) : wire;
  };
  const api = typed(app);
  const row = rowSchema(def, table, opts.decorated);

  if (opts.list !== false) {
    const forestList = opts.list === 'forest';
    api.get(
      `${def.api}/list`,
      {
        config: { access: access.list },
        schema: {
          querystring: listQuery(def, !forestList),
          response: forestList ? answers.list(treeRow(row)) : answers.page(row),
        },
      },
      async (req) => {
        const scope = scopeOf(def.tenant, actorOf(req));
        const where = listFilters(app, req, def, repo.meta);
        const order = buildOrder(def, repo.meta, req.query);
        if (forestList) {
          return ok(forest(decorate(repo.list(scope, where, order), req) as Node[]), req.lang);
        }
        const page = repo.page(scope, where, order, parsePage(req.query));
        return ok({ ...page, records: decorate(page.records, req) }, req.lang);
      },
    );
    if (def.lazy) lazyListRoute(app, def, repo, decorate, row);
  }

  if (opts.detail !== false) {
    api.get(
      `${def.api}/detail`,
      { config: { access: access.detail }, schema: { querystring: idQuery, response: answers.maybe(row) } },
      async (req) => {
        const found = repo.findById(scopeOf(def.tenant, actorOf(req)), idParam(req));
        return ok(found && decorate([found], req)[0], req.lang);
      },
    );
  }

  if (opts.submit !== false) {
    api.post(
      `${def.api}/submit`,
      {
        config: { access: access.submit },
        schema: {
          body: submitBody(def, opts.submitted),
          response: opts.returnRecord ? answers.of(row) : answers.done(),
        },
      },
      async (req) => {
        const saved = saveRecord(app, def, repo, opts, req, bodyId(req.body));
        return opts.returnRecord ? ok(saved, req.lang) : done(req.lang);
      },
    );
  }

  if (opts.remove !== false) {
    api.post(
      `${def.api}/remove`,
      {
        config: { access: access.remove },
        schema: { querystring: idsQuery, body: idsBody, response: answers.done() },
      },
      async (req) => {
        const user = actorOf(req);
        if (opts.platform) requirePlatform(user);
        const ids = idsParam(req);
        const scope = scopeOf(def.tenant, user);
        app.ctx.sqlite.transaction(() => {
          const own = repo.guardTenant(scope, ids);
          opts.beforeRemove?.(own, req, scope);
          repo.remove(scope, own, user);
          opts.afterRemove?.(own, req);
        })();
        if (opts.clearsGrants) app.ctx.grants.clear();
        return done(req.lang);
      },
    );
  }
  return repo;
}

/**
 * Validates and writes one submit (insert without an id, partial update with one) in a transaction;
 * returns the saved row in its wire form.
 */
export function saveRecord(
  app: FastifyInstance,
  def: ResourceDef,
  repo: Repo,
  opts: CrudOptions,
  req: FastifyRequest,
  id: string | null,
): Record<string, unknown> {
  const user = actorOf(req);
  const mode = id ? 'edit' : 'add';
  requireButton(app, user, `${def.permission}_${mode}`);
  if (opts.platform) requirePlatform(user);
  const parsed = submitSchema(def, req.lang, mode).safeParse(req.body);
  if (!parsed.success) throw validationError(parsed.error);
  const values = parsed.data as Record<string, unknown>;
  const body = bodyOf(req);
  const scope = scopeOf(def.tenant, user);
  const savedId = app.ctx.sqlite.transaction(() => {
    let existing: Record<string, unknown> | undefined;
    if (id) {
      if (!repo.guardTenant(scope, [id]).length) throw badRequest('recordNotFound');
      existing = repo.findById(scope, id) ?? undefined;
      if (!existing) throw badRequest('recordNotFound');
    }
    const tenantId = existing
      ? String(existing.tenantId ?? user.tenantId)
      : opts.chooseTenant
        ? targetTenant(app, user, body)
        : user.tenantId;
    const ctx: SaveContext = { req, user, repo, mode, id: id ?? undefined, values, body, existing, tenantId };
    checkDictValues(app, def, values, req, tenantId);
    opts.beforeSave?.(ctx);
    const uniqueScope: Scope = def.tenant === 'none' ? { tenantId: null } : { tenantId: ctx.tenantId };
    for (const u of def.unique ?? []) {
      const probe = Object.fromEntries(u.fields.map((k) => [k, values[k] ?? existing?.[k]]));
      if (Object.values(probe).some((v) => v === undefined || v === null)) continue;
      if (repo.exists(uniqueScope, probe, id ?? undefined))
        throw badRequest(fill(messages.duplicate[req.lang], { label: u.label[req.lang] }));
    }
    const rowId = id ?? repo.insert(values, user, ctx.tenantId);
    if (id) repo.update(scope, id, values, user);
    opts.afterSave?.({ ...ctx, id: rowId });
    return rowId;
  })();
  if (opts.clearsGrants) app.ctx.grants.clear();
  const row = repo.findById({ tenantId: null }, savedId);
  return row ? toWireRow(row, def) : {};
}

/** Guards a tree's parent: it exists (in scope), is not the row itself, nor one of its descendants. */
export function checkParent(
  app: FastifyInstance,
  tableName: string,
  id: string | undefined,
  parentId: string,
  extraWhere = '',
  extraParams: unknown[] = [],
): Record<string, unknown> | null {
  if (parentId === '0') return null;
  if (id && parentId === id) throw badRequest(crudTexts.selfParent);
  const parent = prepare(
    app.ctx.sqlite,
    `SELECT * FROM ${tableName} WHERE id = ? AND is_deleted = 0${extraWhere}`,
  ).get(BigInt(parentId), ...extraParams) as Record<string, unknown> | undefined;
  if (!parent) throw badRequest(crudTexts.parentMissing);
  if (id) {
    let cursor: Record<string, unknown> | undefined = parent;
    const seen = new Set<string>();
    while (cursor && String(cursor.parent_id) !== '0' && !seen.has(String(cursor.id))) {
      seen.add(String(cursor.id));
      if (String(cursor.parent_id) === id) throw badRequest(crudTexts.parentLoop);
      cursor = prepare(app.ctx.sqlite, `SELECT id, parent_id FROM ${tableName} WHERE id = ?`).get(
        BigInt(String(cursor.parent_id)),
      ) as Record<string, unknown> | undefined;
    }
  }
  return parent;
}

/** Refuses removing rows that still have live children (`请先删除子节点!`). */
export function refuseWithChildren(app: FastifyInstance, tableName: string, ids: string[]): void {
  if (!ids.length) return;
  const marks = ids.map(() => '?').join(',');
  const child = prepare(
    app.ctx.sqlite,
    `SELECT 1 FROM ${tableName} WHERE is_deleted = 0 AND parent_id IN (${marks}) AND id NOT IN (${marks}) LIMIT 1`,
  ).get(...ids.map((i) => BigInt(i)), ...ids.map((i) => BigInt(i)));
  if (child) throw badRequest(crudTexts.hasChildren);
}
