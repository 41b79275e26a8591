/**
 * The process engine: deployments, instances, user tasks and history in SQLite. Every public method
 * runs in one synchronous better-sqlite3 transaction (a savepoint when the caller already holds one),
 * so a step either happens whole or not at all. Status changes are conditional updates that must
 * change exactly one row; a second completion of the same task finds no open task and changes nothing.
 */
import type Database from 'better-sqlite3';
import { formatDateTime, nextId, type Text } from '@psi/db/model';
import type { flowDeployment, flowInstance, flowTask } from '@psi/db/schema';
import { ApiError, otherTenant } from '../errors';
import { parseBpmn, type FlowNode, type ProcessModel } from './bpmn';
import { evaluateCondition, ExpressionError, resolveList, type Value, type Variables } from './expr';
import { flowMessages as m } from './messages';
import type { DriverRow, WithText } from '../rows';

export interface Caller {
  userId: string;
  tenantId: string;
  roleAliases: string[];
  realName: string;
}

/** A deployment as `DEPLOYMENT_COLUMNS` selects it: the id as text, category and description never null. */
type DeploymentColumns = Omit<
  WithText<DriverRow<typeof flowDeployment>, 'id'>,
  'modelId' | 'createUser' | 'category' | 'description'
> & { category: string; description: string };

/** A deployment as the engine hands it out: its integers as numbers. */
export type DeploymentRow = Omit<DeploymentColumns, 'version' | 'suspensionState'> & {
  version: number;
  suspensionState: number;
};

/** A task as `TASK_COLUMNS` selects it: its ids as text. */
export type TaskRow = Omit<
  WithText<DriverRow<typeof flowTask>, 'id' | 'instanceId' | 'assignee'>,
  'claimTime'
>;

/** An instance as `instance()` selects it: its ids as text. */
type InstanceColumns = WithText<
  Pick<
    DriverRow<typeof flowInstance>,
    'id' | 'tenantId' | 'deploymentId' | 'definitionId' | 'state' | 'variables'
  >,
  'id' | 'deploymentId'
>;

type InstanceRow = Omit<InstanceColumns, 'state'> & { state: number };

const INSTANCE_RUNNING = 1;
const INSTANCE_FINISHED = 2;
const INSTANCE_DELETED = 3;
const RESERVED_VARIABLES = ['pass', 'comment'];

const fail = (text: Text, params: Record<string, string | number> = {}) =>
  new ApiError(400, 400, text, params);

const DEPLOYMENT_COLUMNS = `CAST(id AS TEXT) AS id, tenant_id AS tenantId, definition_id AS definitionId,
  process_key AS processKey, name, version, COALESCE(category, '') AS category,
  COALESCE(description, '') AS description, resource_name AS resourceName, xml,
  suspension_state AS suspensionState, deploy_time AS deployTime`;

const TASK_COLUMNS = `CAST(id AS TEXT) AS id, tenant_id AS tenantId, CAST(instance_id AS TEXT) AS instanceId,
  activity_id AS activityId, name, CAST(assignee AS TEXT) AS assignee, candidate_users AS candidateUsers,
  candidate_groups AS candidateGroups, create_time AS createTime`;

const toNumber = (v: unknown) => (typeof v === 'bigint' ? Number(v) : (v as number));

/** Whether a user may claim or complete a task: its assignee, or (unassigned) one of its candidates. */
function isCandidate(task: TaskRow, caller: Caller): boolean {
  if (task.assignee) return task.assignee === caller.userId;
  const users = task.candidateUsers.split(',').filter(Boolean);
  const groups = task.candidateGroups.split(',').filter(Boolean);
  return users.includes(caller.userId) || groups.some((g) => caller.roleAliases.includes(g));
}

/** Variables sent by a client: a JSON object of plain values, without the engine's reserved names. */
export function checkVariables(raw: unknown): Variables {
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw fail(m.badVariables);
  const out: Variables = {};
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (RESERVED_VARIABLES.includes(k)) throw fail(m.reservedVariable, { name: k });
    if (!/^[A-Za-z_$][\w$]{0,63}$/.test(k)) throw fail(m.badVariables);
    out[k] = v as Value;
  }
  return out;
}

export class FlowEngine {
  private readonly models = new Map<string, ProcessModel>();

  constructor(private readonly sqlite: Database.Database) {}

  private tx<T>(fn: () => T): T {
    return this.sqlite.transaction(fn)();
  }

  private now(): string {
    return formatDateTime();
  }

