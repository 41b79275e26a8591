import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cachedAnswer } from './answer-cache';
import { bodyOf } from './request';
import { z } from 'zod';
import {
  DISCOUNT_FIELDS,
  defaultAccess,
  fill,
  messages,
  parseId,
  parseIdList,
  submitSchema,
  SUPER_ADMIN_ROLE,
  t,
  type Access,
  type ResourceDef,
} from '@psi/db/model';
import { done, ok } from './envelope';
import { ApiError, badRequest, forbidden, otherTenant } from './errors';
import { hiddenByScope, prepare, Repo, scopeOf, tablesOfResource, type Scope } from './data';
import type { SessionUser } from './context';
import { forest, toWireRow, type Node } from './serialize';
import { validationError } from './validation';
import { dictionaryLabels, labelFieldsOf, sendWorkbook, workbookBuffer, xlsxAnswer } from './export';
import { typed } from './schema';
import { actorOf, bodyId, idParam, idsParam } from './request-params';
import { lazyListRoute } from './lazy-list';
import { transactionCommit, type WriteMode } from './commit';

export * from './request-params';
export * from './commit';
export * from './lazy-list';
export * from './import-routes';
import { answers, idQuery, idsBody, idsQuery, listQuery, rowSchema, submitBody } from './route-schemas';
import { allows } from './access';
import { tableMeta } from './table-meta';
import {
  exportColumns,
  exportRow,
  findOne,
  listAll,
  listPage,
  type ListSpec,
  type ScopedActor,
  tenantFilterOfSuperAdminOnly,
  wire,
} from './scoped-list';

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
    const rows = prepare<{ id: bigint; n: string }>(
      app.ctx.sqlite,
      `SELECT id, ${column} AS n FROM ${table} WHERE is_deleted = 0 AND id IN (${missing.map(() => '?').join(',')})`,
    ).all(...missing.map((i) => BigInt(i)));
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

/** An add (`id` null) or edit a module writes itself; its result is the answer's `data` (`undefined`: `data: {}`). */
export type SubmitHandler = (
  req: FastifyRequest,
  id: string | null,
  body: Record<string, unknown>,
) => unknown;
/** A remove a module writes itself, of rows the caller may see (the data scope is checked before). */
export type RemoveHandler = (req: FastifyRequest, ids: string[]) => void;

/** The options of `crudRoutes`: which routes, and the hooks for scope, write path, refusals and side effects. */
export interface CrudOptions<A extends ScopedActor = SessionUser> {
  /** `page` (default), `forest` (every matching row as a tree) or no list route. */
  list?: 'page' | 'forest' | false;
  detail?: boolean;
  /**
   * No submit route (`false`), the generic validated write of the declaration (default), or the
   * module's own write (a handler: the module applies its domain rules; the resource then also answers
   * `page`, `export`, `save` and `update`, and writes go through `commit`).
   */
  submit?: boolean | SubmitHandler;
  /** No remove route (`false`), the generic soft delete (default), or the module's own remove. */
  remove?: boolean | RemoveHandler;
  /** The caller as the row scope of the resource sees it (default: the signed-in user). */
  actor?: (req: FastifyRequest) => A;
  /** Runs a module's write and resolves after its commit (default: one synchronous transaction). */
  commit?: <T>(fn: () => T) => Promise<T>;
  /** The refusal of every write (ledgers, appended by postings only); replaces submit/remove. */
  readOnly?: () => Error;
  /** The refusal of a module's remove naming rows the caller's data scope hides. */
  hidden?: () => Error;
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
  /** Body fields a write reads beyond the declared form fields, for the body schema. */
  body?: z.ZodRawShape;
  /** The `data` of a module's submit answer (default: the saved row, or `{}`). */
  submitted?: z.ZodType;
  /** A row of the list as an example for the document (stable fields of the demo data). */
  example?: Record<string, unknown>;
}

/** Whether the module writes the resource itself (handlers or a read-only refusal). */
const ownWrites = (opts: CrudOptions<never>) =>
  typeof opts.submit === 'function' || typeof opts.remove === 'function' || opts.readOnly !== undefined;

