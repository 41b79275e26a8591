import type { Violation } from '@psi/contract/validate';
import { formatDateTime, type DriftRow } from '@psi/db/model';

/** Distinct drifts kept at most (a badly broken upstream must not grow the proxy's memory). */
const MAX_ROWS = 2000;

/** The drift report: violations folded by route, JSON path and expectation. */
export class DriftReport {
  private readonly rows = new Map<string, DriftRow>();

  record(v: Violation, at = new Date()): DriftRow | undefined {
    const key = `${v.route}\u0000${v.path}\u0000${v.expected}`;
    const now = formatDateTime(at);
    const row = this.rows.get(key);
    if (row) {
      row.count += 1;
      row.lastSeen = now;
      row.seen = v.seen;
      return row;
    }
    if (this.rows.size >= MAX_ROWS) return undefined;
    const fresh = { ...v, count: 1, firstSeen: now, lastSeen: now };
    this.rows.set(key, fresh);
    return fresh;
  }

  list(): DriftRow[] {
    return [...this.rows.values()].sort(
      (a, b) =>
        b.lastSeen.localeCompare(a.lastSeen) ||
        a.route.localeCompare(b.route) ||
        a.path.localeCompare(b.path),
    );
  }
}
