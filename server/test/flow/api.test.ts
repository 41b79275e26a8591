import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { addTenant, login, testApp } from '../helpers';
import { as, createUser, data, get, post, refused } from '../system/helpers';
import {
  flowUsers,
  gatewayXml,
  leaveDefinition,
  list,
  multipart,
  startLeave,
  type FlowUsers,
} from './helpers';

let app: FastifyInstance;
let u: FlowUsers;

beforeAll(async () => {
  app = await testApp();
  u = await flowUsers(app);
});

describe('/blade-flow shapes', () => {
  it('walks a leave through leader and HR with every list, the diagram and the history', async () => {
    const def = await leaveDefinition(u.employee);
    const [row] = (await list(u.employee, 'start-list')).filter((r) => r.id === def);
    expect(row).toMatchObject({
      key: 'leave',
      name: '请假流程',
      version: 1,
      category: 'flow_1',
      categoryName: '请假流程',
    });
    const approvers = data<{ id: string; realName: string }[]>(
      await get(u.employee, '/api/blade-desk/process/leave/approvers'),
    );
    expect(approvers).toEqual([{ id: u.ids.leader, account: 'leader_li', realName: '李娜' }]);
    refused(await startLeave(u.employee, def, u.ids.hr), 400, 400, '审批人必须是本租户的部门经理');
    refused(await startLeave(u.employee, def, u.ids.leader, { days: 0 }), 400, 400, '请假天数');
    refused(
      await startLeave(u.employee, def, u.ids.leader, { endTime: '2026-11-01 00:00:00' }),
      400,
      400,
      '结束时间不能早于开始时间',
    );
    const started = data<{ processInstanceId: string; businessId: string }>(
      await startLeave(u.employee, def, u.ids.leader),
    );
    const pid = started.processInstanceId;
    const detail = data<Record<string, unknown>>(
      await get(u.leader, `/api/blade-desk/process/leave/detail?businessId=${started.businessId}`),
    );
    expect(detail).toMatchObject({
      processInstanceId: pid,
      processDefinitionId: def,
      leaveType: 1,
      leaveTypeName: '事假',
      days: 3,
      reason: '家中有事',
      taskUserName: '李娜',
      applyUserName: '张伟',
      processStatus: 'running',
    });
    // sent list of the employee, claim list of the leader, nothing for HR yet
    expect((await list(u.employee, 'send-list')).find((r) => r.processInstanceId === pid)).toMatchObject({
      status: 'running',
      taskName: '部门经理审批',
      businessTable: 'blade_process_leave',
      businessId: started.businessId,
    });
    const claim = (await list(u.leader, 'claim-list')).find((r) => r.processInstanceId === pid)!;
    expect(claim).toMatchObject({ status: 'claim', startUserName: '张伟', processDefinitionKey: 'leave' });
    expect(await list(u.leader, 'todo-list')).toHaveLength(0);
    refused(await post(u.leader, '/api/blade-flow/work/claim-task'), 400, 400, '缺少必要的请求参数: taskId');
    data(await post(u.leader, `/api/blade-flow/work/claim-task?taskId=${claim.taskId as string}`));
    expect((await list(u.leader, 'todo-list')).map((r) => r.taskId)).toEqual([claim.taskId]);
    expect((await list(u.leader, 'claim-list')).some((r) => r.processInstanceId === pid)).toBe(false);
    data(
      await post(u.leader, '/api/blade-flow/work/complete-task', {
        taskId: claim.taskId,
        processInstanceId: pid,
        flag: 'ok',
        comment: '同意',
      }),
    );
    const hrTask = (await list(u.hr, 'claim-list')).find((r) => r.processInstanceId === pid)!;
    expect(hrTask.taskName).toBe('人事审批');
    // HR completes without claiming first (a candidate may): the instance ends
    data(
      await post(u.hr, '/api/blade-flow/work/complete-task', {
        taskId: hrTask.taskId,
        flag: true,
        comment: '准假',
      }),
    );
    expect((await list(u.employee, 'send-list')).find((r) => r.processInstanceId === pid)).toMatchObject({
      status: 'finished',
      processIsFinished: 1,
    });
    expect((await list(u.hr, 'done-list')).find((r) => r.processInstanceId === pid)).toMatchObject({
      taskName: '人事审批',
      comment: '准假',
      pass: 1,
    });

    const view = data<{ xml: string; flow: Record<string, unknown>[] }>(
      await get(u.employee, `/api/blade-flow/process/model-view?processInstanceId=${pid}`),
    );
    expect(view.xml).toContain('<process id="leave"');
    const ids = view.flow.map((f) => f.historyActivityId);
    expect(ids).toEqual([
      'start',
      'toLeader',
      'leaderAudit',
      'leaderToDecision',
      'leaderDecision',
      'leaderPass',
      'hrAudit',
      'hrToDecision',
      'hrDecision',
      'hrPass',
      'end',
    ]);
    expect(view.flow[1]).toMatchObject({ historyActivityType: 'sequenceFlow' });
    expect(view.flow[2]).toMatchObject({ historyActivityType: 'candidate' });
    expect(view.flow.every((f) => typeof f.endTime === 'string' && f.endTime !== '')).toBe(true);
    const byDef = data<{ xml: string; flow: unknown[] }>(
      await get(
        u.employee,
        `/api/blade-flow/process/model-view?processDefinitionId=${encodeURIComponent(def)}`,
      ),
    );
    expect(byDef.flow).toEqual([]);

    const history = data<Record<string, unknown>[]>(
      await get(u.employee, `/api/blade-flow/process/history-flow-list?processInstanceId=${pid}`),
    );
    expect(history.map((h) => [h.historyActivityName, h.assigneeName, h.comment])).toEqual([
      ['开始', '张伟', ''],
      ['部门经理审批', '李娜', '同意'],
      ['人事审批', '王芳', '准假'],
      ['结束', '', ''],
    ]);
    for (const h of history) {
      expect(h.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(typeof h.historyActivityDurationTime).toBe('string');
    }
  });

  it('saves, deploys (new version per key), uploads, suspends and deletes deployments', async () => {
    refused(
      await post(u.admin, '/api/blade-flow/model/submit', { modelKey: 'routing', name: '', xml: '' }),
      400,
      400,
      '请输入模型名称',
    );
    refused(
      await post(u.admin, '/api/blade-flow/model/submit', {
        modelKey: 'other',
        name: '路由',
        xml: gatewayXml(),
      }),
      400,
      400,
      '与模型标识 other 不一致',
    );
    refused(
      await post(u.admin, '/api/blade-flow/model/submit', {
        modelKey: 'routing',
        name: '路由',
        category: 'flow_9',
        xml: gatewayXml(),
      }),
      400,
      400,
      '流程分类不存在',
    );
    const saved = data<{ id: string; version: number }>(
      await post(u.admin, '/api/blade-flow/model/submit', {
        modelKey: 'routing',
        name: '路由',
        category: 'flow_1',
        xml: gatewayXml(),
      }),
    );
    expect(saved.version).toBe(1);
    refused(
      await post(u.employee, '/api/blade-flow/model/submit', {
        modelKey: 'x',
        name: 'x',
        xml: gatewayXml('x'),
      }),
      403,
      403,
    );
    const models = data<{ records: Record<string, unknown>[] }>(
      await get(u.admin, '/api/blade-flow/model/list?name=路由'),
    );
    expect(models.records.map((r) => r.modelKey)).toEqual(['routing']);
    expect(models.records[0]).not.toHaveProperty('xml');
    expect(
      data<Record<string, unknown>>(await get(u.admin, `/api/blade-flow/model/detail?id=${saved.id}`)).xml,
    ).toContain('routing');
    const first = data<{ processDefinitionId: string; version: number }[]>(
      await post(u.admin, `/api/blade-flow/model/deploy?modelId=${saved.id}`),
    );
    const second = data<{ processDefinitionId: string; version: number; deploymentId: string }[]>(
      await post(u.admin, `/api/blade-flow/model/deploy?modelId=${saved.id}&category=flow_1`),
    );
    expect([first[0].version, second[0].version]).toEqual([1, 2]);
    expect(second[0].processDefinitionId).toMatch(/^routing:2:\d+$/);
    // the start list shows only the latest version of a key
    const starts = (await list(u.admin, 'start-list')).filter((r) => r.key === 'routing');
    expect(starts.map((r) => r.version)).toEqual([2]);

    // upload: two files, a bad extension refused
    const bad = multipart({ category: 'flow_1' }, [{ name: 'x.txt', content: gatewayXml('up') }]);
    refused(
      await post(u.admin, '/api/blade-flow/manager/deploy-upload', bad.payload, bad.headers),
      400,
      400,
      '只能上传',
    );
    const broken = multipart({}, [
      { name: 'up.bpmn', content: gatewayXml('up', '<bpmn:scriptTask id="z" />') },
    ]);
    refused(
      await post(u.admin, '/api/blade-flow/manager/deploy-upload', broken.payload, broken.headers),
      400,
      400,
      'scriptTask',
    );
    const other = multipart({ tenantIds: '100001' }, [{ name: 'up.bpmn', content: gatewayXml('up') }]);
    refused(
      await post(u.hr, '/api/blade-flow/manager/deploy-upload', other.payload, other.headers),
      403,
      403,
    );
    const good = multipart({ category: 'flow_1', tenantIds: '' }, [
      { name: 'up.bpmn', content: gatewayXml('up') },
      { name: 'down.bpmn20.xml', content: gatewayXml('down') },
    ]);
    const uploaded = data<{ processDefinitionId: string }[]>(
      await post(u.admin, '/api/blade-flow/manager/deploy-upload', good.payload, good.headers),
    );
    expect(uploaded.map((d) => d.processDefinitionId.split(':')[0])).toEqual(['up', 'down']);
    const managed = data<{ records: Record<string, unknown>[] }>(
      await get(u.admin, '/api/blade-flow/manager/list?key=routing'),
    );
    expect(managed.records.map((r) => r.version)).toEqual([2, 1]);
    expect(managed.records[0]).toMatchObject({
      suspensionState: 1,
      category: 'flow_1',
      resourceName: 'routing.bpmn20.xml',
    });

    // delete a deployment: it and its instances go
    data(
      await post(
        u.admin,
        `/api/blade-flow/manager/delete-deployment?deploymentIds=${second[0].deploymentId}`,
      ),
    );
    expect(
      data<{ records: unknown[] }>(await get(u.admin, '/api/blade-flow/manager/list?key=routing')).records,
    ).toHaveLength(1);
    refused(
      await post(
        u.admin,
        `/api/blade-flow/manager/delete-deployment?deploymentIds=${second[0].deploymentId}`,
      ),
      400,
      400,
      '流程部署不存在',
    );
    data(await post(u.admin, `/api/blade-flow/model/remove?ids=${saved.id}`));
    expect(data<{ total: number }>(await get(u.admin, '/api/blade-flow/model/list?name=路由')).total).toBe(0);
  });

  it('withdraws a key from the start list when its newest version is suspended', async () => {
    // a deploy that reaches the server twice (a double click) makes two versions of one key
    const model = data<{ id: string }>(
      await post(u.admin, '/api/blade-flow/model/submit', {
        modelKey: 'twice',
        name: '两次部署',
        category: 'flow_1',
        xml: gatewayXml('twice'),
      }),
    );
    const deployed = await Promise.all([
      post(u.admin, `/api/blade-flow/model/deploy?modelId=${model.id}`),
      post(u.admin, `/api/blade-flow/model/deploy?modelId=${model.id}`),
    ]);
    const versions = deployed.map((r) => data<{ processDefinitionId: string; version: number }[]>(r)[0]);
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2]);
    const newest = versions.find((v) => v.version === 2)!.processDefinitionId;
    const offered = async () =>
      (await list(u.employee, 'start-list')).filter((r) => r.key === 'twice').map((r) => r.version);
    expect(await offered()).toEqual([2]);

    // suspending the newest offers no version of the key (Flowable's latestVersion().active()),
    // never the older v1 that is still active
    data(await post(u.admin, `/api/blade-flow/manager/change-state?processId=${newest}&state=suspend`));
    expect(await offered()).toEqual([]);
    const byManager = data<{ records: Record<string, unknown>[] }>(
      await get(u.admin, '/api/blade-flow/manager/list?key=twice'),
    ).records.map((r) => [r.version, r.suspensionState]);
    expect(byManager).toEqual([
      [2, 2],
      [1, 1],
    ]);
    data(await post(u.admin, `/api/blade-flow/manager/change-state?processId=${newest}&state=active`));
    expect(await offered()).toEqual([2]);
  });

  it('shows a leave, its history and its diagram only to the people taking part', async () => {
    const def = await leaveDefinition(u.employee);
    const started = data<{ processInstanceId: string; businessId: string }>(
      await startLeave(u.employee, def, u.ids.leader),
    );
    await createUser(u.admin, app, { account: 'emp_other', roleId: '1123598816738675601' });
    const other = as(app, (await login(app, 'emp_other', 'secret1')).token);
    refused(
      await get(other, `/api/blade-desk/process/leave/detail?businessId=${started.businessId}`),
      400,
      400,
      '请假单不存在',
    );
    const pid = started.processInstanceId;
    refused(
      await get(other, `/api/blade-flow/process/model-view?processInstanceId=${pid}`),
      400,
      400,
      '流程实例不存在',
    );
    // the leader is a candidate of the open task; HR follows every instance
    data(await get(u.leader, `/api/blade-flow/process/model-view?processInstanceId=${pid}`));
    data(await get(u.hr, `/api/blade-desk/process/leave/detail?businessId=${started.businessId}`));
    data(await get(u.employee, `/api/blade-flow/process/history-flow-list?processInstanceId=${pid}`));
  });

  it('keeps tenants apart and answers in English', async () => {
    addTenant(app, '200001', [
      'work',
      'work_start',
      'work_start_start',
      'flow',
      'flow_deploy',
      'flow_deploy_delete',
    ]);
    const other = as(app, (await login(app, 'admin', 'secret', '200001')).token);
    expect(await list(other, 'start-list')).toEqual([]);
    const def = await leaveDefinition(u.employee);
    refused(await startLeave(other, def, u.ids.leader), 400, 400);
    const depId = def.split(':')[2];
    refused(
      await post(other, `/api/blade-flow/manager/delete-deployment?deploymentIds=${depId}`),
      403,
      400,
      '无权操作非本租户的数据',
    );
    const en = await get(u.employee, '/api/blade-flow/process/history-flow-list?processInstanceId=1', {
      'accept-language': 'en',
    });
    refused(en, 400, 400, 'The process instance does not exist');
    refused(await get(as(app, null), '/api/blade-flow/work/todo-list'), 401, 401);
  });
});
