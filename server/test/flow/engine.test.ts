import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers';
import { data, get, post, refused } from '../system/helpers';
import { flowEngineOf, type Caller } from '../../src/core/flow/engine';
import { parseBpmn, messageOf } from '../../src/core/flow/bpmn';
import { evaluateCondition, resolveList } from '../../src/core/flow/expr';
import { leaveProcessXml } from '@psi/db/seed';
import { flowUsers, gatewayXml, leaveDefinition, list, startLeave, type FlowUsers } from './helpers';

let app: FastifyInstance;
let u: FlowUsers;
let leaveDef: string;

const sql = <T>(query: string, ...params: unknown[]) => app.ctx.sqlite.prepare(query).all(...params) as T[];
const openTasks = (instanceId: string) =>
  sql<{ name: string; assignee: string | null }>(
    'SELECT name, CAST(assignee AS TEXT) AS assignee FROM flow_task WHERE instance_id = ?',
    BigInt(instanceId),
  );

beforeAll(async () => {
  app = await testApp();
  u = await flowUsers(app);
  leaveDef = await leaveDefinition(u.employee);
});

describe('BPMN subset', () => {
  it('accepts the seeded leave process and reads its nodes, candidates and conditions', () => {
    const model = parseBpmn(leaveProcessXml());
    expect(model.key).toBe('leave');
    expect(model.nodes.get('leaderAudit')).toMatchObject({ type: 'userTask', candidateUsers: '${taskUser}' });
    expect(model.nodes.get('hrAudit')).toMatchObject({ candidateGroups: 'hr' });
    expect(model.nodes.get('modifyApply')).toMatchObject({ assignee: '${applyUser}' });
    expect(model.flows.get('leaderReject')?.condition).toBe('${!pass}');
  });

  it.each([
    ['not xml', '<definitions><process id="x">', '不是有效的XML'],
    ['a doctype', '<!DOCTYPE x [<!ENTITY a "b">]><definitions/>', 'DOCTYPE'],
    ['a service task', gatewayXml('x', '<bpmn:serviceTask id="svc" />'), '不支持的流程元素: serviceTask'],
    [
      'a flow to nowhere',
      gatewayXml('x', '<bpmn:sequenceFlow id="bad" sourceRef="s" targetRef="nope" />'),
      '连线 bad',
    ],
    ['a bad condition', gatewayXml('x').replace('${days > 3', '${days >'), '表达式有误'],
    ['a gateway flow without condition', gatewayXml('x').replace(' default="toShort"', ''), '缺少条件'],
    ['a task without people', gatewayXml('x').replace(' flowable:candidateGroups="hr"', ''), '需要办理人'],
    [
      'an unreachable task',
      gatewayXml(
        'x',
        '<bpmn:userTask id="lost" flowable:assignee="1" /><bpmn:sequenceFlow id="fl" sourceRef="lost" targetRef="e" />',
      ),
      '节点 lost 从开始事件无法到达',
    ],
  ])('refuses %s', (_name, xml, message) => {
    expect(() => parseBpmn(xml)).toThrow();
    try {
      parseBpmn(xml);
    } catch (e) {
      expect(messageOf(e)).toContain(message);
    }
  });

  it('evaluates conditions without eval and refuses unknown variables', () => {
    expect(evaluateCondition("${days > 3 && kind == 'annual'}", { days: 5, kind: 'annual' })).toBe(true);
    expect(evaluateCondition('${!pass}', { pass: false })).toBe(true);
    expect(evaluateCondition('${days ge 3 and not (days eq 4)}', { days: 3 })).toBe(true);
    expect(() => evaluateCondition('${constructor}', {})).toThrow('unknown variable');
    expect(() => evaluateCondition('${process.exit(1)}', {})).toThrow();
    expect(resolveList('hr, ${extra}', { extra: 'a,b' })).toEqual(['hr', 'a', 'b']);
  });
});

