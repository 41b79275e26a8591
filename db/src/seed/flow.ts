/**
 * The workflow part of every seed: the leave process (`fixtures/flow/leave.bpmn20.xml`) as a saved
 * model and its first deployment in the platform tenant, routed to the leave form by the `flow`
 * dictionary (`flow_1` → `leave`). The demo users and roles of the process are ordinary fixtures
 * (`staff`, `dept_leader`, `hr` in `roles.json`, `users.json`, `role-menus.json`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../client';
import { nextId } from '../model/id';
import * as schema from '../schema/index';
import { fixturesDir } from './fixtures';
import { ADMIN_TENANT_ID, type AuditStamp, type WriteStep } from './system';

export const LEAVE_PROCESS = {
  key: 'leave',
  name: '请假流程',
  category: 'flow_1',
  file: 'leave.bpmn20.xml',
  description: '员工请假：部门经理审批，人事审批；驳回后回到申请人调整',
} as const;

export function leaveProcessXml(dir: string = fixturesDir): string {
  return readFileSync(join(dir, 'flow', LEAVE_PROCESS.file), 'utf8');
}

export function flowWriteSteps(db: Db, audit: AuditStamp, dir?: string): WriteStep[] {
  const xml = leaveProcessXml(dir);
  const modelId = nextId();
  const deploymentId = nextId();
  return [
    {
      table: 'flow models',
      write: () => {
        db.insert(schema.flowModel)
          .values({
            id: modelId,
            tenantId: ADMIN_TENANT_ID,
            modelKey: LEAVE_PROCESS.key,
            name: LEAVE_PROCESS.name,
            category: LEAVE_PROCESS.category,
            description: LEAVE_PROCESS.description,
            xml,
            version: 1,
            ...audit,
          })
          .run();
        db.insert(schema.flowDeployment)
          .values({
            id: deploymentId,
            tenantId: ADMIN_TENANT_ID,
            definitionId: `${LEAVE_PROCESS.key}:1:${deploymentId}`,
            processKey: LEAVE_PROCESS.key,
            name: LEAVE_PROCESS.name,
            version: 1,
            category: LEAVE_PROCESS.category,
            description: LEAVE_PROCESS.description,
            resourceName: LEAVE_PROCESS.file,
            xml,
            suspensionState: 1,
            modelId,
            deployTime: audit.createTime,
            createUser: audit.createUser,
          })
          .run();
      },
    },
  ];
}
