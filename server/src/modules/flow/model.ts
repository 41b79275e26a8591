/** Process models: list, detail, save (a BPMN diagram under a key), remove, deploy. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { formatDateTime, nextId, parseId } from '@psi/db/model';
import { flowModel } from '@psi/db/schema';
import { done, ok } from '../../core/envelope';
import { ApiError, badRequest } from '../../core/errors';
import { parsePage } from '../../core/page';
import { pageOfSelect } from '../../core/scoped-list';
import { actorOf, idParam, idsParam } from '../../core/crud';
import { toWireRow } from '../../core/serialize';
import { declareScopeCodes, rowScopeWhere } from '../../core/data';
import type { SessionUser } from '../../core/context';
import { tableMeta } from '../../core/table-meta';
import type { SqlWhere } from '../../core/filters';
import { parseBpmn } from '../../core/flow/bpmn';
import { flowMessages as m } from '../../core/flow/messages';
import {
  answers,
  formParams,
  idQuery,
  idsBody,
  idsQuery,
  pageQuery,
  requiredParam,
} from '../../core/route-schemas';
import type { FlowDeps } from './deps';
import {
  body,
  checkCategory,
  deployedAnswer,
  deployTargets,
  idOf,
  MAX_XML,
  param,
  q,
  route,
  targetTenants,
} from './http';
import { deployedRow, modelBody, modelDetail, modelRow } from './schemas';

/** The data scopes granted on process models (resource code `flow_model`) narrow every model access. */
const MODEL_META = tableMeta(flowModel);
declareScopeCodes(MODEL_META, ['flow_model']);
const modelScope = (actor: SessionUser): SqlWhere =>
  rowScopeWhere(MODEL_META, actor) ?? { clauses: [], params: [] };
const scopedSql = (w: SqlWhere) => (w.clauses.length ? ` AND ${w.clauses.join(' AND ')}` : '');

const modelColumns = `CAST(id AS TEXT) AS id, tenant_id AS tenantId, model_key AS modelKey, name,
  COALESCE(category, '') AS category, COALESCE(description, '') AS description, version,
  create_time AS createTime, update_time AS updateTime`;

/** A model row as the wire shows it. */
const wireModel = (row: Record<string, unknown>) => toWireRow({ ...row, version: Number(row.version) });

