/** Work lists (start, claim, todo, send, done) and the task actions (claim, complete). */
import type { z } from 'zod';
import { parseId } from '@psi/db/model';
import { done, ok } from '../../core/envelope';
import { ApiError, badRequest } from '../../core/errors';
import { parsePage } from '../../core/page';
import { actorOf } from '../../core/crud';
import { checkVariables } from '../../core/flow/engine';
import { callerOf } from '../../core/flow/caller';
import { flowMessages as m } from '../../core/flow/messages';
import { answers, formParams, requiredParam } from '../../core/route-schemas';
import type { FlowDeps } from './deps';
import { body, flagOf, idOf, listFilter, q, route } from './http';
import { completeBody, doneRow, flowListQuery, instanceRow, startableRow, taskRow } from './schemas';

export function workRoutes({ app, engine, queries }: FlowDeps): void {
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
      { ...formParams({ taskId: requiredParam('the task to claim') }), response: answers.done() },
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
}