describe('engine', () => {
  it('routes an exclusive gateway by the variables of the instance', () => {
    const engine = flowEngineOf(app.ctx.sqlite);
    const dep = engine.deploy('000000', gatewayXml(), {});
    const caller: Caller = {
      userId: u.ids.employee,
      tenantId: '000000',
      roleAliases: ['employee'],
      realName: '张伟',
    };
    const long = engine.start(caller, dep.definitionId, { days: 5, kind: 'annual' });
    const short = engine.start(caller, dep.definitionId, { days: 5, kind: 'personal' });
    const shortest = engine.start(caller, dep.definitionId, { days: 1, kind: 'annual' });
    expect(openTasks(long.processInstanceId).map((t) => t.name)).toEqual(['长假审批']);
    expect(openTasks(short.processInstanceId)).toEqual([{ name: '短假确认', assignee: u.ids.employee }]);
    expect(openTasks(shortest.processInstanceId).map((t) => t.name)).toEqual(['短假确认']);
    // the taken flows are in the history: toLong for the first, the default flow for the others
    const flows = (id: string) =>
      sql<{ a: string }>(
        "SELECT activity_id AS a FROM flow_activity WHERE instance_id = ? AND activity_type = 'sequenceFlow' ORDER BY seq",
        BigInt(id),
      ).map((r) => r.a);
    expect(flows(long.processInstanceId)).toEqual(['f1', 'toLong']);
    expect(flows(short.processInstanceId)).toEqual(['f1', 'toShort']);
  });

  it('a missing variable in a condition refuses the start and writes nothing', () => {
    const engine = flowEngineOf(app.ctx.sqlite);
    const dep = engine.deploy('000000', gatewayXml('routing2'), {});
    const caller: Caller = { userId: u.ids.employee, tenantId: '000000', roleAliases: [], realName: '张伟' };
    const before = sql<{ n: bigint }>('SELECT COUNT(*) AS n FROM flow_instance')[0].n;
    expect(() => engine.start(caller, dep.definitionId, { kind: 'annual' })).toThrow();
    expect(sql<{ n: bigint }>('SELECT COUNT(*) AS n FROM flow_instance')[0].n).toBe(before);
  });

  it('a rejected leave goes back to the applicant, who can resubmit it to the leader', async () => {
    const started = data<{ processInstanceId: string; businessId: string }>(
      await startLeave(u.employee, leaveDef, u.ids.leader),
    );
    const pid = started.processInstanceId;
    const [claim] = (await list(u.leader, 'claim-list')).filter((r) => r.processInstanceId === pid);
    expect(claim).toMatchObject({ taskName: '部门经理审批', businessId: started.businessId });
    data(await post(u.leader, `/api/blade-flow/work/claim-task?taskId=${claim.taskId as string}`));
    data(
      await post(u.leader, '/api/blade-flow/work/complete-task', {
        taskId: claim.taskId,
        processInstanceId: pid,
        flag: false,
        comment: '请补充说明',
      }),
    );
    const [back] = (await list(u.employee, 'todo-list')).filter((r) => r.processInstanceId === pid);
    expect(back).toMatchObject({ taskName: '调整申请', assignee: u.ids.employee });
    expect((await list(u.leader, 'done-list')).find((r) => r.processInstanceId === pid)).toMatchObject({
      comment: '请补充说明',
      pass: 0,
    });
    // resubmitted: the leader is asked again
    data(
      await post(u.employee, '/api/blade-flow/work/complete-task', {
        taskId: back.taskId,
        processInstanceId: pid,
        flag: 'ok',
        comment: '已补充',
      }),
    );
    expect(openTasks(pid).map((t) => t.name)).toEqual(['部门经理审批']);
  });

  it('a suspended deployment cannot start instances until it is activated again', async () => {
    data(await post(u.admin, `/api/blade-flow/manager/change-state?processId=${leaveDef}&state=suspend`));
    refused(await startLeave(u.employee, leaveDef, u.ids.leader), 400, 400, '流程定义已挂起');
    expect((await list(u.employee, 'start-list')).some((r) => r.id === leaveDef)).toBe(false);
    refused(
      await post(u.admin, `/api/blade-flow/manager/change-state?processId=${leaveDef}&state=suspend`),
      400,
      400,
      '已是该状态',
    );
    const en = await post(
      u.employee,
      '/api/blade-desk/process/leave/start-process',
      {},
      { 'accept-language': 'en' },
    );
    refused(en, 400, 400, 'Please choose the process');
    data(await post(u.admin, `/api/blade-flow/manager/change-state?processId=${leaveDef}&state=active`));
    data(await startLeave(u.employee, leaveDef, u.ids.leader));
  });

  it('a user who is not a candidate can neither claim nor complete the task', async () => {
    const { processInstanceId: pid } = data<{ processInstanceId: string }>(
      await startLeave(u.employee, leaveDef, u.ids.leader),
    );
    const taskId = String(
      sql<{ id: string }>(
        'SELECT CAST(id AS TEXT) AS id FROM flow_task WHERE instance_id = ?',
        BigInt(pid),
      )[0].id,
    );
    expect((await list(u.hr, 'claim-list')).some((r) => r.taskId === taskId)).toBe(false);
    refused(
      await post(u.hr, `/api/blade-flow/work/claim-task?taskId=${taskId}`),
      400,
      400,
      '不是该任务的候选人',
    );
    refused(
      await post(u.hr, '/api/blade-flow/work/complete-task', { taskId, flag: true }),
      400,
      400,
      '不是该任务的候选人',
    );
    refused(await post(u.employee, `/api/blade-flow/work/claim-task?taskId=${taskId}`), 400, 400, '候选人');
    // claimed by the leader: now the employee and HR are not its assignee
    data(await post(u.leader, `/api/blade-flow/work/claim-task?taskId=${taskId}`));
    refused(await post(u.leader, `/api/blade-flow/work/claim-task?taskId=${taskId}`), 400, 400, '已被签收');
    refused(
      await post(u.hr, '/api/blade-flow/work/complete-task', { taskId, flag: true }),
      400,
      400,
      '不是该任务的办理人',
    );
    expect(openTasks(pid)).toEqual([{ name: '部门经理审批', assignee: u.ids.leader }]);
  });

  it('completing a task twice has effect once', async () => {
    const { processInstanceId: pid } = data<{ processInstanceId: string }>(
      await startLeave(u.employee, leaveDef, u.ids.leader),
    );
    const taskId = sql<{ id: string }>(
      'SELECT CAST(id AS TEXT) AS id FROM flow_task WHERE instance_id = ?',
      BigInt(pid),
    )[0].id;
    const body = { taskId, processInstanceId: pid, flag: true, comment: '同意' };
    const [first, second] = await Promise.all([
      post(u.leader, '/api/blade-flow/work/complete-task', body),
      post(u.leader, '/api/blade-flow/work/complete-task', body),
    ]);
    data(first);
    refused(second, 400, 400, '任务不存在或已办理');
    expect(openTasks(pid).map((t) => t.name)).toEqual(['人事审批']);
    const leaderSteps = sql<{ n: bigint }>(
      "SELECT COUNT(*) AS n FROM flow_activity WHERE instance_id = ? AND activity_id = 'leaderAudit'",
      BigInt(pid),
    )[0].n;
    expect(Number(leaderSteps)).toBe(1);
  });

  it('deleting an instance removes its tasks and closes its history', async () => {
    const { processInstanceId: pid } = data<{ processInstanceId: string }>(
      await startLeave(u.employee, leaveDef, u.ids.leader),
    );
    expect(openTasks(pid)).toHaveLength(1);
    refused(
      await post(u.leader, `/api/blade-flow/follow/delete-process-instance?processInstanceId=${pid}`),
      403,
      403,
      '无权限',
    );
    data(
      await post(
        u.admin,
        `/api/blade-flow/follow/delete-process-instance?processInstanceId=${pid}&deleteReason=test`,
      ),
    );
    expect(openTasks(pid)).toHaveLength(0);
    expect((await list(u.leader, 'claim-list')).some((r) => r.processInstanceId === pid)).toBe(false);
    const follow = data<{ records: Record<string, unknown>[] }>(
      await get(u.admin, `/api/blade-flow/follow/list?processInstanceId=${pid}`),
    ).records;
    expect(follow[0]).toMatchObject({ status: 'deleted', deleteReason: 'test', processIsFinished: 1 });
    const open = sql('SELECT 1 FROM flow_activity WHERE instance_id = ? AND end_time IS NULL', BigInt(pid));
    expect(open).toHaveLength(0);
    refused(
      await post(u.admin, `/api/blade-flow/follow/delete-process-instance?processInstanceId=${pid}`),
      400,
      400,
      '已结束',
    );
  });
});
