import { defineResource } from './resource';
import { t, type Text } from './text';

/**
 * Fault injection of the stand-in (`FAULTS=on`, a developer tool): rules that make matching `/api`
 * calls slow, fail, look expired, throttled or cut off, and the `Blade-Fault` header that asks for one
 * fault on a single call. Declared once here: the server's rule engine, routes and validation and the
 * web's fault page and form all come from it.
 */

/** What a fault does to a matching call. */
export const FAULT_EFFECTS = ['delay', 'status', 'expire', 'throttle', 'drop'] as const;
export type FaultEffect = (typeof FAULT_EFFECTS)[number];

/** `*`: any method. */
export const FAULT_METHODS = ['*', 'GET', 'POST', 'PUT', 'DELETE'] as const;
export type FaultMethod = (typeof FAULT_METHODS)[number];

/** The request header asking for a fault on one call (Prism's `Prefer` habit). */
export const FAULT_HEADER = 'blade-fault';

/** Limits of a rule's numbers (the form's and the server's). */
export const FAULT_LIMITS = {
  delayMs: { min: 1, max: 60_000, default: 2000 },
  status: { min: 400, max: 599, default: 500 },
  retryAfter: { min: 1, max: 86_400, default: 30 },
  times: { min: 0, max: 1_000_000, default: 0 },
  percent: { min: 1, max: 100, default: 100 },
} as const;

export const faultEffectLabels: Record<FaultEffect, Text> = {
  delay: t('延迟', 'Delay'),
  status: t('错误状态', 'Error status'),
  expire: t('令牌过期', 'Expired token'),
  throttle: t('限流 429', 'Throttled (429)'),
  drop: t('断开连接', 'Dropped connection'),
};

export const faultTexts = {
  title: t('故障注入', 'Fault injection'),
  /** The default message of an injected error status. */
  injected: t('注入的故障: HTTP {status}', 'Injected fault: HTTP {status}'),
  headerNotUnderstood: t(
    '无法理解 Blade-Fault 请求头: {value} (可用: status=503, delay=2000, drop, expire, status=429; retry-after=30)',
    'The Blade-Fault header is not understood: {value} (use status=503, delay=2000, drop, expire, status=429; retry-after=30)',
  ),
  pathPattern: t(
    '路径须以 / 开头, * 匹配一段, 结尾的 /** 匹配其下所有路径',
    'The path starts with /; * matches one segment, a trailing /** everything below',
  ),
  notFound: t('故障规则不存在', 'The fault rule does not exist'),
};

const limitField = (
  name: keyof typeof FAULT_LIMITS,
  label: Text,
  extra: { inTable?: boolean; span?: number } = {},
) => ({
  name,
  kind: 'number' as const,
  label,
  min: FAULT_LIMITS[name].min,
  max: FAULT_LIMITS[name].max,
  defaultValue: FAULT_LIMITS[name].default,
  ...extra,
});

/**
 * A fault rule as the form edits it and `POST /blade-develop/fault/submit` takes it. The numbers of
 * the other effects keep their defaults and are ignored (a delay rule's status, for instance).
 */
