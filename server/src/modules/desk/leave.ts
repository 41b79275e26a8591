/**
 * `/blade-desk/process/leave`: the leave request of the seeded leave process. `start-process` stores
 * the request and starts its instance in one transaction; `detail?businessId=` answers it with the
 * names the detail screen shows; `approvers` lists the department leaders an applicant may choose.
 */
import type { FastifyInstance } from 'fastify';
import type Database from 'better-sqlite3';
import { formatDateTime, nextId, normalizeDateTime, parseId, parseInteger, type Lang } from '@psi/db/model';
import { ok } from '../../core/envelope';
import { ApiError, badRequest } from '../../core/errors';
import { actorOf } from '../../core/crud';
import { toWireRow } from '../../core/serialize';
import { flowEngineOf } from '../../core/flow/engine';
import { callerOf, mayView } from '../../core/flow/caller';
import { flowMessages as m } from '../../core/flow/messages';
import { z } from 'zod';
import {
  answers,
  dateTimeValue,
  formBody,
  idValue,
  integerValue,
  noQuery,
  textQuery,
  requiredParam,
} from '../../core/route-schemas';
import { typed } from '../../core/schema';

const approverSchema = z.object({ id: z.string(), account: z.string(), realName: z.string() });
const startBody = formBody({
  processDefinitionId: z.string().optional().describe('the leave process definition (required)'),
  leaveType: integerValue().optional().describe('a key of the leave_type dictionary (required)'),
  startTime: dateTimeValue.optional().describe('yyyy-MM-dd HH:mm:ss (required)'),
  endTime: dateTimeValue.optional().describe('yyyy-MM-dd HH:mm:ss (required)'),
  days: integerValue({ minimum: 1, maximum: 365 }).optional().describe('1..365 (required)'),
  reason: z.string().max(500).optional().describe('up to 500 characters (required)'),
  taskUser: idValue.optional().describe('the approver (one of `approvers`, required)'),
});
const startedSchema = z.object({
  businessId: z.string(),
  processInstanceId: z.string(),
  processDefinitionId: z.string(),
});
const leaveDetailSchema = z.looseObject({
  id: z.string(),
  tenantId: z.string(),
  processDefinitionId: z.string(),
  processInstanceId: z.string(),
  leaveType: z.number(),
  leaveTypeName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  days: z.number(),
  reason: z.string(),
  taskUser: z.string(),
  taskUserName: z.string(),
  applyUser: z.string(),
  applyUserName: z.string(),
  applyTime: z.string(),
  processStatus: z.string().describe('running, finished or deleted'),
});

/** Role alias of the users a leave can be sent to (the seed's 部门经理). */
const LEAVE_APPROVER_ROLE = 'dept_leader';
const LEAVE_TABLE = 'blade_process_leave';
/** The route value (`remark`) of the `flow` dictionary entry that is the leave form. */
const LEAVE_ROUTE = 'leave';

const fail = (text: (typeof m)[keyof typeof m]) => new ApiError(400, 400, text);

/** The request's fields checked: every missing one named at once, then the ranges. */
function parseLeave(sqlite: Database.Database, b: z.output<typeof startBody>, lang: Lang) {
  const en = lang === 'en';
  const problems: string[] = [];
  const definitionId = typeof b.processDefinitionId === 'string' ? b.processDefinitionId.trim() : '';
  if (!definitionId) problems.push(en ? 'Please choose the process' : '请选择流程');
  const leaveType = parseInteger(b.leaveType);
  const typeOk =
    leaveType !== null &&
    !!sqlite
      .prepare(
        `SELECT 1 FROM blade_dict WHERE code = 'leave_type' AND parent_id <> 0 AND is_deleted = 0 AND dict_key = ?`,
      )
      .get(String(leaveType));
  if (!typeOk) problems.push(en ? 'Please select the leave type' : '请选择请假类型');
  const startTime = normalizeDateTime(b.startTime);
  const endTime = normalizeDateTime(b.endTime);
  if (!startTime) problems.push(en ? 'Please select the start time' : '请选择开始时间');
  if (!endTime) problems.push(en ? 'Please select the end time' : '请选择结束时间');
  const reason = typeof b.reason === 'string' ? b.reason.trim() : '';
  if (!reason) problems.push(en ? 'Please enter the reason' : '请输入请假理由');
  else if (reason.length > 500)
    problems.push(en ? 'The reason may not exceed 500 characters' : '请假理由不能超过500个字符');
  const taskUser = parseId(b.taskUser);
  if (!taskUser) problems.push(en ? 'Please select the approver' : '请选择审批人');
  if (problems.length) throw badRequest(problems.join('; '));
  const days = parseInteger(b.days);
  if (days === null || days < 1 || days > 365) throw fail(m.leaveDays);
  if (endTime! < startTime!) throw fail(m.leaveRange);
  return {
    definitionId,
    leaveType,
    startTime: startTime!,
    endTime: endTime!,
    reason,
    taskUser: taskUser!,
    days,
  };
}

