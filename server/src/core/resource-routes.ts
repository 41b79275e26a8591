import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import {
  defaultAccess,
  fill,
  messages,
  parseId,
  parseIdList,
  submitSchema,
  type ResourceDef,
} from '@psi/db/model';
import { done, ok } from './envelope';
import { badRequest, forbidden as forbiddenError } from './errors';
import { buildFilters, buildOrder, type SqlWhere } from './filters';
import { parsePage } from './page';
import { Repo, scopeOf } from './data';
import type { TableMeta } from './table-meta';
import type { SessionUser } from './context';
import { toWireRow } from './serialize';
import { validationError } from './validation';
import { typed as typedApp } from './schema';
import { answers, idQuery, idsBody, idsQuery, listQuery, rowSchema, submitBody } from './route-schemas';

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
  /** The filters to read instead of the request's query string. */
  source?: Record<string, unknown>,
): SqlWhere {
  const user = actorOf(req);
  const query = { ...(source ?? (req.query as Record<string, unknown>)) };
  // the tenant scope is the server's: only the platform super-admin may narrow by tenant
  if (!user.isSuperAdmin) for (const k of ['tenantId', 'tenant_id']) delete query[k];
  // the caller's data scope is not added here: the data layer (Repo) applies it to every access
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
): void {
  app.get(`${def.api}/lazy-list`, { config: { access: defaultAccess(def).list } }, async (req) => {
    const query = { ...(req.query as Record<string, unknown>) };
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
  });
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
  const repo = new Repo(app.ctx.sqlite, table, def.tenant, [def.permission, def.key]);
  const access = defaultAccess(def);

  const typed = typedApp(app);
  const row = rowSchema(def, table);

  typed.get(
    `${def.api}/list`,
    { config: { access: access.list }, schema: { querystring: listQuery(def), response: answers.page(row) } },
    async (req) => {
      const page = repo.page(
        scopeOf(def.tenant, actorOf(req)),
        listFilters(app, req, def, repo.meta),
        buildOrder(def, repo.meta, req.query),
        parsePage(req.query),
      );
      return ok({ ...page, records: page.records.map((r) => toWireRow(r, def)) }, req.lang);
    },
  );

  if (def.lazy) lazyListRoute(app, def, repo);

  typed.get(
    `${def.api}/detail`,
    { config: { access: access.detail }, schema: { querystring: idQuery, response: answers.maybe(row) } },
    async (req) => {
      const found = repo.findById(scopeOf(def.tenant, actorOf(req)), idParam(req));
      return ok(found && toWireRow(found, def), req.lang);
    },
  );

  typed.post(
    `${def.api}/submit`,
    { config: { access: access.submit }, schema: { body: submitBody(def), response: answers.done() } },
    async (req) => {
      const actor = actorOf(req);
      const body = req.body;
      const rawId = body.id;
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
    },
  );

  typed.post(
    `${def.api}/remove`,
    {
      config: { access: access.remove },
      schema: { querystring: idsQuery, body: idsBody, response: answers.done() },
    },
    async (req) => {
      repo.remove(scopeOf(def.tenant, actorOf(req)), idsParam(req), actorOf(req));
      return done(req.lang);
    },
  );

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