export const faultResource = defineResource({
  key: 'fault',
  api: '/blade-develop/fault',
  title: t('故障规则', 'Fault rule'),
  permission: 'fault',
  tenant: 'none',
  ops: { add: true, edit: false, view: false, delete: true },
  dialogWidth: 720,
  fields: [
    {
      name: 'method',
      kind: 'select',
      label: t('请求方法', 'Method'),
      required: true,
      leftOutTakesDefault: true,
      defaultValue: '*',
      options: FAULT_METHODS.map((m) => ({ value: m, label: m === '*' ? t('任意', 'Any') : t(m, m) })),
      span: 6,
    },
    {
      name: 'path',
      kind: 'text',
      label: t('路径', 'Path'),
      required: true,
      maxLength: 200,
      pattern: { regex: '^/[^\\s?#]*$', message: faultTexts.pathPattern },
      span: 18,
      priority: 'key',
    },
    // who a rule is for is in its form and detail; the list keeps to what it does and how often
    { name: 'role', kind: 'text', label: t('角色别名', 'Role alias'), maxLength: 64, inTable: false },
    { name: 'account', kind: 'text', label: t('账号', 'Account'), maxLength: 64, inTable: false },
    {
      name: 'effect',
      kind: 'select',
      label: t('故障', 'Fault'),
      required: true,
      defaultValue: 'delay',
      options: FAULT_EFFECTS.map((e) => ({ value: e, label: faultEffectLabels[e] })),
    },
    limitField('delayMs', t('延迟(毫秒)', 'Delay (ms)')),
    limitField('status', t('HTTP 状态', 'HTTP status')),
    limitField('retryAfter', t('重试间隔(秒)', 'Retry after (s)'), { inTable: false }),
    {
      name: 'message',
      kind: 'text',
      label: t('消息', 'Message'),
      maxLength: 200,
      span: 24,
      inTable: false,
    },
    limitField('times', t('次数(0 为不限)', 'Calls (0: every call)')),
    limitField('percent', t('比例(%)', 'Share (%)'), { inTable: false }),
    // the counters, kept by the server (never taken from a submit)
    {
      name: 'source',
      kind: 'select',
      label: t('来源', 'Source'),
      readOnly: true,
      inTable: false,
      options: [
        { value: 'rule', label: t('规则', 'Rule') },
        { value: 'header', label: t('请求头 Blade-Fault', 'Blade-Fault header') },
      ],
    },
    { name: 'hits', kind: 'number', label: t('已注入', 'Applied'), readOnly: true },
    {
      name: 'remaining',
      kind: 'number',
      label: t('剩余', 'Left'),
      readOnly: true,
      unlimited: -1,
      inTable: false,
    },
    { name: 'lastHit', kind: 'datetime', label: t('最近注入', 'Last applied'), readOnly: true },
  ],
});

/** A rule on the wire (`GET /blade-develop/fault/list`), with its counters. */
export interface FaultRule {
  id: string;
  /** `rule`: added through the page or the API; `header`: the count of one `Blade-Fault` value. */
  source: 'rule' | 'header';
  method: FaultMethod;
  path: string;
  /** Role alias the caller must hold ('' any). */
  role: string;
  /** Account the caller must be ('' any). */
  account: string;
  effect: FaultEffect;
  delayMs: number;
  status: number;
  retryAfter: number;
  message: string;
  /** Apply to this many calls, then stop (0: every call). */
  times: number;
  /** Share of matching calls it applies to. */
  percent: number;
  /** Calls it still applies to (-1: no limit). */
  remaining: number;
  /** Faults applied so far. */
  hits: number;
  /** When it was last applied ('' never). */
  lastHit: string;
  createTime: string;
}

/** One fault to apply: the effect and its number. */
export interface FaultSpec {
  effect: FaultEffect;
  delayMs: number;
  status: number;
  retryAfter: number;
  message: string;
}

const header = {
  delay: /^delay=(\d+)$/,
  status: /^status=(\d{3})$/,
  retryAfter: /^retry-after=(\d+)$/,
};

const within = (name: keyof typeof FAULT_LIMITS, v: number) =>
  Number.isSafeInteger(v) && v >= FAULT_LIMITS[name].min && v <= FAULT_LIMITS[name].max;

/**
 * Reads a `Blade-Fault` header: `status=503`, `delay=2000`, `drop`, `expire`, `status=429` (with an
 * optional `; retry-after=30`). Null when it is not understood.
 */
export function parseFaultHeader(value: string): FaultSpec | null {
  const parts = value
    .split(/[;,]/)
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  const spec: FaultSpec = {
    effect: 'delay',
    delayMs: FAULT_LIMITS.delayMs.default,
    status: FAULT_LIMITS.status.default,
    retryAfter: FAULT_LIMITS.retryAfter.default,
    message: '',
  };
  let effect: FaultEffect | null = null;
  for (const part of parts) {
    const delay = header.delay.exec(part);
    const status = header.status.exec(part);
    const retry = header.retryAfter.exec(part);
    if (retry && within('retryAfter', Number(retry[1]))) spec.retryAfter = Number(retry[1]);
    else if (effect) return null;
    else if (part === 'drop' || part === 'expire') effect = part;
    else if (delay && within('delayMs', Number(delay[1]))) {
      effect = 'delay';
      spec.delayMs = Number(delay[1]);
    } else if (status && within('status', Number(status[1]))) {
      spec.status = Number(status[1]);
      effect = spec.status === 429 ? 'throttle' : spec.status === 401 ? 'expire' : 'status';
    } else return null;
  }
  if (!effect) return null;
  return { ...spec, effect };
}
