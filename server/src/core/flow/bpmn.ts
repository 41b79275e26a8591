/**
 * Our BPMN 2.0 subset: one process with a start event, end events, user tasks (assignee, candidate
 * users or candidate roles, Flowable/Activiti/Camunda attribute namespaces alike), exclusive gateways
 * with conditions on variables (and an optional default flow) and sequence flows. Parsed with
 * fast-xml-parser and validated as a graph before anything is stored.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Lang, Text } from '@psi/db/model';
import { ApiError } from '../errors';
import { checkList, compile, ExpressionError } from './expr';
import { flowMessages as m } from './messages';

export type NodeType = 'startEvent' | 'endEvent' | 'userTask' | 'exclusiveGateway';

export interface FlowNode {
  id: string;
  name: string;
  type: NodeType;
  /** start event: the variable that receives the starting user's id */
  initiator?: string;
  /** user task */
  assignee?: string;
  candidateUsers?: string;
  candidateGroups?: string;
  /** exclusive gateway: the flow taken when no condition holds */
  defaultFlow?: string;
}

export interface SequenceFlow {
  id: string;
  name: string;
  source: string;
  target: string;
  condition?: string;
}

export interface ProcessModel {
  key: string;
  name: string;
  documentation: string;
  nodes: Map<string, FlowNode>;
  flows: Map<string, SequenceFlow>;
  /** outgoing flows of each node, in document order */
  outgoing: Map<string, SequenceFlow[]>;
  startId: string;
}

const NODE_TYPES: NodeType[] = ['startEvent', 'endEvent', 'userTask', 'exclusiveGateway'];
const IGNORED = new Set([
  'documentation',
  'extensionElements',
  'textAnnotation',
  'association',
  'laneSet',
  '#text',
]);
const ID = /^[A-Za-z_][\w.-]{0,63}$/;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: true,
  // the XML entities (&amp; &lt; …); DOCTYPE declarations are refused before parsing
  processEntities: true,
  isArray: (name) => name === 'process' || NODE_TYPES.includes(name as NodeType) || name === 'sequenceFlow',
});

/** A BPMN problem, reported as a Blade 400 in the caller's language. */
const bpmnError = (text: Text, params: Record<string, string | number> = {}) =>
  new ApiError(400, 400, text, params);

type XmlNode = Record<string, unknown>;

const attr = (node: XmlNode, name: string): string | undefined => {
  const v = node[`@_${name}`];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
};

const textOf = (v: unknown): string | undefined => {
  if (typeof v === 'string') return v.trim() || undefined;
  if (v && typeof v === 'object' && '#text' in v) return textOf((v as XmlNode)['#text']);
  return undefined;
};

