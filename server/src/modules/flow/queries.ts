/**
 * The read side of the workflow service: work lists, deployments, models, instances and the history
 * of one instance, as Blade pages of BladeX's `BladeFlow` rows. Every query is tenant-scoped.
 */
import type Database from 'better-sqlite3';
import type { Lang } from '@psi/db/model';
import type { Page, PageQuery } from '../../core/page';
import { pageOfSelect } from '../../core/scoped-list';
import type { Caller } from '../../core/flow/engine';

type Row = Record<string, unknown>;

/** bigint → number (counts, versions, flags); ids are selected as text already. */
function plain(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) out[k] = typeof v === 'bigint' ? Number(v) : v === null ? '' : v;
  return out;
}

/** `flow_<dictKey>` → dictionary label (routing key of the `flow` dictionary). */
const CATEGORY_NAME = `(SELECT d.dict_value FROM blade_dict d WHERE d.code = 'flow' AND d.is_deleted = 0
  AND d.parent_id <> 0 AND 'flow_' || d.dict_key = dep.category LIMIT 1)`;

/** The business table and id of a `table:id` business key. */
const BUSINESS = `COALESCE(substr(i.business_key, 1, instr(i.business_key, ':') - 1), '') AS businessTable,
  COALESCE(substr(i.business_key, instr(i.business_key, ':') + 1), '') AS businessId`;

const INSTANCE_FIELDS = `CAST(i.id AS TEXT) AS processInstanceId, i.definition_id AS processDefinitionId,
  dep.process_key AS processDefinitionKey, dep.name AS processDefinitionName,
  dep.version AS processDefinitionVersion, COALESCE(dep.category, '') AS category,
  COALESCE(${CATEGORY_NAME}, '') AS categoryName, ${BUSINESS},
  CAST(i.start_user AS TEXT) AS startUser, COALESCE(i.start_user_name, '') AS startUserName`;

export interface ListFilter {
  /** contains, on the process name */
  processDefinitionName?: string;
  category?: string;
}

