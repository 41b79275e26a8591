import { formatDateTime, nextId, type FaultMethod, type FaultRule, type FaultSpec } from '@psi/db/model';
import { scopePathMatches } from '../core/access';

/** A rule as submitted (the form's fields), before it gets its id and counters. */
export interface FaultInput extends FaultSpec {
  method: FaultMethod;
  path: string;
  role: string;
  account: string;
  times: number;
  percent: number;
}

/** What a fault rule is matched against: the call and the caller its token names. */
export interface FaultCall {
  method: string;
  /** The path without `/api` and without the query (`/blade-system/param/list`). */
  path: string;
  account: string;
  roles: string[];
}

const MAX_RULES = 200;

/**
 * The fault rules of a running server, in memory only (a developer tool: a restart forgets them). The
 * first active rule that matches a call applies to it; `times` rules stop after that many faults and
 * `percent` rules apply to that share of the calls they match. Every applied fault is counted on its
 * rule, and faults asked for with the `Blade-Fault` header on rows of their own, one per header value.
 */
export class FaultBook {
  private readonly rules = new Map<string, FaultRule>();
  private readonly headerRows = new Map<string, FaultRule>();

  constructor(private readonly random: () => number = Math.random) {}

  list(): FaultRule[] {
    return [...this.rules.values(), ...this.headerRows.values()].map((r) => ({ ...r }));
  }

  /** A rule added through the page or the API (a header row is not one). */
  rule(id: string): FaultRule | undefined {
    const rule = this.rules.get(id);
    return rule && { ...rule };
  }

  /** Adds a rule, or replaces the settings of rule `id` (its counters stay). */
  save(input: FaultInput, id?: string): FaultRule {
    const old = id ? this.rules.get(id) : undefined;
    if (!old && this.rules.size >= MAX_RULES) this.rules.delete(this.rules.keys().next().value!);
    const rule: FaultRule = {
      id: old?.id ?? nextId(),
      source: 'rule',
      ...input,
      remaining: 0,
      hits: old?.hits ?? 0,
      lastHit: old?.lastHit ?? '',
      createTime: old?.createTime ?? formatDateTime(),
    };
    rule.remaining = remainingOf(rule);
    this.rules.set(rule.id, rule);
    return { ...rule };
  }

  /** Removes rules (and header rows, which resets their count); how many were removed. */
  remove(ids: string[]): number {
    let removed = 0;
    for (const id of ids) {
      if (this.rules.delete(id)) removed++;
      for (const [key, row] of this.headerRows) if (row.id === id && this.headerRows.delete(key)) removed++;
    }
    return removed;
  }

  /** The rule that applies to a call, already counted; null when none does. */
  pick(call: FaultCall): FaultRule | null {
    for (const rule of this.rules.values()) {
      if (rule.times > 0 && rule.hits >= rule.times) continue;
      if (!matches(rule, call)) continue;
      if (rule.percent < 100 && this.random() * 100 >= rule.percent) continue;
      return this.count(rule);
    }
    return null;
  }

  /** Counts a fault asked for with the header, on the row of its value. */
  countHeader(value: string, spec: FaultSpec): FaultRule {
    const key = value.trim().toLowerCase();
    let row = this.headerRows.get(key);
    if (!row) {
      row = {
        id: nextId(),
        source: 'header',
        method: '*',
        path: '/**',
        role: '',
        account: '',
        ...spec,
        times: 0,
        percent: 100,
        remaining: -1,
        hits: 0,
        lastHit: '',
        createTime: formatDateTime(),
      };
      this.headerRows.set(key, row);
    }
    return this.count(row);
  }

  private count(rule: FaultRule): FaultRule {
    rule.hits++;
    rule.lastHit = formatDateTime();
    rule.remaining = remainingOf(rule);
    return { ...rule };
  }
}

function remainingOf(rule: Pick<FaultRule, 'times' | 'hits'>): number {
  return rule.times > 0 ? Math.max(0, rule.times - rule.hits) : -1;
}

function matches(rule: FaultRule, call: FaultCall): boolean {
  if (rule.method !== '*' && rule.method !== call.method) return false;
  if (!scopePathMatches(rule.path, call.path)) return false;
  if (rule.role && !call.roles.includes(rule.role)) return false;
  if (rule.account && rule.account !== call.account) return false;
  return true;
}
