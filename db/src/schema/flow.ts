/**
 * The workflow tables (`/blade-flow`, `/blade-desk/process/leave`): process models, deployments (one
 * process definition each, a new version per key and tenant), running instances, open user tasks and
 * the activity history. Every row carries its tenant; the engine writes each step in one synchronous
 * transaction.
 */
import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import { auditColumns, datetime, int, snowflake, tenantColumn } from './columns';

const live = sql`is_deleted = 0`;

/** A process model as drawn in the modeler (BPMN 2.0 XML); deploying it creates a deployment. */
export const flowModel = sqliteTable(
  'flow_model',
  {
    id: snowflake('id').primaryKey(),
    tenantId: tenantColumn(),
    /** the process id of the XML (`<process id=…>`) */
    modelKey: text('model_key').notNull(),
    name: text('name').notNull(),
    /** routing key of the `flow` dictionary: `flow_<dictKey>` */
    category: text('category'),
    description: text('description'),
    xml: text('xml').notNull(),
    /** bumped on every save */
    version: int('version').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('uk_flow_model_key').on(t.tenantId, t.modelKey).where(live)],
);

/**
 * A deployment and its process definition (one process per deployment). `definition_id` is the
 * Flowable-style `key:version:deploymentId`. Deleting a deployment removes the row and, in cascade,
 * its instances, tasks and history.
 */
export const flowDeployment = sqliteTable(
  'flow_deployment',
  {
    id: snowflake('id').primaryKey(),
    tenantId: tenantColumn(),
    definitionId: text('definition_id').notNull(),
    processKey: text('process_key').notNull(),
    name: text('name').notNull(),
    version: int('version').notNull(),
    category: text('category'),
    description: text('description'),
    resourceName: text('resource_name').notNull(),
    xml: text('xml').notNull(),
    /** 1 active, 2 suspended (Flowable's suspension state) */
    suspensionState: int('suspension_state').notNull().default(1),
    modelId: snowflake('model_id'),
    deployTime: datetime('deploy_time').notNull(),
    createUser: snowflake('create_user'),
  },
  (t) => [
    uniqueIndex('uk_flow_definition').on(t.definitionId),
    uniqueIndex('uk_flow_deployment_version').on(t.tenantId, t.processKey, t.version),
  ],
);

/** A process instance; `state` 1 running, 2 finished, 3 deleted (with `delete_reason`). */
export const flowInstance = sqliteTable(
  'flow_instance',
  {
    id: snowflake('id').primaryKey(),
    tenantId: tenantColumn(),
    deploymentId: snowflake('deployment_id').notNull(),
    definitionId: text('definition_id').notNull(),
    /** `<table>:<id>` of the business record, e.g. `blade_process_leave:123` */
    businessKey: text('business_key'),
    startUser: snowflake('start_user').notNull(),
    startUserName: text('start_user_name'),
    startTime: datetime('start_time').notNull(),
    endTime: datetime('end_time'),
    state: int('state').notNull().default(1),
    deleteReason: text('delete_reason'),
    /** process variables as a JSON object */
    variables: text('variables').notNull().default('{}'),
  },
  (t) => [
    index('idx_flow_instance_user').on(t.tenantId, t.startUser, t.startTime),
    index('idx_flow_instance_state').on(t.tenantId, t.state, t.startTime),
    index('idx_flow_instance_deployment').on(t.deploymentId),
  ],
);

/**
 * An open user task (the runtime table): removed when completed or when its instance is deleted; the
 * history row of the same id stays. Candidates are resolved when the task is created: user ids and
 * role aliases, comma-joined.
 */
export const flowTask = sqliteTable(
  'flow_task',
  {
    id: snowflake('id').primaryKey(),
    tenantId: tenantColumn(),
    instanceId: snowflake('instance_id').notNull(),
    activityId: text('activity_id').notNull(),
    name: text('name').notNull(),
    assignee: snowflake('assignee'),
    candidateUsers: text('candidate_users').notNull().default(''),
    candidateGroups: text('candidate_groups').notNull().default(''),
    createTime: datetime('create_time').notNull(),
    claimTime: datetime('claim_time'),
  },
  (t) => [
    index('idx_flow_task_instance').on(t.instanceId),
    index('idx_flow_task_assignee').on(t.tenantId, t.assignee),
  ],
);

/**
 * The history of every activity an instance passed: events, gateways, user tasks (with assignee,
 * comment and pass flag) and the sequence flows taken.
 */
export const flowActivity = sqliteTable(
  'flow_activity',
  {
    id: snowflake('id').primaryKey(),
    tenantId: tenantColumn(),
    instanceId: snowflake('instance_id').notNull(),
    activityId: text('activity_id').notNull(),
    activityName: text('activity_name'),
    /** startEvent, endEvent, userTask, exclusiveGateway, sequenceFlow */
    activityType: text('activity_type').notNull(),
    /** the task id for user tasks (equals the runtime task's id) */
    taskId: snowflake('task_id'),
    assignee: snowflake('assignee'),
    assigneeName: text('assignee_name'),
    comment: text('comment'),
    /** 1 passed, 0 rejected, null not a decision */
    pass: int('pass'),
    startTime: datetime('start_time').notNull(),
    endTime: datetime('end_time'),
    /** milliseconds from start to end */
    duration: int('duration'),
    deleteReason: text('delete_reason'),
    /** insertion order within an instance (times have second precision) */
    seq: int('seq').notNull(),
  },
  (t) => [
    index('idx_flow_activity_instance').on(t.instanceId, t.seq),
    index('idx_flow_activity_assignee').on(t.tenantId, t.assignee, t.activityType),
  ],
);

/** BladeX's `blade_process_leave`: a leave request and the instance that decides it. */
export const processLeave = sqliteTable(
  'blade_process_leave',
  {
    id: snowflake('id').primaryKey(),
    tenantId: tenantColumn(),
    processDefinitionId: text('process_definition_id').notNull(),
    processInstanceId: snowflake('process_instance_id'),
    /** `leave_type` dictionary key */
    leaveType: int('leave_type').notNull(),
    startTime: datetime('start_time').notNull(),
    endTime: datetime('end_time').notNull(),
    days: int('days').notNull(),
    reason: text('reason').notNull(),
    /** the approver chosen by the applicant (a user id) */
    taskUser: snowflake('task_user').notNull(),
    applyTime: datetime('apply_time').notNull(),
    ...auditColumns(),
  },
  (t) => [index('idx_process_leave_instance').on(t.processInstanceId)],
);