/** Parses and validates BPMN XML; throws a 400 `ApiError` naming the first problem. */
export function parseBpmn(xml: string): ProcessModel {
  if (/<!DOCTYPE/i.test(xml)) throw bpmnError(m.xmlDoctype);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw bpmnError(m.xmlInvalid, { detail: `${valid.err.msg} (line ${valid.err.line})` });
  const doc = parser.parse(xml) as XmlNode;
  const defs = doc.definitions as XmlNode | undefined;
  if (!defs || typeof defs !== 'object') throw bpmnError(m.noDefinitions);
  const processes = (defs.process as XmlNode[] | undefined) ?? [];
  if (processes.length !== 1) throw bpmnError(m.oneProcess);
  const proc = processes[0];
  const key = attr(proc, 'id');
  if (!key || !ID.test(key)) throw bpmnError(m.processId);

  for (const name of Object.keys(proc)) {
    if (name.startsWith('@_') || IGNORED.has(name)) continue;
    if (!NODE_TYPES.includes(name as NodeType) && name !== 'sequenceFlow')
      throw bpmnError(m.unsupported, { name });
  }

  const nodes = new Map<string, FlowNode>();
  const ids = new Set<string>();
  const claim = (id: string | undefined, name: string) => {
    if (!id) throw bpmnError(m.missingId, { name });
    if (ids.has(id)) throw bpmnError(m.duplicateId, { id });
    ids.add(id);
    return id;
  };
  for (const type of NODE_TYPES) {
    for (const el of (proc[type] as XmlNode[] | undefined) ?? []) {
      const node: XmlNode = typeof el === 'object' && el !== null ? el : {};
      const id = claim(attr(node, 'id'), type);
      const n: FlowNode = { id, type, name: attr(node, 'name') ?? id };
      if (type === 'startEvent') n.initiator = attr(node, 'initiator');
      if (type === 'userTask') {
        n.assignee = attr(node, 'assignee');
        n.candidateUsers = attr(node, 'candidateUsers');
        n.candidateGroups = attr(node, 'candidateGroups');
      }
      if (type === 'exclusiveGateway') n.defaultFlow = attr(node, 'default');
      nodes.set(id, n);
    }
  }
  const flows = new Map<string, SequenceFlow>();
  const outgoing = new Map<string, SequenceFlow[]>([...nodes.keys()].map((id) => [id, []]));
  const incoming = new Map<string, number>([...nodes.keys()].map((id) => [id, 0]));
  for (const el of (proc.sequenceFlow as XmlNode[] | undefined) ?? []) {
    const node: XmlNode = typeof el === 'object' && el !== null ? el : {};
    const id = claim(attr(node, 'id'), 'sequenceFlow');
    const source = attr(node, 'sourceRef');
    const target = attr(node, 'targetRef');
    if (!source || !target || !nodes.has(source) || !nodes.has(target)) throw bpmnError(m.flowRef, { id });
    const condition = textOf(node.conditionExpression);
    const f: SequenceFlow = { id, name: attr(node, 'name') ?? '', source, target, condition };
    flows.set(id, f);
    outgoing.get(source)!.push(f);
    incoming.set(target, incoming.get(target)! + 1);
  }

  const all = [...nodes.values()];
  const starts = all.filter((n) => n.type === 'startEvent');
  if (starts.length !== 1) throw bpmnError(m.oneStart);
  if (!all.some((n) => n.type === 'endEvent')) throw bpmnError(m.noEnd);
  const start = starts[0];
  if (incoming.get(start.id)! > 0) throw bpmnError(m.startIncoming);

  const checkExpr = (id: string, text: string | undefined, list = false) => {
    if (!text) return;
    try {
      if (list) checkList(text);
      else compile(text);
    } catch (e) {
      if (e instanceof ExpressionError) throw bpmnError(m.badExpression, { id, detail: e.message });
      throw e;
    }
  };

  for (const n of all) {
    const out = outgoing.get(n.id)!;
    if (n.type === 'endEvent' && out.length) throw bpmnError(m.endOutgoing, { id: n.id });
    if ((n.type === 'startEvent' || n.type === 'userTask') && out.length !== 1)
      throw bpmnError(m.singleOutgoing, { id: n.id });
    if (n.type === 'userTask') {
      if (!n.assignee && !n.candidateUsers && !n.candidateGroups)
        throw bpmnError(m.taskAssignee, { id: n.id });
      checkExpr(n.id, n.assignee, true);
      checkExpr(n.id, n.candidateUsers, true);
      checkExpr(n.id, n.candidateGroups, true);
    }
    if (n.type === 'exclusiveGateway') {
      if (!out.length) throw bpmnError(m.gatewayOutgoing, { id: n.id });
      if (n.defaultFlow && !out.some((f) => f.id === n.defaultFlow))
        throw bpmnError(m.badDefault, { id: n.id });
      for (const f of out) {
        if (!f.condition && f.id !== n.defaultFlow && out.length > 1)
          throw bpmnError(m.gatewayCondition, { id: n.id, flow: f.id });
        checkExpr(f.id, f.condition);
      }
    }
  }

  // every node reachable from the start, and every node can reach an end
  const reach = new Set<string>([start.id]);
  const queue = [start.id];
  while (queue.length) {
    for (const f of outgoing.get(queue.shift()!)!)
      if (!reach.has(f.target)) {
        reach.add(f.target);
        queue.push(f.target);
      }
  }
  for (const n of all) if (!reach.has(n.id)) throw bpmnError(m.unreachable, { id: n.id });
  const canEnd = new Set(all.filter((n) => n.type === 'endEvent').map((n) => n.id));
  for (let changed = true; changed;) {
    changed = false;
    for (const n of all)
      if (!canEnd.has(n.id) && outgoing.get(n.id)!.some((f) => canEnd.has(f.target))) {
        canEnd.add(n.id);
        changed = true;
      }
  }
  for (const n of all) if (!canEnd.has(n.id)) throw bpmnError(m.noWayOut, { id: n.id });

  return {
    key,
    name: attr(proc, 'name') ?? key,
    documentation: textOf((proc.documentation as unknown) ?? '') ?? '',
    nodes,
    flows,
    outgoing,
    startId: start.id,
  };
}

/** The message of a BPMN error in a language (for tests and logs). */
export const messageOf = (e: unknown, lang: Lang = 'zh') =>
  e instanceof ApiError ? e.messageIn(lang) : e instanceof Error ? e.message : String(e);