  /** The parsed model of a deployment (cached: a deployment's XML never changes). */
  modelOf(dep: Pick<DeploymentRow, 'id' | 'xml'>): ProcessModel {
    let model = this.models.get(dep.id);
    if (!model) {
      model = parseBpmn(dep.xml);
      this.models.set(dep.id, model);
    }
    return model;
  }

  userName(userId: string | null): string {
    if (!userId) return '';
    const row = this.sqlite
      .prepare<[bigint], { realName: string | null; name: string | null }>(
        'SELECT real_name AS realName, name FROM blade_user WHERE id = ?',
      )
      .get(BigInt(userId));
    return row?.realName || row?.name || '';
  }

  // ---------------------------------------------------------------- deployments

  deployment(tenantId: string, id: string): DeploymentRow | undefined {
    const row = this.sqlite
      .prepare<[bigint, string], DeploymentColumns>(
        `SELECT ${DEPLOYMENT_COLUMNS} FROM flow_deployment WHERE id = ? AND tenant_id = ?`,
      )
      .get(BigInt(id), tenantId);
    return row && { ...row, version: toNumber(row.version), suspensionState: toNumber(row.suspensionState) };
  }

  definition(tenantId: string, definitionId: string): DeploymentRow | undefined {
    const row = this.sqlite
      .prepare<[string, string], DeploymentColumns>(
        `SELECT ${DEPLOYMENT_COLUMNS} FROM flow_deployment WHERE definition_id = ? AND tenant_id = ?`,
      )
      .get(definitionId, tenantId);
    return row && { ...row, version: toNumber(row.version), suspensionState: toNumber(row.suspensionState) };
  }

  /** Deploys XML as the next version of its process key in a tenant. */
  deploy(
    tenantId: string,
    xml: string,
    opts: {
      category?: string | null;
      resourceName?: string;
      modelId?: string | null;
      userId?: string | null;
    },
  ): DeploymentRow {
    const model = parseBpmn(xml);
    return this.tx(() => {
      const max = this.sqlite
        .prepare<[string, string], { v: bigint | null }>(
          'SELECT MAX(version) AS v FROM flow_deployment WHERE tenant_id = ? AND process_key = ?',
        )
        .get(tenantId, model.key)!;
      const version = Number(max.v ?? 0) + 1;
      const id = nextId();
      const definitionId = `${model.key}:${version}:${id}`;
      this.sqlite
        .prepare(
          `INSERT INTO flow_deployment (id, tenant_id, definition_id, process_key, name, version, category,
             description, resource_name, xml, suspension_state, model_id, deploy_time, create_user)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`,
        )
        .run(
          BigInt(id),
          tenantId,
          definitionId,
          model.key,
          model.name,
          version,
          opts.category ?? null,
          model.documentation || null,
          opts.resourceName ?? `${model.key}.bpmn20.xml`,
          xml,
          opts.modelId ? BigInt(opts.modelId) : null,
          this.now(),
          opts.userId ? BigInt(opts.userId) : null,
        );
      return this.deployment(tenantId, id)!;
    });
  }

  /** `active` or `suspend` a process definition; a suspended one cannot start instances. */
  changeState(tenantId: string, definitionId: string, state: string): void {
    const target = state === 'active' ? 1 : state === 'suspend' ? 2 : 0;
    if (!target) throw fail(m.badState);
    this.tx(() => {
      const dep = this.definition(tenantId, definitionId);
      if (!dep) throw fail(m.definitionNotFound);
      const res = this.sqlite
        .prepare(
          'UPDATE flow_deployment SET suspension_state = ? WHERE id = ? AND tenant_id = ? AND suspension_state = ?',
        )
        .run(target, BigInt(dep.id), tenantId, target === 1 ? 2 : 1);
      if (res.changes !== 1) throw fail(m.stateUnchanged);
    });
  }

  /** Deletes deployments with their instances, tasks and history (Flowable's cascade delete). */
  deleteDeployments(tenantId: string, ids: string[]): void {
    this.tx(() => {
      for (const id of ids) {
        const owner = this.sqlite
          .prepare<[bigint], { t: string }>('SELECT tenant_id AS t FROM flow_deployment WHERE id = ?')
          .get(BigInt(id));
        if (!owner) throw fail(m.deploymentNotFound);
        if (owner.t !== tenantId) throw otherTenant();
      }
      for (const id of ids) {
        const dep = BigInt(id);
        const sub = 'SELECT id FROM flow_instance WHERE deployment_id = ?';
        this.sqlite.prepare(`DELETE FROM flow_task WHERE instance_id IN (${sub})`).run(dep);
        this.sqlite.prepare(`DELETE FROM flow_activity WHERE instance_id IN (${sub})`).run(dep);
        this.sqlite.prepare('DELETE FROM flow_instance WHERE deployment_id = ?').run(dep);
        this.sqlite.prepare('DELETE FROM flow_deployment WHERE id = ?').run(dep);
        this.models.delete(id);
      }
    });
  }

