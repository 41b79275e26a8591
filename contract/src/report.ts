import { median, type EndpointStat } from './http';
import type { ScenarioResult } from './kit';
import type { Violation } from './validate';
import type { BladeLine } from './line';

export interface RunResult {
  line: BladeLine;
  endpoints: EndpointStat[];
  scenarios: ScenarioResult[];
  violations: Violation[];
  /** Documented routes the backend does not have, with how each answered (`GET /x  HTTP 404`). */
  absent: string[];
  /** Documented GET routes in scope that no scenario called. */
  uncalled: string[];
  /** Documented GET routes `--scope` left out. */
  notWalked: string[];
  /** Non-GET calls sent (empty with `--read-only`). */
  writes: string[];
  /** Clean documented routes and passed scenarios. */
  passed: number;
  /** Absent or violated routes and failed scenarios. */
  failed: number;
  ok: boolean;
}

/** The counts of the last line: what was checked and held, and what was checked and did not. */
export function countResult(endpoints: EndpointStat[], scenarios: ScenarioResult[]) {
  const bad = (e: EndpointStat) => !!e.absent || e.violations.length > 0;
  const passed =
    endpoints.filter((e) => e.documented && e.calls > 0 && !bad(e)).length +
    scenarios.filter((s) => s.status === 'passed').length;
  const failed = endpoints.filter(bad).length + scenarios.filter((s) => s.status === 'failed').length;
  return { passed, failed };
}

const STRICTER = ' [this product’s stricter choice, not Blade’s]';

/**
 * The report: the per-endpoint table (calls, violations, p50 ms), the scenarios, then the absent,
 * violated, skipped and not walked routes, and last, alone on its line, `N passed, N failed`.
 */
export function formatTable(result: RunResult): string {
  const rows = result.endpoints.map((e) => [
    e.endpoint + (e.documented ? '' : ' (undocumented)') + (e.absent ? ' (absent)' : ''),
    String(e.calls),
    String(e.violations.length),
    median(e.times).toFixed(1),
  ]);
  const head = ['endpoint', 'calls', 'violations', 'p50 ms'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const out = [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
  out.push('', `scenarios (line ${result.line}):`);
  for (const s of result.scenarios)
    out.push(
      `  ${s.status.padEnd(10)} ${s.name}${s.stricter ? STRICTER : ''}${s.detail ? `: ${s.detail}` : ''}`,
    );
  const section = (title: string, items: string[]) => {
    if (items.length) out.push('', `${title} (${items.length}):`, ...items.map((i) => `  ${i}`));
  };
  section('absent: documented routes the backend does not have', result.absent);
  section(
    'violations',
    result.violations.map((v) => `${v.route}  ${v.path}  expected ${v.expected}, seen ${v.seen}`),
  );
  section(
    'skipped',
    result.scenarios.filter((s) => s.status === 'skipped').map((s) => `scenario ${s.name}: ${s.detail}`),
  );
  section('skipped: documented GET routes never called', result.uncalled);
  section('not walked', [
    ...result.scenarios
      .filter((s) => s.status === 'not walked')
      .map((s) => `scenario ${s.name}: ${s.detail}`),
    ...result.notWalked.map((r) => `${r}: outside --scope`),
  ]);
  out.push(
    '',
    result.ok ? 'contract: passed' : 'contract: FAILED',
    `${result.passed} passed, ${result.failed} failed`,
  );
  return out.join('\n');
}

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JUnit XML: one test case per endpoint (its violations as the failure) and per scenario. */
export function formatJunit(result: RunResult): string {
  const cases: string[] = [];
  for (const e of result.endpoints) {
    const time = (e.times.reduce((a, b) => a + b, 0) / 1000).toFixed(3);
    const problems = [
      ...(e.absent ? [`absent: the backend does not have this route (${e.absent})`] : []),
      ...e.violations.map((v) => `${v.path}: expected ${v.expected}, seen ${v.seen}`),
    ];
    const failure = problems.length
      ? `<failure message="${xml(e.absent ? 'absent' : `${e.violations.length} violation(s)`)}">${xml(problems.join('\n'))}</failure>`
      : '';
    cases.push(
      `    <testcase classname="endpoints" name="${xml(e.endpoint)}" time="${time}">${failure}</testcase>`,
    );
  }
  for (const s of result.scenarios) {
    const inner =
      s.status === 'failed'
        ? `<failure message="${xml(s.detail)}"/>`
        : s.status === 'skipped' || s.status === 'not walked'
          ? `<skipped message="${xml(s.detail)}"/>`
          : '';
    cases.push(
      `    <testcase classname="scenarios" name="${xml(s.name)}" time="${(s.ms / 1000).toFixed(3)}">${inner}</testcase>`,
    );
  }
  const failures =
    result.endpoints.filter((e) => e.absent || e.violations.length).length +
    result.scenarios.filter((s) => s.status === 'failed').length;
  const skipped = result.scenarios.filter((s) => s.status === 'skipped').length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract" tests="${cases.length}" failures="${failures}">`,
    `  <testsuite name="contract" tests="${cases.length}" failures="${failures}" skipped="${skipped}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