export function registerLeave(app: FastifyInstance) {
  const sqlite = app.ctx.sqlite;
  const engine = flowEngineOf(sqlite);

  const approvers = (tenantId: string) =>
    sqlite
      .prepare<[string, string], { id: string; account: string; realName: string }>(
        `SELECT CAST(u.id AS TEXT) AS id, u.account, COALESCE(u.real_name, u.name, u.account) AS realName
         FROM blade_user u
         WHERE u.tenant_id = ? AND u.is_deleted = 0 AND u.status = 1
           AND EXISTS (SELECT 1 FROM blade_role r WHERE r.tenant_id = u.tenant_id AND r.is_deleted = 0
                       AND r.role_alias = ? AND instr(',' || u.role_id || ',', ',' || r.id || ',') > 0)
         ORDER BY u.account`,
      )
      .all(tenantId, LEAVE_APPROVER_ROLE);

  app.get(
    '/blade-desk/process/leave/approvers',
    {
      config: { access: { button: 'work_start_start' } },
      schema: { querystring: noQuery, response: answers.list(approverSchema) },
    },
    async (req) => ok(approvers(actorOf(req).tenantId), req.lang),
  );

  typed(app).post(
    '/blade-desk/process/leave/start-process',
    {
      config: { access: { button: 'work_start_start' } },
      schema: { body: startBody, response: answers.of(startedSchema) },
    },
    async (req) => {
      const user = actorOf(req);
      const { definitionId, leaveType, startTime, endTime, reason, taskUser, days } = parseLeave(
        sqlite,
        req.body,
        req.lang,
      );
      if (!approvers(user.tenantId).some((a) => a.id === taskUser)) throw fail(m.leaveApprover);

      const dep = engine.definition(user.tenantId, definitionId);
      if (!dep) throw fail(m.definitionNotFound);
      const route = sqlite
        .prepare<[string], { remark: string | null }>(
          `SELECT remark FROM blade_dict WHERE code = 'flow' AND parent_id <> 0 AND is_deleted = 0 AND 'flow_' || dict_key = ?`,
        )
        .get(dep.category);
      if (route?.remark !== LEAVE_ROUTE) throw fail(m.notLeaveProcess);

      const now = formatDateTime();
      const id = nextId();
      const result = sqlite.transaction(() => {
        sqlite
          .prepare(
            `INSERT INTO blade_process_leave (id, tenant_id, process_definition_id, leave_type, start_time, end_time, days,
             reason, task_user, apply_time, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 0)`,
          )
          .run(
            BigInt(id),
            user.tenantId,
            definitionId,
            leaveType,
            startTime,
            endTime,
            days,
            reason,
            BigInt(taskUser),
            now,
            BigInt(user.userId),
            user.deptId ? BigInt(user.deptId.split(',')[0]) : null,
            now,
            BigInt(user.userId),
            now,
          );
        const started = engine.start(
          callerOf(req),
          definitionId,
          { taskUser, days, leaveType },
          `${LEAVE_TABLE}:${id}`,
        );
        sqlite
          .prepare('UPDATE blade_process_leave SET process_instance_id = ? WHERE id = ?')
          .run(BigInt(started.processInstanceId), BigInt(id));
        return {
          businessId: id,
          processInstanceId: started.processInstanceId,
          processDefinitionId: definitionId,
        };
      })();
      return ok(result, req.lang);
    },
  );

  typed(app).get(
    '/blade-desk/process/leave/detail',
    {
      config: { access: { menu: 'work' } },
      schema: {
        querystring: textQuery({ businessId: requiredParam('the leave request') }),
        response: answers.of(leaveDetailSchema),
      },
    },
    async (req) => {
      const raw = req.query.businessId;
      const id = parseId(raw);
      if (!id)
        throw badRequest(raw === undefined || raw === '' ? 'paramMissing' : 'paramType', {
          name: 'businessId',
        });
      const row = sqlite
        .prepare<[bigint, string], Record<string, unknown>>(
          `SELECT CAST(l.id AS TEXT) AS id, l.tenant_id AS tenantId, l.process_definition_id AS processDefinitionId,
           CAST(l.process_instance_id AS TEXT) AS processInstanceId, l.leave_type AS leaveType,
           COALESCE((SELECT d.dict_value FROM blade_dict d WHERE d.code = 'leave_type' AND d.parent_id <> 0
                     AND d.is_deleted = 0 AND d.dict_key = CAST(l.leave_type AS TEXT)), '') AS leaveTypeName,
           l.start_time AS startTime, l.end_time AS endTime, l.days, l.reason, CAST(l.task_user AS TEXT) AS taskUser,
           COALESCE((SELECT u.real_name FROM blade_user u WHERE u.id = l.task_user), '') AS taskUserName,
           CAST(l.create_user AS TEXT) AS applyUser,
           COALESCE((SELECT u.real_name FROM blade_user u WHERE u.id = l.create_user), '') AS applyUserName,
           l.apply_time AS applyTime,
           COALESCE((SELECT CASE i.state WHEN 1 THEN 'running' WHEN 2 THEN 'finished' ELSE 'deleted' END
                     FROM flow_instance i WHERE i.id = l.process_instance_id), '') AS processStatus
         FROM blade_process_leave l WHERE l.id = ? AND l.tenant_id = ? AND l.is_deleted = 0`,
        )
        .get(BigInt(id), actorOf(req).tenantId);
      // the applicant, the approver and everyone taking part in its instance (or following all of them)
      const user = actorOf(req);
      const visible =
        row &&
        (row.applyUser === user.userId ||
          row.taskUser === user.userId ||
          (row.processInstanceId !== null && mayView(app, req, row.processInstanceId as string)));
      if (!row || !visible) throw fail(m.leaveNotFound);
      return ok(toWireRow({ ...row, leaveType: Number(row.leaveType), days: Number(row.days) }), req.lang);
    },
  );
}