  // ---------------------------------------------------------------- instances

  private instance(tenantId: string, id: string): InstanceRow | undefined {
    const row = this.sqlite
      .prepare<[bigint, string], InstanceColumns>(
        `SELECT CAST(id AS TEXT) AS id, tenant_id AS tenantId, CAST(deployment_id AS TEXT) AS deploymentId,
           definition_id AS definitionId, state, variables FROM flow_instance WHERE id = ? AND tenant_id = ?`,
      )
      .get(BigInt(id), tenantId);
    return row && { ...row, state: toNumber(row.state) };
  }

  /** Starts an instance of an active definition and runs it to its first user task (or end). */
  start(
    caller: Caller,
    definitionId: string,
    variables: Variables = {},
    businessKey: string | null = null,
  ): { processInstanceId: string } {
    return this.tx(() => {
      const dep = this.definition(caller.tenantId, definitionId);
      if (!dep) throw fail(m.definitionNotFound);
      if (dep.suspensionState !== 1) throw fail(m.suspended);
      const model = this.modelOf(dep);
      const start = model.nodes.get(model.startId)!;
      const vars: Variables = { ...variables };
      if (start.initiator) vars[start.initiator] = caller.userId;
      const id = nextId();
      const now = this.now();
      this.sqlite
        .prepare(
          `INSERT INTO flow_instance (id, tenant_id, deployment_id, definition_id, business_key, start_user,
             start_user_name, start_time, state, variables) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
        )
        .run(
          BigInt(id),
          caller.tenantId,
          BigInt(dep.id),
          dep.definitionId,
          businessKey,
          BigInt(caller.userId),
          caller.realName,
          now,
          JSON.stringify(vars),
        );
      const run = new Run(this, this.sqlite, caller.tenantId, id, model, vars);
      run.record(start, { assignee: caller.userId, assigneeName: caller.realName, ended: true });
      run.leave(start);
      return { processInstanceId: id };
    });
  }

  /**
   * Whether a user takes part in an instance: its starter, someone who handled one of its steps, or a
   * candidate or assignee of one of its open tasks. Diagrams, histories and business records of an
   * instance are shown to these users (and to those who may follow every instance).
   */
  involved(caller: Caller, instanceId: string): boolean {
    const id = BigInt(instanceId);
    const user = BigInt(caller.userId);
    const direct = this.sqlite
      .prepare(
        `SELECT 1 FROM flow_instance WHERE id = ? AND tenant_id = ? AND start_user = ?
         UNION ALL SELECT 1 FROM flow_activity WHERE instance_id = ? AND assignee = ? LIMIT 1`,
      )
      .get(id, caller.tenantId, user, id, user);
    if (direct) return true;
    const open = this.sqlite
      .prepare<[bigint, string], TaskRow>(
        `SELECT ${TASK_COLUMNS} FROM flow_task WHERE instance_id = ? AND tenant_id = ?`,
      )
      .all(id, caller.tenantId);
    return open.some((t) => isCandidate(t, caller));
  }

  task(tenantId: string, taskId: string): TaskRow | undefined {
    const row = this.sqlite
      .prepare<[bigint, string], TaskRow>(
        `SELECT ${TASK_COLUMNS} FROM flow_task WHERE id = ? AND tenant_id = ?`,
      )
      .get(BigInt(taskId), tenantId);
    return row;
  }

  /** Claims an unassigned task for a candidate. */
  claim(caller: Caller, taskId: string): void {
    this.tx(() => {
      const task = this.task(caller.tenantId, taskId);
      if (!task) throw fail(m.taskNotFound);
      if (task.assignee) throw fail(m.alreadyClaimed);
      if (!isCandidate(task, caller)) throw fail(m.notCandidate);
      const now = this.now();
      const res = this.sqlite
        .prepare('UPDATE flow_task SET assignee = ?, claim_time = ? WHERE id = ? AND assignee IS NULL')
        .run(BigInt(caller.userId), now, BigInt(taskId));
      if (res.changes !== 1) throw fail(m.alreadyClaimed);
      this.sqlite
        .prepare(
          'UPDATE flow_activity SET assignee = ?, assignee_name = ? WHERE task_id = ? AND end_time IS NULL',
        )
        .run(BigInt(caller.userId), caller.realName, BigInt(taskId));
    });
  }

  /**
   * Completes a task with a pass/reject flag and a comment: the caller must be its assignee, or a
   * candidate of an unassigned task (which claims it). The instance then moves on.
   */
  complete(
    caller: Caller,
    input: {
      taskId: string;
      processInstanceId?: string | null;
      pass: boolean;
      comment?: string;
      variables?: Variables;
    },
  ): void {
    this.tx(() => {
      const task = this.task(caller.tenantId, input.taskId);
      if (!task) throw fail(m.taskNotFound);
      if (input.processInstanceId && input.processInstanceId !== task.instanceId)
        throw fail(m.instanceMismatch);
      if (!isCandidate(task, caller)) throw fail(task.assignee ? m.notAssignee : m.notCandidate);
      const gone = this.sqlite
        .prepare('DELETE FROM flow_task WHERE id = ? AND (assignee IS NULL OR assignee = ?)')
        .run(BigInt(task.id), BigInt(caller.userId));
      if (gone.changes !== 1) throw fail(m.taskNotFound);
      const inst = this.instance(caller.tenantId, task.instanceId);
      if (!inst || inst.state !== INSTANCE_RUNNING) throw fail(m.instanceEnded);
      const dep = this.deployment(caller.tenantId, inst.deploymentId)!;
      const model = this.modelOf(dep);
      const vars: Variables = { ...(JSON.parse(inst.variables) as Variables), ...(input.variables ?? {}) };
      vars.pass = input.pass;
      const now = this.now();
      this.sqlite
        .prepare(
          `UPDATE flow_activity SET assignee = ?, assignee_name = ?, comment = ?, pass = ?, end_time = ?,
             duration = (unixepoch(?) - unixepoch(start_time)) * 1000
           WHERE task_id = ? AND end_time IS NULL`,
        )
        .run(
          BigInt(caller.userId),
          caller.realName,
          input.comment ?? '',
          input.pass ? 1 : 0,
          now,
          now,
          BigInt(task.id),
        );
      const node = model.nodes.get(task.activityId);
      if (!node) throw fail(m.definitionNotFound);
      const run = new Run(this, this.sqlite, caller.tenantId, inst.id, model, vars);
      run.leave(node);
      run.saveVariables();
    });
  }

  /** Deletes a running instance: its open tasks go, its history is closed with the reason. */
  deleteInstance(tenantId: string, instanceId: string, reason: string): void {
    this.tx(() => {
      const inst = this.instance(tenantId, instanceId);
      if (!inst) throw fail(m.instanceNotFound);
      const now = this.now();
      const res = this.sqlite
        .prepare(
          'UPDATE flow_instance SET state = ?, end_time = ?, delete_reason = ? WHERE id = ? AND tenant_id = ? AND state = 1',
        )
        .run(INSTANCE_DELETED, now, reason, BigInt(instanceId), tenantId);
      if (res.changes !== 1) throw fail(m.instanceEnded);
      this.sqlite.prepare('DELETE FROM flow_task WHERE instance_id = ?').run(BigInt(instanceId));
      this.sqlite
        .prepare(
          `UPDATE flow_activity SET end_time = ?, delete_reason = ?,
             duration = (unixepoch(?) - unixepoch(start_time)) * 1000
           WHERE instance_id = ? AND end_time IS NULL`,
        )
        .run(now, reason, now, BigInt(instanceId));
    });
  }
}

/** One step of an instance: follows flows from a node until every path waits in a task or ends. */
class Run {
  private seq: number;

  constructor(
    private readonly engine: FlowEngine,
    private readonly sqlite: Database.Database,
    private readonly tenantId: string,
    private readonly instanceId: string,
    private readonly model: ProcessModel,
    private readonly vars: Variables,
  ) {
    const row = this.sqlite
      .prepare<[bigint], { s: bigint | number }>(
        'SELECT COALESCE(MAX(seq), 0) AS s FROM flow_activity WHERE instance_id = ?',
      )
      .get(BigInt(instanceId))!;
    this.seq = Number(row.s);
  }

  record(
    node: { id: string; name: string; type: string },
    opts: { taskId?: string; assignee?: string | null; assigneeName?: string; ended: boolean },
  ): void {
    const now = formatDateTime();
    this.seq += 1;
    this.sqlite
      .prepare(
        `INSERT INTO flow_activity (id, tenant_id, instance_id, activity_id, activity_name, activity_type, task_id,
           assignee, assignee_name, start_time, end_time, duration, seq)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        BigInt(nextId()),
        this.tenantId,
        BigInt(this.instanceId),
        node.id,
        node.name,
        node.type,
        opts.taskId ? BigInt(opts.taskId) : null,
        opts.assignee ? BigInt(opts.assignee) : null,
        opts.assigneeName ?? null,
        now,
        opts.ended ? now : null,
        opts.ended ? 0 : null,
        this.seq,
      );
  }

  private expr<T>(id: string, fn: () => T): T {
    try {
      return fn();
    } catch (e) {
      if (e instanceof ExpressionError) throw fail(m.expressionFailed, { id, detail: e.message });
      throw e;
    }
  }

  /** Leaves a node along its outgoing flow (a gateway picks the first flow whose condition holds). */
  leave(from: FlowNode): void {
    let node = from;
    for (let steps = 0; steps < 1000; steps++) {
      const out = this.model.outgoing.get(node.id) ?? [];
      let flow = out[0];
      if (node.type === 'exclusiveGateway') {
        const chosen = this.expr(node.id, () =>
          out.find(
            (f) => f.id !== node.defaultFlow && f.condition && evaluateCondition(f.condition, this.vars),
          ),
        );
        flow =
          chosen ??
          out.find((f) => f.id === node.defaultFlow) ??
          (out.length === 1 && !out[0].condition ? out[0] : (undefined as never));
        if (!flow) throw fail(m.noMatchingFlow, { id: node.id });
      }
      this.record({ id: flow.id, name: flow.name || flow.id, type: 'sequenceFlow' }, { ended: true });
      const next = this.model.nodes.get(flow.target)!;
      if (next.type === 'userTask') {
        this.createTask(next);
        return;
      }
      if (next.type === 'endEvent') {
        this.record(next, { ended: true });
        this.finish();
        return;
      }
      this.record(next, { ended: true });
      node = next;
    }
    throw fail(m.loop);
  }

  private createTask(node: FlowNode): void {
    const assignees = node.assignee ? this.expr(node.id, () => resolveList(node.assignee!, this.vars)) : [];
    const users = node.candidateUsers
      ? this.expr(node.id, () => resolveList(node.candidateUsers!, this.vars))
      : [];
    const groups = node.candidateGroups
      ? this.expr(node.id, () => resolveList(node.candidateGroups!, this.vars))
      : [];
    const assignee = assignees[0] ?? null;
    if (node.assignee && !assignee) throw fail(m.noAssignee, { id: node.id });
    if (assignee && !/^\d{1,19}$/.test(assignee)) throw fail(m.noAssignee, { id: node.id });
    if (!assignee && !users.length && !groups.length) throw fail(m.noAssignee, { id: node.id });
    const id = nextId();
    const now = formatDateTime();
    this.sqlite
      .prepare(
        `INSERT INTO flow_task (id, tenant_id, instance_id, activity_id, name, assignee, candidate_users,
           candidate_groups, create_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        BigInt(id),
        this.tenantId,
        BigInt(this.instanceId),
        node.id,
        node.name,
        assignee ? BigInt(assignee) : null,
        users.filter((u) => /^\d{1,19}$/.test(u)).join(','),
        groups.join(','),
        now,
      );
    this.record(node, {
      taskId: id,
      assignee,
      assigneeName: assignee ? this.engine.userName(assignee) : undefined,
      ended: false,
    });
  }

  private finish(): void {
    const res = this.sqlite
      .prepare('UPDATE flow_instance SET state = ?, end_time = ? WHERE id = ? AND state = 1')
      .run(INSTANCE_FINISHED, formatDateTime(), BigInt(this.instanceId));
    if (res.changes !== 1) throw fail(m.instanceEnded);
    this.sqlite.prepare('DELETE FROM flow_task WHERE instance_id = ?').run(BigInt(this.instanceId));
  }

  saveVariables(): void {
    this.sqlite
      .prepare('UPDATE flow_instance SET variables = ? WHERE id = ?')
      .run(JSON.stringify(this.vars), BigInt(this.instanceId));
  }
}

const engines = new WeakMap<Database.Database, FlowEngine>();

/** The one engine of a database (its parsed-model cache is shared by the flow and desk modules). */
export function flowEngineOf(sqlite: Database.Database): FlowEngine {
  let engine = engines.get(sqlite);
  if (!engine) {
    engine = new FlowEngine(sqlite);
    engines.set(sqlite, engine);
  }
  return engine;
}
