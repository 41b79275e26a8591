/** Process instances (follow list, deletion) and what a diagram shows: the model and the path taken. */
import { z } from 'zod';
import { parseId } from '@psi/db/model';
import { done, ok } from '../../core/envelope';
import { ApiError, badRequest } from '../../core/errors';
import { parsePage } from '../../core/page';
import { actorOf } from '../../core/crud';
import { mayView } from '../../core/flow/caller';
import { flowMessages as m } from '../../core/flow/messages';
import { answers, formParams, requiredParam, textQuery } from '../../core/route-schemas';
import type { FlowDeps } from './deps';
import { DETAIL_CODES, idOf, listFilter, param, q, route, VIEW_CODES } from './http';
import { flowListQuery, historyRow, instanceRow, modelView } from './schemas';

export function processRoutes({ app, sqlite, engine, queries }: FlowDeps): void {
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
        ...formParams({
          processInstanceId: requiredParam('the instance'),
          deleteReason: 'why (up to 200 characters)',
        }),
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
      .prepare<[bigint, string], { deploymentId: string }>(
        'SELECT CAST(deployment_id AS TEXT) AS deploymentId FROM flow_instance WHERE id = ? AND tenant_id = ?',
      )
      .get(BigInt(id), tenantId);

  /** The instance a read names: required, or (`either`) one of it and the query's other fields. */
  const instanceQuery = (more: z.ZodRawShape = {}, { either = false } = {}) =>
    z.looseObject({
      processInstanceId: either
        ? z.string().optional().describe('the instance (or the definition alone)')
        : textQuery({ processInstanceId: requiredParam('the instance') }).shape.processInstanceId,
      ...more,
    });
  app.get(
    '/blade-flow/process/model-view',
    route(
      { button: VIEW_CODES },
      {
        querystring: instanceQuery(
          { processDefinitionId: z.string().optional().describe('the definition (without an instance)') },
          { either: true },
        ),
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