/** A row of a forest list: its children nested, `hasChildren` always sent. */
const treeRow = (row: z.ZodObject) =>
  row.extend({ hasChildren: z.boolean(), children: z.array(z.looseObject({})).optional() });

/**
 * The one CRUD entry point: Blade's list / detail / submit / remove of a declared resource. Reads go
 * through the one list engine (`scoped-list`: the declaration's tenant rule, soft delete, the
 * caller's data scope, the spec's row scope and filters, cached totals and deep-page keys). Writes
 * are either the generic validated write (tenant guard, audit columns, uniqueness, dictionaries,
 * button checks, hooks around saves and removals) or, when the module passes write handlers, the
 * module's own (see `ownWriteRoutes`). Options add forest and lazy-tree lists, joined names,
 * platform-only writes and the super-admin's tenant choice.
 */
export function crudRoutes<A extends ScopedActor = SessionUser>(
  app: FastifyInstance,
  resource: ListSpec<A>,
  opts: CrudOptions<A> = {},
): Repo {
  const { def, table } = resource;
  const actorFor = opts.actor ?? (actorOf as unknown as (req: FastifyRequest) => A);
  if (ownWrites(opts as CrudOptions<never>)) {
    ownWriteRoutes(app, resource, opts, actorFor);
    return new Repo(app.ctx.sqlite, table, def.tenant);
  }
  const repo = new Repo(app.ctx.sqlite, table, def.tenant, [def.permission, def.key]);
  const spec: ListSpec<A> = { ...resource, narrow: resource.narrow ?? tenantFilterOfSuperAdminOnly };
  const access = defaultAccess(def);
  // engine rows may be cached pages: decorate copies; the declared label fields first
  const labelled = def.fields.some((f) => f.labelField);
  const decorate = (rows: Record<string, unknown>[], req: FastifyRequest) => {
    const labels = labelled ? labelFieldsOf(app, def, req.lang, req.user?.tenantId ?? '000000') : null;
    const copies = labels || opts.decorate ? rows.map((r) => ({ ...r, ...labels?.(r) })) : rows;
    return opts.decorate ? opts.decorate(copies, req) : copies;
  };
  const api = typed(app);
  const row = scopedRowSchema(resource, opts.decorated);

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
      async (req, reply) => {
        if (forestList) {
          const actor = actorFor(req);
          const rows = listAll(app.ctx.sqlite, spec, actor, req.query, FOREST_LIMIT).map((r) => wire(def, r));
          return ok(forest(decorate(rows, req) as Node[]), req.lang);
        }
        const answer = () => {
          const page = listPage(app.ctx.sqlite, spec, actorFor(req), req.query);
          return ok({ ...page, records: decorate(page.records, req) }, req.lang);
        };
        // a module's own decoration may read more than the database and the token: built each time
        return opts.decorate ? answer() : cachedAnswer(app, req, reply, answer);
      },
    );
    if (def.lazy)
      lazyListRoute(
        app,
        spec,
        actorFor,
        (rows, req) =>
          decorate(
            rows.map((r) => toWireRow(r, def)),
            req,
          ),
        row,
      );
  }

  if (opts.detail !== false) {
    api.get(
      `${def.api}/detail`,
      { config: { access: access.detail }, schema: { querystring: idQuery, response: answers.maybe(row) } },
      async (req) => {
        const found = findOne(app.ctx.sqlite, spec, actorFor(req), idParam(req));
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
          body: submitBody(def, opts.body),
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

/** A forest list answers at most this many rows. */
const FOREST_LIMIT = 5000;

/**
 * Validates and writes one submit (insert without an id, partial update with one) in a transaction;
 * returns the saved row in its wire form.
 */
function saveRecord(
  app: FastifyInstance,
  def: ResourceDef,
  repo: Repo,
  opts: Pick<CrudOptions, 'platform' | 'chooseTenant' | 'clearsGrants' | 'beforeSave' | 'afterSave'>,
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
  const parent = prepare<Record<string, unknown>>(
    app.ctx.sqlite,
    `SELECT * FROM ${tableName} WHERE id = ? AND is_deleted = 0${extraWhere}`,
  ).get(BigInt(parentId), ...extraParams);
  if (!parent) throw badRequest(crudTexts.parentMissing);
  if (id) {
    let cursor: Record<string, unknown> | undefined = parent;
    const seen = new Set<string>();
    while (cursor && String(cursor.parent_id) !== '0' && !seen.has(String(cursor.id))) {
      seen.add(String(cursor.id));
      if (String(cursor.parent_id) === id) throw badRequest(crudTexts.parentLoop);
      cursor = prepare<Record<string, unknown>, [bigint]>(
        app.ctx.sqlite,
        `SELECT id, parent_id FROM ${tableName} WHERE id = ?`,
      ).get(BigInt(String(cursor.parent_id)));
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

// ------------------------------------------------------------------ resources with a module row scope

/** Exports and `listAll` reads stop at this many rows. */
export const EXPORT_LIMIT = 20_000;

/**
 * A row of a scoped resource on the wire: every column (discounts as `"0.9500"`), the joined display
 * names of the spec (`… AS "schoolName"`) and the computed fields a route adds.
 */
export function scopedRowSchema(spec: ListSpec<never>, extra: z.ZodRawShape = {}) {
  const shape: Record<string, z.ZodType> = {};
  const columns = new Set(tableMeta(spec.table).columns.map((c) => c.key));
  for (const f of DISCOUNT_FIELDS)
    if (columns.has(f)) shape[f] = z.string().describe('a discount, four decimals (0.9500)');
  for (const m of (spec.extra ?? '').matchAll(/AS "([A-Za-z0-9_]+)"/g))
    shape[m[1]] = z.string().describe('joined for display (empty when the row is gone)');
  for (const f of spec.def.fields)
    if (f.labelField) shape[f.labelField] = z.string().describe(`the label of ${f.name}`);
  return rowSchema(spec.def, spec.table, { ...shape, ...extra });
}

/** Whether the caller's data scope hides one of the rows (answered like another tenant's row). */
function hiddenFrom(app: FastifyInstance, user: SessionUser, def: ResourceDef, ids: string[]): boolean {
  return tablesOfResource(def.key).some((table) =>
    hiddenByScope(app.ctx.sqlite, table, user.tenantId, user, ids),
  );
}

/** Codes that admit an add (not `*_edit`) and an edit (not `*_add`) among the declared submit codes. */
export function submitCodes(def: ResourceDef) {
  const declared = defaultAccess(def).submit;
  const all =
    typeof declared === 'object' && 'button' in declared
      ? [declared.button].flat()
      : [`${def.permission}_add`];
  return {
    all,
    add: all.filter((c) => !c.endsWith('_edit')),
    edit: all.filter((c) => !c.endsWith('_add')),
  };
}

/**
 * The routes of a resource a module writes itself (the PSI documents): `list` and `page` (the same
 * paged list), `detail`, `export` (the current filters as .xlsx), and the writes `submit` (add or
 * edit by the presence of `id`), `save` (add), `update` (edit) and `remove?ids=`. Reads go through
 * the spec's scope and the caller's data scope; writes need the add or edit button, refuse rows the
 * data scope hides, and run the module's handlers (which apply the domain rules) through `commit`.
 */
function ownWriteRoutes<A extends ScopedActor>(
  app: FastifyInstance,
  spec: ListSpec<A>,
  opts: CrudOptions<A>,
  actorFor: (req: FastifyRequest) => A,
): void {
  const { def } = spec;
  const access = defaultAccess(def);
  const row = scopedRowSchema(spec);
  const api = typed(app);
  const listRow = opts.example ? row.meta({ examples: [opts.example] }) : row;
  const listSchema = { querystring: listQuery(def), response: answers.page(listRow) };
  const list = async (req: FastifyRequest & { query: Record<string, unknown> }, reply: FastifyReply) =>
    cachedAnswer(app, req, reply, () =>
      ok(listPage(app.ctx.sqlite, spec, actorFor(req), req.query), req.lang),
    );
  api.get(`${def.api}/list`, { config: { access: access.list }, schema: listSchema }, list);
  api.get(`${def.api}/page`, { config: { access: access.list }, schema: listSchema }, list);
  api.get(
    `${def.api}/detail`,
    { config: { access: access.detail }, schema: { querystring: idQuery, response: answers.maybe(row) } },
    async (req) => {
      const id = parseId(req.query.id);
      if (!id) throw badRequest('paramType', { name: 'id' });
      return ok(findOne(app.ctx.sqlite, spec, actorFor(req), id), req.lang);
    },
  );
  api.get(
    `${def.api}/export`,
    {
      config: { access: access.export },
      schema: { querystring: listQuery(def, false), response: xlsxAnswer },
    },
    async (req, reply) => {
      const rows = listAll(app.ctx.sqlite, spec, actorFor(req), req.query, EXPORT_LIMIT);
      const tenantId = actorOf(req).tenantId;
      const dicts = new Map(
        def.fields.flatMap((f) =>
          f.dict ? [[f.name, dictionaryLabels(app, f.dict.code, f.dict.source, tenantId)] as const] : [],
        ),
      );
      const buffer = await workbookBuffer(
        def.title[req.lang].slice(0, 31),
        exportColumns(def, req.lang),
        rows.map((r) => exportRow(def, r, dicts)),
      );
      return sendWorkbook(reply, buffer, def.title[req.lang]);
    },
  );

  const codes = submitCodes(def);
  const commit = opts.commit ?? transactionCommit(app);
  const route = (mode: WriteMode): Access =>
    opts.readOnly
      ? access.submit
      : { button: mode === 'save' ? codes.add : mode === 'update' ? codes.edit : codes.all };
  const submitSchema = {
    body: submitBody(def, opts.body),
    response: opts.submitted ? answers.of(opts.submitted) : answers.maybe(row),
  };
  for (const mode of ['submit', 'save', 'update'] as WriteMode[]) {
    api.post(`${def.api}/${mode}`, { config: { access: route(mode) }, schema: submitSchema }, async (req) => {
      if (opts.readOnly) throw opts.readOnly();
      const body = req.body;
      const raw = mode === 'save' ? undefined : body.id;
      const id = raw === undefined || raw === null || raw === '' ? null : parseId(raw);
      if (raw !== undefined && raw !== null && raw !== '' && !id)
        throw badRequest('paramType', { name: 'id' });
      if (mode === 'update' && !id) throw badRequest('paramMissing', { name: 'id' });
      const user = actorOf(req);
      if (!allows(app, user, { button: id ? codes.edit : codes.add })) throw forbidden();
      if (id && hiddenFrom(app, user, def, [id])) throw badRequest('recordNotFound');
      const { id: _ignored, ...rest } = body;
      const submit = opts.submit;
      if (typeof submit !== 'function') throw forbidden();
      const data = await commit(() => submit(req, id, id ? { ...rest, id } : rest));
      return data === undefined ? done(req.lang) : ok(data, req.lang);
    });
  }
  api.post(
    `${def.api}/remove`,
    {
      config: { access: access.remove },
      schema: { querystring: idsQuery, body: idsBody, response: answers.done() },
    },
    async (req) => {
      if (opts.readOnly) throw opts.readOnly();
      const raw = req.query.ids ?? req.body.ids;
      if (raw === undefined || raw === '') throw badRequest('paramMissing', { name: 'ids' });
      const ids = parseIdList(raw);
      if (!ids) throw badRequest('paramType', { name: 'ids' });
      if (hiddenFrom(app, actorOf(req), def, ids)) throw (opts.hidden ?? otherTenant)();
      const remove = opts.remove;
      if (typeof remove !== 'function') throw forbidden();
      await commit(() => remove(req, ids));
      return done(req.lang);
    },
  );
}
