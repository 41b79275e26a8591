import type { ContractValidator, Violation } from './validate';
import { isAbsentAnswer } from './line';

/** One answer as the runner saw it. */
export interface Answer {
  status: number;
  body: unknown;
  ms: number;
}

/** Calls, timings and violations per endpoint (the documented route, or the raw path when undocumented). */
export interface EndpointStat {
  endpoint: string;
  documented: boolean;
  calls: number;
  times: number[];
  violations: Violation[];
  /** A documented route the backend does not have (404/405, or HTTP 200 with body code 404/405): how it answered. */
  absent?: string;
}

export interface CallOptions {
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  token?: string | null;
}

/**
 * Plain HTTP against the backend (fetch, no browser). Every answer is checked against the document
 * and counted under its endpoint.
 */
export class ContractClient {
  readonly stats = new Map<string, EndpointStat>();
  /** Paths of documented write calls, so `--read-only` can prove it sent none. */
  readonly writes: string[] = [];

  constructor(
    readonly baseUrl: string,
    readonly validator: ContractValidator,
    readonly basic: string,
    readonly lang: string,
  ) {}

  async call(method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
    const url = new URL(this.baseUrl.replace(/\/+$/, '') + path);
    for (const [k, v] of Object.entries(opts.query ?? {}))
      if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
    const headers: Record<string, string> = {
      authorization: this.basic,
      'accept-language': this.lang,
      ...(opts.token ? { 'blade-auth': `bearer ${opts.token}` } : {}),
      ...(opts.headers ?? {}),
    };
    let body: string | undefined;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    }
    if (method !== 'GET') this.writes.push(`${method} ${path}`);
    const started = performance.now();
    const res = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(60_000) });
    // a live stream (server-sent events) never ends: its opening is the answer, the body is not read
    const streaming = (res.headers.get('content-type') ?? '').includes('text/event-stream');
    if (streaming) await res.body?.cancel();
    const text = streaming ? '' : await res.text();
    const ms = performance.now() - started;
    let parsed: unknown = undefined;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    }
    const stat = this.statOf(method, path);
    stat.calls += 1;
    stat.times.push(ms);
    const code = parsed && typeof parsed === 'object' ? (parsed as { code?: unknown }).code : undefined;
    // a documented route the backend lacks is absent, its own kind of failure: its shape is not checked
    if (stat.documented && isAbsentAnswer(res.status, code)) {
      stat.absent ??= `HTTP ${res.status}${typeof code === 'number' ? ` code ${code}` : ''}`;
      return { status: res.status, body: parsed, ms };
    }
    const found = this.validator.check(method, path, res.status, parsed);
    for (const v of found ?? [])
      if (!stat.violations.some((o) => o.path === v.path && o.expected === v.expected))
        stat.violations.push(v);
    return { status: res.status, body: parsed, ms };
  }

  /** A scenario's own finding (wrong status, wrong state) counted like a schema violation. */
  flag(method: string, path: string, expected: string, seen: string) {
    const stat = this.statOf(method, path);
    if (stat.absent) return;
    stat.violations.push({ route: stat.endpoint, path: '$', expected, seen });
  }

  /** The figures of the documented operation a call matches (or of the call itself), kept once. */
  private statOf(method: string, path: string) {
    const op = this.validator.find(method, path);
    const endpoint = op ? `${op.method} ${op.path}` : `${method.toUpperCase()} ${path}`;
    let stat = this.stats.get(endpoint);
    if (!stat) {
      stat = { endpoint, documented: !!op, calls: 0, times: [], violations: [] };
      this.stats.set(endpoint, stat);
    }
    return stat;
  }
}

export function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}
