/**
 * `/blade-flow`: process models, deployments, work lists, task actions, instances and diagrams
 * (CONTRACT.md section 7) on our own engine (`engine.ts`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatDateTime, nextId, parseId, type Access } from '@psi/db/model';
import { done, ok } from '../../core/envelope';
import { ApiError, badRequest, otherTenant } from '../../core/errors';
import { parsePage } from '../../core/page';
import { actorOf, idParam, idsParam } from '../../core/crud';
import { toWireRow } from '../../core/serialize';
import { declareScopeCodes, rowScopeWhere } from '../../core/data';
import type { SessionUser } from '../../core/context';
import { tableMeta } from '../../core/table-meta';
import type { SqlWhere } from '../../core/filters';
import { flowModel } from '@psi/db/schema';
import { parseBpmn } from '../../core/flow/bpmn';
import { checkVariables, flowEngineOf } from '../../core/flow/engine';
import { callerOf, mayView } from '../../core/flow/caller';
import { flowMessages as m } from '../../core/flow/messages';
import { FlowQueries, type ListFilter } from './queries';
import { z } from 'zod';
import {
  answers,
  formParams,
  idQuery,
  idsBody,
  idsQuery,
  MULTIPART,
  pageQuery,
  uploadBody,
} from '../../core/route-schemas';
import {
  completeBody,
  deployedRow,
  deploymentIdsQuery,
  deploymentRow,
  doneRow,
  flowListQuery,
  historyRow,
  instanceRow,
  modelBody,
  modelDetail,
  modelRow,
  modelView,
  startableRow,
  taskRow,
} from './schemas';

const VIEW_CODES = [
  'work_start_view',
  'work_claim_view',
  'work_todo_view',
  'work_send_view',
  'work_done_view',
  'flow_model_view',
  'flow_deploy_view',
  'flow_follow_view',
];
const DETAIL_CODES = [
  'work_claim_detail',
  'work_todo_detail',
  'work_send_detail',
  'work_done_detail',
  'flow_follow_view',
];
const MAX_XML = 1024 * 1024;

/** A route's access rule and schemas. */
const route = (a: Access, schema: Record<string, unknown>) => ({ config: { access: a }, schema });

/** The (schema-checked) query string as a plain record. */
const q = (req: FastifyRequest): Record<string, unknown> =>
  req.query && typeof req.query === 'object' ? Object.fromEntries(Object.entries(req.query)) : {};
const body = (req: FastifyRequest): Record<string, unknown> => {
  const b = req.body;
  if (b && typeof b === 'object' && !Array.isArray(b)) return b as Record<string, unknown>;
  if (b === undefined || b === null) return {};
  throw badRequest('invalidBody');
};
/** A parameter from the query string or the body (Blade's form calls send either). */
const param = (req: FastifyRequest, name: string): string | undefined => {
  const v = q(req)[name] ?? body(req)[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v).trim();
  throw badRequest('paramType', { name });
};
const required = (req: FastifyRequest, name: string): string => {
  const v = param(req, name);
  if (!v) throw badRequest('paramMissing', { name });
  return v;
};
const idOf = (req: FastifyRequest, name: string): string => {
  const id = parseId(required(req, name));
  if (!id) throw badRequest('paramType', { name });
  return id;
};
const listFilter = (req: FastifyRequest): ListFilter => {
  const text = (k: string) => (typeof q(req)[k] === 'string' ? (q(req)[k] as string).trim() : undefined);
  return { processDefinitionName: text('processDefinitionName') || text('name'), category: text('category') };
};

/** `flag`: true/`ok`/`pass`/1 pass, false/`reject`/0 reject (BladeX sends `ok`). */
function flagOf(raw: unknown): boolean {
  if (raw === true || raw === 1) return true;
  if (raw === false || raw === 0) return false;
  if (typeof raw === 'string') {
    const v = raw.trim().toLowerCase();
    if (['ok', 'pass', 'true', '1', 'agree'].includes(v)) return true;
    if (['reject', 'false', '0', 'refuse', 'no'].includes(v)) return false;
  }
  throw badRequest('paramType', { name: 'flag' });
}

