/**
 * The wire shapes of `/blade-flow` (BladeX's `BladeFlow` rows as the queries select them: ids as
 * text, counts and versions as numbers, a missing value as `""`) and its request parameters.
 */
import { z } from 'zod';
import { emptyOrIdValue, formBody, idListValue, pageQuery } from '../../core/route-schemas';

const numberOrEmpty = z.union([z.number(), z.literal('')]);

/** The filters every work list reads. */
export const flowListQuery = z.looseObject({
  ...pageQuery,
  processDefinitionName: z.string().optional().describe('part of the process name'),
  name: z.string().optional().describe('part of the process name (when processDefinitionName is absent)'),
  category: z.string().optional().describe('a routing key of the flow dictionary (flow_<key>)'),
});

const instanceShape = {
  processInstanceId: z.string(),
  processDefinitionId: z.string(),
  processDefinitionKey: z.string(),
  processDefinitionName: z.string(),
  processDefinitionVersion: z.number(),
  category: z.string(),
  categoryName: z.string(),
  businessTable: z.string(),
  businessId: z.string(),
  startUser: z.string(),
  startUserName: z.string(),
};

/** `work/start-list`: the latest active version of every process key. */
export const startableRow = z.object({
  id: z.string().describe('the process definition id'),
  deploymentId: z.string(),
  key: z.string(),
  name: z.string(),
  version: z.number(),
  category: z.string(),
  categoryName: z.string(),
  description: z.string(),
  deploymentTime: z.string(),
  suspensionState: z.number().describe('1 active, 2 suspended'),
});

/** `work/claim-list`, `work/todo-list`: open tasks. */
export const taskRow = z.object({
  taskId: z.string(),
  taskName: z.string(),
  taskDefinitionKey: z.string(),
  ...instanceShape,
  createTime: z.string(),
  claimTime: z.string(),
  assignee: z.string(),
  assigneeName: z.string(),
  candidateGroups: z.string(),
  status: z.enum(['claim', 'todo']),
});

/** `work/send-list`, `follow/list`: instances. */
export const instanceRow = z.object({
  ...instanceShape,
  createTime: z.string(),
  endTime: z.string(),
  status: z.enum(['running', 'finished', 'deleted']),
  processIsFinished: z.number(),
  deleteReason: z.string(),
  suspensionState: z.number(),
  taskName: z.string().describe('the open tasks, comma-joined'),
});

/** `work/done-list`: tasks the caller completed. */
export const doneRow = z.object({
  taskId: z.string(),
  taskName: z.string(),
  taskDefinitionKey: z.string(),
  ...instanceShape,
  createTime: z.string(),
  endTime: z.string(),
  assignee: z.string(),
  assigneeName: z.string(),
  comment: z.string(),
  pass: numberOrEmpty.describe('1 passed, 0 rejected'),
  processIsFinished: z.number(),
  status: z.literal('finished'),
});

/** `manager/list`: deployments. */
export const deploymentRow = z.object({
  id: z.string().describe('the process definition id'),
  deploymentId: z.string(),
  tenantId: z.string(),
  key: z.string(),
  name: z.string(),
  version: z.number(),
  category: z.string(),
  categoryName: z.string(),
  resourceName: z.string(),
  deploymentTime: z.string(),
  suspensionState: z.number(),
  runningInstances: z.number(),
});

/** `model/list` rows; `detail` and `submit` add the diagram. */
export const modelRow = z.object({
  id: z.string(),
  tenantId: z.string(),
  modelKey: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  version: z.number(),
  createTime: z.string(),
  updateTime: z.string(),
});
export const modelDetail = modelRow.extend({ xml: z.string().describe('BPMN 2.0 XML') });

/** A deployment made by `model/deploy` or `manager/deploy-upload`. */
export const deployedRow = z.object({
  deploymentId: z.string(),
  processDefinitionId: z.string(),
  tenantId: z.string(),
  version: z.number(),
});

/** `process/model-view`: the diagram and the nodes the instance passed. */
export const modelView = z.object({
  xml: z.string(),
  flow: z.array(
    z.object({
      historyActivityId: z.string(),
      historyActivityType: z.enum(['sequenceFlow', 'candidate']),
      activityType: z.string(),
      endTime: z.string(),
    }),
  ),
});

/** `process/history-flow-list`: start, user tasks and end, in order. */
export const historyRow = z.object({
  historyActivityId: z.string(),
  historyActivityName: z.string(),
  historyActivityType: z.string(),
  taskId: z.string(),
  assignee: z.string(),
  assigneeName: z.string(),
  comment: z.string(),
  pass: numberOrEmpty,
  createTime: z.string(),
  endTime: z.string(),
  duration: numberOrEmpty.describe('milliseconds'),
  deleteReason: z.string(),
  historyActivityDurationTime: z.string().describe('the duration in words'),
});

export const completeBody = formBody({
  taskId: z.string().optional().describe('the task (required)'),
  processInstanceId: z.string().optional().describe('its instance'),
  flag: z
    .union([
      z.enum(['ok', 'pass', 'true', '1', 'reject', 'false', '0']),
      z.boolean(),
      z.literal(1),
      z.literal(0),
    ])
    .optional()
    .describe('ok/pass/true/1 pass, reject/false/0 reject (required)'),
  comment: z.string().max(500).optional().describe('up to 500 characters'),
  variables: z.record(z.string(), z.unknown()).optional().describe('process variables (an object)'),
});

export const modelBody = formBody({
  id: emptyOrIdValue.optional().describe('absent to add, set to edit'),
  modelKey: z.string().optional().describe('the process key (as in the XML)'),
  name: z.string().optional(),
  category: z.string().optional().describe('a routing key of the flow dictionary'),
  description: z.string().nullable().optional(),
  xml: z.string().optional().describe('BPMN 2.0 XML'),
});

export const deploymentIdsQuery = z.looseObject({ deploymentIds: idListValue.optional() });
