import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { login } from '../helpers';
import { as, data, get, post, type Client } from '../system/helpers';

export const DEMO_PASSWORD = 'Demo@2025';
export const EMPLOYEE = 'emp_zhang';
export const LEADER = 'leader_li';
export const HR = 'hr_wang';

export interface FlowUsers {
  admin: Client;
  employee: Client;
  leader: Client;
  hr: Client;
  ids: Record<'employee' | 'leader' | 'hr', string>;
}

export async function flowUsers(app: FastifyInstance): Promise<FlowUsers> {
  const session = async (account: string, password = DEMO_PASSWORD) => login(app, account, password);
  const [a, e, l, h] = [
    await session('admin', 'admin'),
    await session(EMPLOYEE),
    await session(LEADER),
    await session(HR),
  ];
  return {
    admin: as(app, a.token),
    employee: as(app, e.token),
    leader: as(app, l.token),
    hr: as(app, h.token),
    ids: {
      employee: e.body.user_id as string,
      leader: l.body.user_id as string,
      hr: h.body.user_id as string,
    },
  };
}

export interface Page<T = Record<string, unknown>> {
  records: T[];
  total: number;
}

export const list = async (c: Client, name: string) =>
  data<Page>(await get(c, `/api/blade-flow/work/${name}?size=50`)).records;

/** The process definition id of the seeded leave process (latest active version). */
export async function leaveDefinition(c: Client): Promise<string> {
  const rows = await list(c, 'start-list');
  const leave = rows.find((r) => r.key === 'leave');
  if (!leave) throw new Error('no leave process in the start list');
  return leave.id as string;
}

export async function startLeave(
  c: Client,
  definitionId: string,
  approver: string,
  extra: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return post(c, '/api/blade-desk/process/leave/start-process', {
    processDefinitionId: definitionId,
    leaveType: 1,
    startTime: '2026-12-01 09:00:00',
    endTime: '2026-12-03 18:00:00',
    days: 3,
    reason: '家中有事',
    taskUser: approver,
    ...extra,
  });
}

/** A multipart body with fields and files, for `deploy-upload`. */
export function multipart(fields: Record<string, string>, files: { name: string; content: string }[]) {
  const boundary = '----flowtest' + Math.random().toString(16).slice(2);
  const parts: string[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  for (const f of files)
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: text/xml\r\n\r\n${f.content}\r\n`,
    );
  parts.push(`--${boundary}--\r\n`);
  return {
    payload: parts.join(''),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A small BPMN process: start → gateway on `days` → long (role hr) or short (the applicant) → end. */
export function gatewayXml(key = 'routing', extra = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" id="d1" targetNamespace="t">
  <bpmn:process id="${key}" name="路由测试" isExecutable="true">
    <bpmn:startEvent id="s" flowable:initiator="applyUser" />
    <bpmn:exclusiveGateway id="g" default="toShort" />
    <bpmn:userTask id="long" name="长假审批" flowable:candidateGroups="hr" />
    <bpmn:userTask id="short" name="短假确认" flowable:assignee="\${applyUser}" />
    <bpmn:endEvent id="e" />
    <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="g" />
    <bpmn:sequenceFlow id="toLong" sourceRef="g" targetRef="long">
      <bpmn:conditionExpression>\${days > 3 &amp;&amp; kind == 'annual'}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="toShort" sourceRef="g" targetRef="short" />
    <bpmn:sequenceFlow id="f2" sourceRef="long" targetRef="e" />
    <bpmn:sequenceFlow id="f3" sourceRef="short" targetRef="e" />${extra}
  </bpmn:process>
</bpmn:definitions>`;
}