/** A page of the caller's models, filtered by part of the key or the name. */
function listModels(sqlite: Database.Database, req: FastifyRequest) {
  const page = parsePage(q(req));
  const tenantId = actorOf(req).tenantId;
  const scoped = modelScope(actorOf(req));
  const parts = ['tenant_id = ?', 'is_deleted = 0', ...scoped.clauses];
  const params: unknown[] = [tenantId, ...scoped.params];
  for (const [key, column] of [
    ['modelKey', 'model_key'],
    ['name', 'name'],
  ] as const) {
    const v = q(req)[key];
    if (typeof v === 'string' && v.trim()) {
      parts.push(`${column} LIKE ? ESCAPE '\\'`);
      params.push(`%${v.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
  }
  return pageOfSelect(
    sqlite,
    {
      select: modelColumns,
      from: `FROM flow_model WHERE ${parts.join(' AND ')}`,
      params,
      order: 'update_time DESC, id DESC',
    },
    page,
    wireModel,
  );
}

/** A model of the caller's tenant and data scope (one outside either does not exist for the caller). */
function findModel(sqlite: Database.Database, actor: SessionUser, id: string) {
  const scoped = modelScope(actor);
  return sqlite
    .prepare<unknown[], Record<string, unknown>>(
      `SELECT ${modelColumns}, xml FROM flow_model WHERE id = ? AND tenant_id = ? AND is_deleted = 0${scopedSql(scoped)}`,
    )
    .get(BigInt(id), actor.tenantId, ...scoped.params);
}

/** Saves the posted model (a new one, or the next version of one the caller may edit). */
function saveModel(app: FastifyInstance, req: FastifyRequest) {
  const sqlite = app.ctx.sqlite;
  const user = actorOf(req);
  const b = body(req);
  const id = b.id === undefined || b.id === null || b.id === '' ? null : parseId(b.id);
  if (b.id !== undefined && b.id !== null && b.id !== '' && !id)
    throw badRequest('paramType', { name: 'id' });
  const needed = id ? 'flow_model_edit' : 'flow_model_add';
  if (!user.roleAliases.includes('administrator') && !app.ctx.grants.codesFor(user.roleIds).has(needed))
    throw new ApiError(403, 403, { zh: '无权限', en: 'No permission' });
  const str = (k: string) => (typeof b[k] === 'string' ? (b[k] as string).trim() : '');
  const modelKey = str('modelKey');
  const name = str('name');
  const xml = typeof b.xml === 'string' ? b.xml : '';
  const missing = [
    !modelKey && (req.lang === 'en' ? 'Please enter the model key' : '请输入模型标识'),
    !name && (req.lang === 'en' ? 'Please enter the model name' : '请输入模型名称'),
    !xml && (req.lang === 'en' ? 'Please draw the process diagram' : '请绘制流程图'),
  ].filter(Boolean);
  if (missing.length) throw badRequest(missing.join('; '));
  if (xml.length > MAX_XML) throw new ApiError(400, 400, m.fileTooLarge, { name });
  const model = parseBpmn(xml);
  if (model.key !== modelKey)
    throw new ApiError(400, 400, m.modelKeyMismatch, { xmlKey: model.key, key: modelKey });
  const category = checkCategory(sqlite, str('category'));
  const description = str('description');
  const now = formatDateTime();
  // the model's own columns, in the order both statements below list them
  const content = [modelKey, name, category, description, xml];
  const saved = sqlite.transaction(() => {
    const clash = sqlite
      .prepare<[string, string], { id: string }>(
        'SELECT CAST(id AS TEXT) AS id FROM flow_model WHERE tenant_id = ? AND model_key = ? AND is_deleted = 0',
      )
      .get(user.tenantId, modelKey);
    if (clash && clash.id !== id)
      throw badRequest(req.lang === 'en' ? 'Model key already exists' : '模型标识已存在');
    if (id) {
      const res = sqlite
        .prepare(
          `UPDATE flow_model SET model_key = ?, name = ?, category = ?, description = ?, xml = ?, version = version + 1,
           update_user = ?, update_time = ? WHERE id = ? AND tenant_id = ? AND is_deleted = 0${scopedSql(modelScope(user))}`,
        )
        .run(...content, BigInt(user.userId), now, BigInt(id), user.tenantId, ...modelScope(user).params);
      if (res.changes !== 1) throw new ApiError(400, 400, m.modelNotFound);
      return id;
    }
    const newId = nextId();
    sqlite
      .prepare(
        `INSERT INTO flow_model (id, tenant_id, model_key, name, category, description, xml, version,
         create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
       VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, 1, 0)`,
      )
      .run(
        BigInt(newId),
        user.tenantId,
        ...content,
        BigInt(user.userId),
        user.deptId ? BigInt(user.deptId.split(',')[0]) : null,
        now,
        BigInt(user.userId),
        now,
      );
    return newId;
  })();
  // read back what was just written (by id and tenant: the writer's data scope may not list it)
  const row = sqlite
    .prepare<[bigint, string], Record<string, unknown>>(
      `SELECT ${modelColumns}, xml FROM flow_model WHERE id = ? AND tenant_id = ?`,
    )
    .get(BigInt(saved), user.tenantId)!;
  return wireModel(row);
}

function removeModels(sqlite: Database.Database, req: FastifyRequest) {
  const user = actorOf(req);
  const ids = idsParam(req);
  sqlite.transaction(() => {
    for (const id of ids) {
      const res = sqlite
        .prepare(
          `UPDATE flow_model SET is_deleted = 1, update_user = ?, update_time = ?
         WHERE id = ? AND tenant_id = ? AND is_deleted = 0${scopedSql(modelScope(user))}`,
        )
        .run(BigInt(user.userId), formatDateTime(), BigInt(id), user.tenantId, ...modelScope(user).params);
      if (res.changes !== 1) throw new ApiError(400, 400, m.modelNotFound);
    }
  })();
}

export function modelRoutes({ app, sqlite, engine }: FlowDeps): void {
  app.get(
    '/blade-flow/model/list',
    route(
      { menu: 'flow_model' },
      {
        querystring: z.looseObject({
          ...pageQuery,
          modelKey: z.string().optional().describe('part of the model key'),
          name: z.string().optional().describe('part of the name'),
        }),
        response: answers.page(modelRow),
      },
    ),
    async (req) => ok(listModels(sqlite, req), req.lang),
  );

  app.get(
    '/blade-flow/model/detail',
    route(
      { button: ['flow_model_view', 'flow_model_edit'] },
      { querystring: idQuery, response: answers.maybe(modelDetail) },
    ),
    async (req) => {
      const row = findModel(sqlite, actorOf(req), idParam(req));
      return ok(row && wireModel(row), req.lang);
    },
  );

  app.post(
    '/blade-flow/model/submit',
    route(
      { button: ['flow_model_add', 'flow_model_edit'] },
      { body: modelBody, response: answers.of(modelDetail) },
    ),
    async (req) => ok(saveModel(app, req), req.lang),
  );

  app.post(
    '/blade-flow/model/remove',
    route(
      { button: 'flow_model_delete' },
      { querystring: idsQuery, body: idsBody, response: answers.done() },
    ),
    async (req) => {
      removeModels(sqlite, req);
      return done(req.lang);
    },
  );

  /** Deploys a saved model (`modelId`, optional `category`, `tenantIds`) as the next version of its key. */
  app.post(
    '/blade-flow/model/deploy',
    route(
      { button: 'flow_model_deploy' },
      {
        ...formParams({ modelId: requiredParam('the model to deploy'), ...deployTargets }),
        response: answers.list(deployedRow),
      },
    ),
    async (req) => {
      const user = actorOf(req);
      const modelId = idOf(req, 'modelId');
      const model = findModel(sqlite, user, modelId);
      if (!model) throw new ApiError(400, 400, m.modelNotFound);
      const category = checkCategory(sqlite, param(req, 'category') || (model.category as string) || null);
      const tenants = targetTenants(req, param(req, 'tenantIds'));
      const deployed = sqlite.transaction(() =>
        tenants.map((tenantId) =>
          engine.deploy(tenantId, model.xml as string, {
            category,
            modelId,
            userId: user.userId,
            resourceName: `${model.modelKey as string}.bpmn20.xml`,
          }),
        ),
      )();
      return ok(deployedAnswer(deployed), req.lang);
    },
  );
}
