/**
 * Loads the data set into a new, migrated database in one synchronous transaction: either the whole
 * seed is there or none of it.
 *
 * - `minimal`: the system data of `fixtures/` (tenant 000000, admin/admin, client saber, roles, org,
 *   params, dictionaries, the full menu tree with its grants, top menus, regions) and the deployed
 *   leave process (`seed/flow.ts`).
 * - `demo`: minimal plus the PSI demo data set (DOMAIN.md section 5). That timeline runs through the
 *   server's services (submit, approve, ...), never by inserting rows, so the server supplies it as
 *   the `demo` layer; without one, `demo` seeds what `minimal` does.
 * - `large`: demo plus the benchmark volumes (QUALITY.md), supplied the same way as the `large` layer.
 */
import type { DatabaseHandle } from './client';
import * as schema from './schema/index';
import { flowWriteSteps } from './seed/flow';
import { loadSystemFixtures } from './seed/fixtures';
import { readReportFixtures, writeDefaultReports } from './seed/reports';
import { applyRecording, readRecording, recordedWriteSteps } from './seed/recorded';
import {
  auditStampFor,
  buildSystemRows,
  findSeedAdmin,
  systemWriteSteps,
  type AuditStamp,
} from './seed/system';

export type SeedKind = 'minimal' | 'demo' | 'large';

export interface SeedProgress {
  /** what was just written, e.g. `menus` */
  step: string;
  done: number;
  total: number;
}

export interface SeedContext {
  handle: DatabaseHandle;
  kind: SeedKind;
  /** audit columns for rows a layer writes directly: the seed admin, now */
  audit: AuditStamp;
  onProgress: (progress: SeedProgress) => void;
}

/** A data set laid over the system data, inside the seed's transaction (so never `async`). */
export type SeedLayer = (context: SeedContext) => void;

export interface SeedOptions {
  onProgress?: (progress: SeedProgress) => void;
  /** the PSI demo data set, for `demo` and `large` */
  demo?: SeedLayer;
  /** the benchmark volumes, for `large` only */
  large?: SeedLayer;
  /** another fixtures folder (tests); defaults to `fixtures/` at the repository root */
  fixturesDir?: string;
  /** the seed's create_time and update_time; defaults to now */
  now?: Date;
  /**
   * A recorded tenant (`SEED=recorded:<dir>`) laid over the system data; `onUnmapped` hears what
   * could not be placed (an empty list when everything was).
   */
  recorded?: { dir: string; onUnmapped: (unmapped: string[]) => void };
}

export { ADMIN_ACCOUNT, ADMIN_TENANT_ID } from './seed/system';
export { LEAVE_PROCESS, leaveProcessXml } from './seed/flow';
export { readReportFixtures, reportContent, writeDefaultReports, type ReportFixture } from './seed/reports';
export type { AuditStamp } from './seed/system';
export { loadSystemFixtures, type SystemFixtures } from './seed/fixtures';

/** True once the tenant table has a row: the seed (or a restore) has run. */
export function isSeeded(handle: DatabaseHandle): boolean {
  return handle.db.select({ id: schema.tenant.id }).from(schema.tenant).limit(1).all().length > 0;
}

function layersFor(kind: SeedKind, opts: SeedOptions): SeedLayer[] {
  const layers: (SeedLayer | undefined)[] =
    kind === 'minimal' ? [] : kind === 'demo' ? [opts.demo] : [opts.demo, opts.large];
  return layers.filter((layer): layer is SeedLayer => layer !== undefined);
}

export function seed(handle: DatabaseHandle, kind: SeedKind = 'minimal', opts: SeedOptions = {}): void {
  if (isSeeded(handle)) {
    throw new Error('The database is already seeded; seed only a new, migrated database.');
  }
  const onProgress = opts.onProgress ?? (() => undefined);
  const fixtures = loadSystemFixtures(opts.fixturesDir);
  const audit = auditStampFor(findSeedAdmin(fixtures.users), opts.now ?? new Date());
  // hash passwords and resolve grants before taking the write lock
  const reports = readReportFixtures(opts.fixturesDir);
  let rows = buildSystemRows(fixtures, audit);
  const recordedSteps = [];
  if (opts.recorded) {
    const applied = applyRecording(rows, readRecording(opts.recorded.dir), {
      overDemo: kind !== 'minimal',
      audit,
    });
    rows = applied.rows;
    recordedSteps.push(...recordedWriteSteps(handle.db, applied.extra));
    opts.recorded.onUnmapped(applied.unmapped);
  }
  const steps = [
    ...systemWriteSteps(handle.db, rows),
    ...recordedSteps,
    ...flowWriteSteps(handle.db, audit, opts.fixturesDir),
    {
      table: 'reports',
      write: () => {
        for (const t of rows.tenants) writeDefaultReports(handle.db, String(t.tenantId), audit, reports);
      },
    },
  ];
  const layers = layersFor(kind, opts);
  const context: SeedContext = { handle, kind, audit, onProgress };

  handle.sqlite.transaction(() => {
    steps.forEach((step, index) => {
      step.write();
      onProgress({ step: step.table, done: index + 1, total: steps.length });
    });
    for (const layer of layers) layer(context);
  })();
}