/** Tenants a deployment goes to: the caller's, or (platform super-admin only) the listed ones. */
function targetTenants(req: FastifyRequest, raw: string | undefined): string[] {
  const user = actorOf(req);
  const list = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!list.length) return [user.tenantId];
  const unique = [...new Set(list)];
  if (unique.some((t) => !/^\d{6}$/.test(t))) throw badRequest('paramType', { name: 'tenantIds' });
  if (!user.isSuperAdmin && unique.some((t) => t !== user.tenantId)) throw otherTenant();
  return unique;
}

/** The data scopes granted on process models (resource code `flow_model`) narrow every model access. */
const MODEL_META = tableMeta(flowModel);
declareScopeCodes(MODEL_META, ['flow_model']);
const modelScope = (actor: SessionUser): SqlWhere =>
  rowScopeWhere(MODEL_META, actor) ?? { clauses: [], params: [] };
const scopedSql = (w: SqlWhere) => (w.clauses.length ? ` AND ${w.clauses.join(' AND ')}` : '');

export default async function flowModule(app: FastifyInstance) {
  const sqlite = app.ctx.sqlite;
  const engine = flowEngineOf(sqlite);
  const queries = new FlowQueries(sqlite);

  /** A category must be a routing key of the `flow` dictionary (`flow_<dictKey>`), or empty. */
  const checkCategory = (category: string | undefined | null): string | null => {
    if (!category) return null;
    const hit = sqlite
      .prepare(
        `SELECT 1 FROM blade_dict WHERE code = 'flow' AND parent_id <> 0 AND is_deleted = 0 AND 'flow_' || dict_key = ?`,
      )
      .get(category);
    if (!hit) throw new ApiError(400, 400, m.categoryUnknown, { category });
    return category;
  };

  // ------------------------------------------------------------------ work lists and task actions
  const listOf = (row: z.ZodType) => ({ querystring: flowListQuery, response: answers.page(row) });
  app.get('/blade-flow/work/start-list', route({ menu: 'work_start' }, listOf(startableRow)), async (req) =>
    ok(queries.startList(actorOf(req).tenantId, listFilter(req), parsePage(q(req))), req.lang),
  );
  app.get('/blade-flow/work/claim-list', route({ menu: 'work_claim' }, listOf(taskRow)), async (req) =>
    ok(queries.claimList(callerOf(req), listFilter(req), parsePage(q(req))), req.lang),
  );
  app.get('/blade-flow/work/todo-list', route({ menu: 'work_todo' }, listOf(taskRow)), async (req) =>
    ok(queries.todoList(callerOf(req), listFilter(req), parsePage(q(req))), req.lang),
  );
  app.get('/blade-flow/work/send-list', route({ menu: 'work_send' }, listOf(instanceRow)), async (req) =>
    ok(queries.sendList(callerOf(req), listFilter(req), parsePage(q(req))), req.lang),
  );
  app.get('/blade-flow/work/done-list', route({ menu: 'work_done' }, listOf(doneRow)), async (req) =>
    ok(queries.doneList(callerOf(req), listFilter(req), parsePage(q(req))), req.lang),
  );
  app.post(
    '/blade-flow/work/claim-task',
    route(
      { button: 'work_claim_claim' },
      { ...formParams({ taskId: 'the task to claim' }), response: answers.done() },
    ),
    async (req) => {
      engine.claim(callerOf(req), idOf(req, 'taskId'));
      return done(req.lang);
    },
  );
  app.post(
    '/blade-flow/work/complete-task',
    route({ button: 'work_todo_handle' }, { body: completeBody, response: answers.done() }),
    async (req) => {
      const b = body(req);
      const taskId = parseId(b.taskId);
      if (!taskId)
        throw badRequest(b.taskId === undefined ? 'paramMissing' : 'paramType', { name: 'taskId' });
      const instanceId =
        b.processInstanceId === undefined || b.processInstanceId === '' ? null : parseId(b.processInstanceId);
      if (b.processInstanceId !== undefined && b.processInstanceId !== '' && !instanceId)
        throw badRequest('paramType', { name: 'processInstanceId' });
      if (b.flag === undefined) throw badRequest('paramMissing', { name: 'flag' });
      const comment = b.comment === undefined || b.comment === null ? '' : String(b.comment).trim();
      if (comment.length > 500) throw new ApiError(400, 400, m.commentTooLong);
      engine.complete(callerOf(req), {
        taskId,
        processInstanceId: instanceId,
        pass: flagOf(b.flag),
        comment,
        variables: checkVariables(b.variables),
      });
      return done(req.lang);
    },
  );

  // ------------------------------------------------------------------ models
  const modelColumns = `CAST(id AS TEXT) AS id, tenant_id AS tenantId, model_key AS modelKey, name,
    COALESCE(category, '') AS category, COALESCE(description, '') AS description, version,
    create_time AS createTime, update_time AS updateTime`;

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
    async (req) => {
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
      const where = parts.join(' AND ');
      const total = Number(
        (
          sqlite.prepare(`SELECT COUNT(*) AS n FROM flow_model WHERE ${where}`).get(...params) as {
            n: bigint;
          }
        ).n,
      );
      const rows = sqlite
        .prepare(
          `SELECT ${modelColumns} FROM flow_model WHERE ${where} ORDER BY update_time DESC, id DESC LIMIT ? OFFSET ?`,
        )
        .all(...params, page.size, (page.current - 1) * page.size) as Record<string, unknown>[];
      return ok(
        {
          records: rows.map((r) => toWireRow({ ...r, version: Number(r.version) })),
          total,
          size: page.size,
          current: page.current,
          pages: Math.ceil(total / page.size),
        },
        req.lang,
      );
    },
  );

  /** A model of the caller's tenant and data scope (one outside either does not exist for the caller). */
  const findModel = (actor: SessionUser, id: string) => {
    const scoped = modelScope(actor);
    return sqlite
      .prepare(
        `SELECT ${modelColumns}, xml FROM flow_model WHERE id = ? AND tenant_id = ? AND is_deleted = 0${scopedSql(scoped)}`,
      )
      .get(BigInt(id), actor.tenantId, ...scoped.params) as Record<string, unknown> | undefined;
  };

  app.get(
    '/blade-flow/model/detail',
    route(
      { button: ['flow_model_view', 'flow_model_edit'] },
      { querystring: idQuery, response: answers.maybe(modelDetail) },
    ),
    async (req) => {
      const row = findModel(actorOf(req), idParam(req));
      return ok(row && toWireRow({ ...row, version: Number(row.version) }), req.lang);
    },
  );

  app.post(
    '/blade-flow/model/submit',
    route(
      { button: ['flow_model_add', 'flow_model_edit'] },
      { body: modelBody, response: answers.of(modelDetail) },
    ),
    async (req) => {
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
      const category = checkCategory(str('category'));
      const description = str('description');
      const now = formatDateTime();
      const saved = sqlite.transaction(() => {
        const clash = sqlite
          .prepare(
            'SELECT CAST(id AS TEXT) AS id FROM flow_model WHERE tenant_id = ? AND model_key = ? AND is_deleted = 0',
          )
          .get(user.tenantId, modelKey) as { id: string } | undefined;
        if (clash && clash.id !== id)
          throw badRequest(req.lang === 'en' ? 'Model key already exists' : '模型标识已存在');
        if (id) {
          const res = sqlite
            .prepare(
              `UPDATE flow_model SET model_key = ?, name = ?, category = ?, description = ?, xml = ?, version = version + 1,
               update_user = ?, update_time = ? WHERE id = ? AND tenant_id = ? AND is_deleted = 0${scopedSql(modelScope(user))}`,
            )
            .run(
              modelKey,
              name,
              category,
              description,
              xml,
              BigInt(user.userId),
              now,
              BigInt(id),
              user.tenantId,
              ...modelScope(user).params,
            );
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
            modelKey,
            name,
            category,
            description,
            xml,
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
        .prepare(`SELECT ${modelColumns}, xml FROM flow_model WHERE id = ? AND tenant_id = ?`)
        .get(BigInt(saved), user.tenantId) as Record<string, unknown>;
      return ok(toWireRow({ ...row, version: Number(row.version) }), req.lang);
    },
  );

  app.post(
    '/blade-flow/model/remove',
    route(
      { button: 'flow_model_delete' },
      { querystring: idsQuery, body: idsBody, response: answers.done() },
    ),
    async (req) => {
      const user = actorOf(req);
      const ids = idsParam(req);
      sqlite.transaction(() => {
        for (const id of ids) {
          const res = sqlite
            .prepare(
              `UPDATE flow_model SET is_deleted = 1, update_user = ?, update_time = ?
             WHERE id = ? AND tenant_id = ? AND is_deleted = 0${scopedSql(modelScope(user))}`,
            )
            .run(
              BigInt(user.userId),
              formatDateTime(),
              BigInt(id),
              user.tenantId,
              ...modelScope(user).params,
            );
          if (res.changes !== 1) throw new ApiError(400, 400, m.modelNotFound);
        }
      })();
      return done(req.lang);
    },
  );

  /** Deploys a saved model (`modelId`, optional `category`, `tenantIds`) as the next version of its key. */
  const deployTargets = {
    category: 'a routing key of the flow dictionary (default the model one)',
    tenantIds: 'comma-joined tenants (platform super-admin; default the caller)',
  };
  app.post(
    '/blade-flow/model/deploy',
    route(
      { button: 'flow_model_deploy' },
      {
        ...formParams({ modelId: 'the model to deploy', ...deployTargets }),
        response: answers.list(deployedRow),
      },
    ),
    async (req) => {
      const user = actorOf(req);
      const modelId = idOf(req, 'modelId');
      const model = findModel(user, modelId);
      if (!model) throw new ApiError(400, 400, m.modelNotFound);
      const category = checkCategory(param(req, 'category') || (model.category as string) || null);
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
      return ok(
        deployed.map((d) => ({
          deploymentId: d.id,
          processDefinitionId: d.definitionId,
          tenantId: d.tenantId,
          version: d.version,
        })),
        req.lang,
      );
    },
  );

  // ------------------------------------------------------------------ deployments
  app.get(
    '/blade-flow/manager/list',
    route(
      { menu: 'flow_deploy' },
      {
        querystring: flowListQuery.extend({ key: z.string().optional().describe('the process key') }),
        response: answers.page(deploymentRow),
      },
    ),
    async (req) => {
      const key = typeof q(req).key === 'string' ? (q(req).key as string).trim() : undefined;
      return ok(
        queries.managerList(actorOf(req).tenantId, { ...listFilter(req), key }, parsePage(q(req))),
        req.lang,
      );
    },
  );

  app.post(
    '/blade-flow/manager/change-state',
    route(
      { button: 'flow_deploy_state' },
      {
        ...formParams({ processId: 'the process definition', state: 'active or suspend' }),
        response: answers.done(),
      },
    ),
    async (req) => {
      engine.changeState(actorOf(req).tenantId, required(req, 'processId'), required(req, 'state'));
      return done(req.lang);
    },
  );

  app.post(
    '/blade-flow/manager/delete-deployment',
    route(
      { button: 'flow_deploy_delete' },
      {
        querystring: deploymentIdsQuery,
        body: formParams({ deploymentIds: 'comma-joined deployments' }).body,
        response: answers.done(),
      },
    ),
    async (req) => {
      engine.deleteDeployments(actorOf(req).tenantId, idsParam(req, 'deploymentIds'));
      return done(req.lang);
    },
  );

  /** Multipart: `category`, `tenantIds` and one or more `files` (.bpmn / .bpmn20.xml). */
  app.post(
    '/blade-flow/manager/deploy-upload',
    route(
      { button: 'flow_deploy_upload' },
      {
        consumes: MULTIPART,
        body: uploadBody(deployTargets, 'files'),
        response: answers.list(deployedRow),
      },
    ),
    async (req) => {
      const user = actorOf(req);
      if (!req.isMultipart()) throw new ApiError(400, 400, m.noFiles);
      const fields: Record<string, string> = {};
      const files: { name: string; xml: string }[] = [];
      for await (const part of req.parts({ limits: { fileSize: MAX_XML, files: 5 } })) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value ?? '');
          continue;
        }
        const name = part.filename || 'process.bpmn';
        if (!/\.(bpmn|bpmn20\.xml)$/i.test(name)) {
          part.file.resume();
          throw new ApiError(400, 400, m.badFileType, { name });
        }
        let buffer: Buffer;
        try {
          buffer = await part.toBuffer();
        } catch {
          throw new ApiError(400, 400, m.fileTooLarge, { name });
        }
        if (part.file.truncated) throw new ApiError(400, 400, m.fileTooLarge, { name });
        files.push({ name, xml: buffer.toString('utf8') });
      }
      if (!files.length) throw new ApiError(400, 400, m.noFiles);
      const category = checkCategory(fields.category?.trim() || null);
      const tenants = targetTenants(req, fields.tenantIds);
      for (const f of files) parseBpmn(f.xml);
      const deployed = sqlite.transaction(() =>
        tenants.flatMap((tenantId) =>
          files.map((f) =>
            engine.deploy(tenantId, f.xml, { category, resourceName: f.name, userId: user.userId }),
          ),
        ),
      )();
      return ok(
        deployed.map((d) => ({
          deploymentId: d.id,
          processDefinitionId: d.definitionId,
          tenantId: d.tenantId,
          version: d.version,
        })),
        req.lang,
      );
    },
  );

  // ------------------------------------------------------------------ instances
  app.get(
    '/blade-flow/follow/list',
    route(
      { menu: 'flow_follow' },
      {
        querystring: flowListQuery.extend({
          state: z.string().optional().describe('running (1) or finished (2)'),
          processInstanceId: z.string().optional(),
        }),
        response: answers.page(instanceRow),
      },
    ),
    async (req) => {
      const stateRaw = q(req).state;
      const state =
        stateRaw === 'running' || stateRaw === '1'
          ? 1
          : stateRaw === 'finished' || stateRaw === '2'
            ? 2
            : undefined;
      const pid =
        typeof q(req).processInstanceId === 'string'
          ? (q(req).processInstanceId as string).trim()
          : undefined;
      return ok(
        queries.followList(
          actorOf(req).tenantId,
          { ...listFilter(req), state, processInstanceId: pid },
          parsePage(q(req)),
        ),
        req.lang,
      );
    },
  );

  app.post(
    '/blade-flow/follow/delete-process-instance',
    route(
      { button: 'flow_follow_delete' },
      {
        ...formParams({ processInstanceId: 'the instance', deleteReason: 'why (up to 200 characters)' }),
        response: answers.done(),
      },
    ),
    async (req) => {
      const reason =
        param(req, 'deleteReason') || (req.lang === 'en' ? 'Deleted by administrator' : '管理员删除');
      engine.deleteInstance(actorOf(req).tenantId, idOf(req, 'processInstanceId'), reason.slice(0, 200));
      return done(req.lang);
    },
  );

  // ------------------------------------------------------------------ diagrams and history
  const instanceOf = (tenantId: string, id: string) =>
    sqlite
      .prepare(
        'SELECT CAST(deployment_id AS TEXT) AS deploymentId FROM flow_instance WHERE id = ? AND tenant_id = ?',
      )
      .get(BigInt(id), tenantId) as { deploymentId: string } | undefined;

  const instanceQuery = (more: z.ZodRawShape = {}) =>
    z.looseObject({ processInstanceId: z.string().optional().describe('the instance'), ...more });
  app.get(
    '/blade-flow/process/model-view',
    route(
      { button: VIEW_CODES },
      {
        querystring: instanceQuery({
          processDefinitionId: z.string().optional().describe('the definition (without an instance)'),
        }),
        response: answers.of(modelView),
      },
    ),
    async (req) => {
      const tenantId = actorOf(req).tenantId;
      const instanceId = param(req, 'processInstanceId');
      if (instanceId) {
        const id = parseId(instanceId);
        if (!id) throw badRequest('paramType', { name: 'processInstanceId' });
        const inst = instanceOf(tenantId, id);
        if (!inst || !mayView(app, req, id)) throw new ApiError(400, 400, m.instanceNotFound);
        const dep = engine.deployment(tenantId, inst.deploymentId)!;
        return ok({ xml: dep.xml, flow: queries.flowNodes(id) }, req.lang);
      }
      const definitionId = param(req, 'processDefinitionId');
      if (!definitionId) throw badRequest('paramMissing', { name: 'processInstanceId' });
      const dep = engine.definition(tenantId, definitionId);
      if (!dep) throw new ApiError(400, 400, m.definitionNotFound);
      return ok({ xml: dep.xml, flow: [] }, req.lang);
    },
  );

  app.get(
    '/blade-flow/process/history-flow-list',
    route({ button: DETAIL_CODES }, { querystring: instanceQuery(), response: answers.list(historyRow) }),
    async (req) => {
      const id = idOf(req, 'processInstanceId');
      if (!instanceOf(actorOf(req).tenantId, id) || !mayView(app, req, id))
        throw new ApiError(400, 400, m.instanceNotFound);
      return ok(queries.historyFlowList(id, req.lang), req.lang);
    },
  );
}
