import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import {
  defaultAccess,
  fill,
  messages,
  parseId,
  parseIdList,
  submitSchema,
  SUPER_ADMIN_ROLE,
  type ResourceDef,
} from '@psi/db/model';
import { done, ok } from './envelope';
import { badRequest, forbidden as forbiddenError } from './errors';
import { buildFilters, buildOrder, type SqlWhere } from './filters';
import { parsePage } from './page';
import { dataScopeWhere, Repo, scopeOf } from './data';
import type { TableMeta } from './table-meta';
import type { SessionUser } from './context';
import { toWireRow } from './serialize';
import { validationError } from './validation';

export const actorOf = (req: FastifyRequest): SessionUser => {
  if (!req.user) throw new Error('actorOf called on a route without a signed-in user');
  return req.user;
};

/** `ids` from the query string or an urlencoded/JSON body, as Blade's form calls send them. */
export function idsParam(req: FastifyRequest, name = 'ids'): string[] {
  const q = (req.query as Record<string, unknown>)[name];
  const b =
    req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>)[name] : undefined;
  const raw = q ?? b;
  if (raw === undefined || raw === '') throw badRequest('paramMissing', { name });
  const ids = parseIdList(raw);
  if (!ids) throw badRequest('paramType', { name });
  return ids;
}

export function idParam(req: FastifyRequest, name = 'id'): string {
  const raw = (req.query as Record<string, unknown>)[name];
  if (raw === undefined || raw === '') throw badRequest('paramMissing', { name });
  const id = parseId(raw);
  if (!id) throw badRequest('paramType', { name });
  return id;
}

/**
 * The list filters of a request (the Blade condition language over the declared fields; a
 * `tenantId` filter only from the platform super-admin, everyone else's is ignored) plus the
 * caller's data scope for the resource (rules whose resource code is the resource's permission
 * prefix or key). The platform super-admin role is never narrowed.
 */
export function listFilters(
  app: FastifyInstance,
  req: FastifyRequest,
  def: ResourceDef,
  meta: TableMeta,
): SqlWhere {
  const user = actorOf(req);
  const query = { ...(req.query as Record<string, unknown>) };
  // the tenant scope is the server's: only the platform super-admin may narrow by tenant
  if (!user.isSuperAdmin) for (const k of ['tenantId', 'tenant_id']) delete query[k];
  const where = buildFilters(def, meta, query);
  if (user.roleAliases.includes(SUPER_ADMIN_ROLE)) return where;
  const rules = app.ctx.grants
    .dataScopesFor(user.roleIds)
    .filter((r) => r.resourceCode === def.permission || r.resourceCode === def.key);
  const scoped = dataScopeWhere(meta, rules, user);
  return scoped
    ? { clauses: [...where.clauses, ...scoped.clauses], params: [...where.params, ...scoped.params] }
    : where;
}

export interface ResourceHooks {
  /** Extra checks or derived values before a row is written (inside the write transaction). */
  beforeSave?: (
    values: Record<string, unknown>,
    ctx: { req: FastifyRequest; id?: string; repo: Repo },
  ) => void;
}

/**
 * The generic Blade CRUD of one declared resource: `list`, `detail`, `submit`, `remove`, each with
 * its declared access rule, the tenant scope and soft delete of the data layer, and the declared
 * filters, sorting and validation.
 */
export function resourceRoutes(
  app: FastifyInstance,
  def: ResourceDef,
  table: SQLiteTable,
  hooks: ResourceHooks = {},
): Repo {
  const repo = new Repo(app.ctx.sqlite, table, def.tenant);
  const access = defaultAccess(def);

  app.get(`${def.api}/list`, { config: { access: access.list } }, async (req) => {
    const query = req.query as Record<string, unknown>;
    const page = repo.page(
      scopeOf(def.tenant, actorOf(req)),
      listFilters(app, req, def, repo.meta),
      buildOrder(def, repo.meta, query),
      parsePage(query),
    );
    return ok({ ...page, records: page.records.map((r) => toWireRow(r, def)) }, req.lang);
  });

  app.get(`${def.api}/detail`, { config: { access: access.detail } }, async (req) => {
    const row = repo.findById(scopeOf(def.tenant, actorOf(req)), idParam(req));
    return ok(row && toWireRow(row, def), req.lang);
  });

  app.post(`${def.api}/submit`, { config: { access: access.submit } }, async (req) => {
    const actor = actorOf(req);
    const body = req.body as Record<string, unknown> | undefined;
    const rawId = body && typeof body === 'object' && !Array.isArray(body) ? body.id : undefined;
    const id = rawId === undefined || rawId === null || rawId === '' ? null : parseId(rawId);
    if (rawId !== undefined && rawId !== null && rawId !== '' && !id)
      throw badRequest('paramType', { name: 'id' });
    const mode = id ? 'edit' : 'add';
    requireButton(app, req, `${def.permission}_${mode}`, access.submit);
    const parsed = submitSchema(def, req.lang, mode).safeParse(body);
    if (!parsed.success) throw validationError(parsed.error);
    const values = parsed.data as Record<string, unknown>;
    const scope = scopeOf(def.tenant, actor);
    app.ctx.sqlite.transaction(() => {
      if (id && !repo.guardTenant(scope, [id]).length) throw badRequest('recordNotFound');
      for (const u of def.unique ?? []) {
        const probe = Object.fromEntries(u.fields.map((k) => [k, values[k]]));
        if (Object.values(probe).some((v) => v === undefined || v === null)) continue;
        if (repo.exists(scope, probe, id ?? undefined))
          throw badRequest(fill(messages.duplicate[req.lang], { label: u.label[req.lang] }));
      }
      hooks.beforeSave?.(values, { req, id: id ?? undefined, repo });
      if (id) repo.update(scope, id, values, actor);
      else repo.insert(values, actor);
    })();
    return done(req.lang);
  });

  app.post(`${def.api}/remove`, { config: { access: access.remove } }, async (req) => {
    repo.remove(scopeOf(def.tenant, actorOf(req)), idsParam(req), actorOf(req));
    return done(req.lang);
  });

  return repo;
}

/**
 * `submit` serves add and edit: the route admits either button, then the body decides which one
 * the caller must hold.
 */
function requireButton(app: FastifyInstance, req: FastifyRequest, code: string, declared: unknown) {
  if (typeof declared !== 'object' || declared === null || !('button' in declared)) return;
  const codes = [(declared as { button: string | string[] }).button].flat();
  if (!codes.includes(code)) return;
  const user = actorOf(req);
  if (user.roleAliases.includes('administrator')) return;
  if (!app.ctx.grants.codesFor(user.roleIds).has(code)) throw forbiddenError();
}