function filters(f: ListFilter, alias = 'dep'): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (f.processDefinitionName) {
    parts.push(`${alias}.name LIKE ? ESCAPE '\\'`);
    params.push(`%${f.processDefinitionName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  if (f.category) {
    parts.push(`${alias}.category = ?`);
    params.push(f.category);
  }
  return { sql: parts.map((p) => ` AND ${p}`).join(''), params };
}

/** A page of a workflow list through the list engine's paging (`pageOfSelect`: same parameters and cache). */
function paged(
  sqlite: Database.Database,
  select: string,
  from: string,
  params: unknown[],
  order: string,
  q: PageQuery,
): Page<Row> {
  return pageOfSelect(sqlite, { select, from, params, order }, q, plain);
}

/** SQL that is true when the open task `t` offers itself to the caller (candidate user or role). */
function candidateSql(caller: Caller): { sql: string; params: unknown[] } {
  const groups = caller.roleAliases.map(() => `instr(',' || t.candidate_groups || ',', ',' || ? || ',') > 0`);
  return {
    sql: `(instr(',' || t.candidate_users || ',', ',' || ? || ',') > 0${groups.map((g) => ` OR ${g}`).join('')})`,
    params: [caller.userId, ...caller.roleAliases],
  };
}

export class FlowQueries {
  constructor(private readonly sqlite: Database.Database) {}

  /**
   * What a user may start: the latest version of every process key, offered only while that version is
   * active (Flowable's `latestVersion().active()`): suspending the newest version withdraws the key,
   * it never falls back to an older version that is still active.
   */
  startList(tenantId: string, f: ListFilter, q: PageQuery): Page<Row> {
    const w = filters(f);
    return paged(
      this.sqlite,
      `dep.definition_id AS id, CAST(dep.id AS TEXT) AS deploymentId, dep.process_key AS key, dep.name,
       dep.version, COALESCE(dep.category, '') AS category, COALESCE(${CATEGORY_NAME}, '') AS categoryName,
       COALESCE(dep.description, '') AS description, dep.deploy_time AS deploymentTime,
       dep.suspension_state AS suspensionState`,
      `FROM flow_deployment dep WHERE dep.tenant_id = ? AND dep.suspension_state = 1
         AND dep.version = (SELECT MAX(v.version) FROM flow_deployment v
                            WHERE v.tenant_id = dep.tenant_id AND v.process_key = dep.process_key)${w.sql}`,
      [tenantId, ...w.params],
      'dep.deploy_time DESC, dep.id DESC',
      q,
    );
  }

  private taskList(caller: Caller, where: string, params: unknown[], f: ListFilter, q: PageQuery): Page<Row> {
    const w = filters(f);
    return paged(
      this.sqlite,
      `CAST(t.id AS TEXT) AS taskId, t.name AS taskName, t.activity_id AS taskDefinitionKey,
       ${INSTANCE_FIELDS}, t.create_time AS createTime, COALESCE(t.claim_time, '') AS claimTime,
       CAST(t.assignee AS TEXT) AS assignee,
       COALESCE((SELECT u.real_name FROM blade_user u WHERE u.id = t.assignee), '') AS assigneeName,
       t.candidate_groups AS candidateGroups, CASE WHEN t.assignee IS NULL THEN 'claim' ELSE 'todo' END AS status`,
      `FROM flow_task t JOIN flow_instance i ON i.id = t.instance_id
         JOIN flow_deployment dep ON dep.id = i.deployment_id
       WHERE t.tenant_id = ? AND ${where}${w.sql}`,
      [caller.tenantId, ...params, ...w.params],
      't.create_time DESC, t.id DESC',
      q,
    );
  }

  /** Unassigned open tasks the caller is a candidate for. */
  claimList(caller: Caller, f: ListFilter, q: PageQuery): Page<Row> {
    const c = candidateSql(caller);
    return this.taskList(caller, `t.assignee IS NULL AND ${c.sql}`, c.params, f, q);
  }

  /** Open tasks assigned to the caller. */
  todoList(caller: Caller, f: ListFilter, q: PageQuery): Page<Row> {
    return this.taskList(caller, 't.assignee = ?', [BigInt(caller.userId)], f, q);
  }

  private instanceList(where: string, params: unknown[], f: ListFilter, q: PageQuery): Page<Row> {
    const w = filters(f);
    return paged(
      this.sqlite,
      `${INSTANCE_FIELDS}, i.start_time AS createTime, COALESCE(i.end_time, '') AS endTime,
       CASE i.state WHEN 1 THEN 'running' WHEN 2 THEN 'finished' ELSE 'deleted' END AS status,
       CASE WHEN i.state = 1 THEN 0 ELSE 1 END AS processIsFinished,
       COALESCE(i.delete_reason, '') AS deleteReason, dep.suspension_state AS suspensionState,
       COALESCE((SELECT group_concat(t.name, ',') FROM flow_task t WHERE t.instance_id = i.id), '') AS taskName`,
      `FROM flow_instance i JOIN flow_deployment dep ON dep.id = i.deployment_id WHERE ${where}${w.sql}`,
      [...params, ...w.params],
      'i.start_time DESC, i.id DESC',
      q,
    );
  }

  /** Instances the caller started. */
  sendList(caller: Caller, f: ListFilter, q: PageQuery): Page<Row> {
    return this.instanceList(
      'i.tenant_id = ? AND i.start_user = ?',
      [caller.tenantId, BigInt(caller.userId)],
      f,
      q,
    );
  }

  /** Every instance of the tenant (the follow screen), optionally only running or finished ones. */
  followList(tenantId: string, f: ListFilter & { state?: number; processInstanceId?: string }, q: PageQuery) {
    const parts = ['i.tenant_id = ?'];
    const params: unknown[] = [tenantId];
    if (f.state) {
      parts.push('i.state = ?');
      params.push(f.state);
    }
    if (f.processInstanceId && /^\d{1,19}$/.test(f.processInstanceId)) {
      parts.push('i.id = ?');
      params.push(BigInt(f.processInstanceId));
    }
    return this.instanceList(parts.join(' AND '), params, f, q);
  }

  /** Tasks the caller completed. */
  doneList(caller: Caller, f: ListFilter, q: PageQuery): Page<Row> {
    const w = filters(f);
    return paged(
      this.sqlite,
      `CAST(a.task_id AS TEXT) AS taskId, a.activity_name AS taskName, a.activity_id AS taskDefinitionKey,
       ${INSTANCE_FIELDS}, a.start_time AS createTime, a.end_time AS endTime,
       CAST(a.assignee AS TEXT) AS assignee, COALESCE(a.assignee_name, '') AS assigneeName,
       COALESCE(a.comment, '') AS comment, a.pass AS pass,
       CASE WHEN i.state = 1 THEN 0 ELSE 1 END AS processIsFinished, 'finished' AS status`,
      `FROM flow_activity a JOIN flow_instance i ON i.id = a.instance_id
         JOIN flow_deployment dep ON dep.id = i.deployment_id
       WHERE a.tenant_id = ? AND a.activity_type = 'userTask' AND a.assignee = ?
         AND a.end_time IS NOT NULL AND a.delete_reason IS NULL${w.sql}`,
      [caller.tenantId, BigInt(caller.userId), ...w.params],
      'a.end_time DESC, a.id DESC',
      q,
    );
  }

  /** Every deployment (all versions) of the tenant. */
  managerList(tenantId: string, f: ListFilter & { key?: string }, q: PageQuery): Page<Row> {
    const w = filters(f);
    const byKey = f.key ? ' AND dep.process_key = ?' : '';
    return paged(
      this.sqlite,
      `dep.definition_id AS id, CAST(dep.id AS TEXT) AS deploymentId, dep.tenant_id AS tenantId,
       dep.process_key AS key, dep.name, dep.version, COALESCE(dep.category, '') AS category,
       COALESCE(${CATEGORY_NAME}, '') AS categoryName, dep.resource_name AS resourceName,
       dep.deploy_time AS deploymentTime, dep.suspension_state AS suspensionState,
       (SELECT COUNT(*) FROM flow_instance i WHERE i.deployment_id = dep.id AND i.state = 1) AS runningInstances`,
      `FROM flow_deployment dep WHERE dep.tenant_id = ?${w.sql}${byKey}`,
      [tenantId, ...w.params, ...(f.key ? [f.key] : [])],
      'dep.deploy_time DESC, dep.id DESC',
      q,
    );
  }

  /** Nodes and flows an instance passed, for the diagram (see docs/decisions.md). */
  flowNodes(instanceId: string): Row[] {
    const rows = this.sqlite
      .prepare<[bigint], { historyActivityId: string; type: string; endTime: string }>(
        `SELECT activity_id AS historyActivityId, activity_type AS type, COALESCE(end_time, '') AS endTime
         FROM flow_activity WHERE instance_id = ? ORDER BY seq`,
      )
      .all(BigInt(instanceId));
    return rows.map((r) => ({
      historyActivityId: r.historyActivityId,
      historyActivityType: r.type === 'sequenceFlow' ? 'sequenceFlow' : 'candidate',
      activityType: r.type,
      endTime: r.endTime,
    }));
  }

  /** The approval history: start, user tasks (open ones too) and end, in order. */
  historyFlowList(instanceId: string, lang: Lang): Row[] {
    const rows = this.sqlite
      .prepare<[bigint], Row>(
        `SELECT activity_id AS historyActivityId, activity_name AS historyActivityName,
           activity_type AS historyActivityType, CAST(task_id AS TEXT) AS taskId, CAST(assignee AS TEXT) AS assignee,
           COALESCE(assignee_name, '') AS assigneeName, COALESCE(comment, '') AS comment, pass,
           start_time AS createTime, COALESCE(end_time, '') AS endTime, duration, COALESCE(delete_reason, '') AS deleteReason
         FROM flow_activity WHERE instance_id = ? AND activity_type IN ('startEvent', 'userTask', 'endEvent')
         ORDER BY seq`,
      )
      .all(BigInt(instanceId));
    return rows.map((r) => {
      const row = plain(r);
      const ms = r.duration === null ? null : Number(r.duration);
      return { ...row, historyActivityDurationTime: ms === null ? '' : formatDuration(ms, lang) };
    });
  }
}

/** `1天2小时3分4秒` / `1d 2h 3m 4s`, leading zero units left out. */
function formatDuration(ms: number, lang: Lang): string {
  let s = Math.max(0, Math.round(ms / 1000));
  const units: [number, string, string][] = [
    [86400, '天', 'd'],
    [3600, '小时', 'h'],
    [60, '分', 'm'],
    [1, '秒', 's'],
  ];
  const parts: string[] = [];
  for (const [size, zh, en] of units) {
    const n = Math.floor(s / size);
    s -= n * size;
    if (n || (parts.length === 0 && size === 1)) parts.push(lang === 'zh' ? `${n}${zh}` : `${n}${en}`);
  }
  return parts.join(lang === 'zh' ? '' : ' ');
}
