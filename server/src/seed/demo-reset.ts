/**
 * Resetting the demo between presentations: right after the demo data is seeded, a snapshot of the
 * database is kept beside it (`demo-snapshot.db`, written with `VACUUM INTO`); a reset copies it back
 * into the live database in one transaction, on the server's own connection, so no restart is needed
 * and prepared statements stay valid. Sessions signed in before a reset are refused afterwards: the
 * reset time is kept in `demo-reset-at` beside the database, and tokens issued earlier no longer verify
 * (also when `pnpm demo:reset` ran in another process while the server was up).
 */
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { AppContext } from '../core/context';
import type { TokenService } from '../core/jwt';

const SNAPSHOT_FILE = 'demo-snapshot.db';
const RESET_AT_FILE = 'demo-reset-at';

const snapshotPath = (dataDir: string) => path.join(dataDir, SNAPSHOT_FILE);
const resetAtPath = (dataDir: string) => path.join(dataDir, RESET_AT_FILE);

/** Whether the data in `dataDir` was seeded as a demo (and so can be reset). */
export const canResetDemo = (dataDir: string) => fs.existsSync(snapshotPath(dataDir));

/**
 * The tenants of data seeded as a demo, for the sign-in form (`demoTenants` of the served site); an
 * empty list for real data, whose tenants are not told to anyone who has not signed in.
 */
export function demoTenants(
  sqlite: Database.Database,
  dataDir: string,
): { tenantId: string; tenantName: string }[] {
  if (!canResetDemo(dataDir)) return [];
  return sqlite
    .prepare<[], { tenantId: string; tenantName: string }>(
      `SELECT tenant_id AS tenantId, tenant_name AS tenantName FROM blade_tenant
       WHERE is_deleted = 0 AND status = 1 ORDER BY tenant_id`,
    )
    .all();
}

/** Keeps the freshly seeded demo database as the reset's source. */
export function snapshotDemo(sqlite: Database.Database, dataDir: string): void {
  const file = snapshotPath(dataDir);
  fs.rmSync(file, { force: true });
  sqlite.prepare('VACUUM INTO ?').run(file);
}

/** Tables a reset copies: all but SQLite's own, the migration journal and the title index's internals. */
function copiedTables(sqlite: Database.Database, schema: 'main' | 'snapshot'): string[] {
  const rows = sqlite
    .prepare<[], { name: string }>(
      `SELECT name FROM ${schema}.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
       AND name NOT LIKE '%_fts%' AND name <> '__drizzle_migrations' ORDER BY name`,
    )
    .all();
  return rows.map((r) => r.name);
}

/** The session guard of each served database, told at once when this process resets it. */
const guards = new WeakMap<Database.Database, () => void>();

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Copies the snapshot back into the live database in one transaction (foreign keys checked at its
 * end), rebuilds the title index and starts a new session epoch. Returns the milliseconds it took.
 */
export function restoreDemo(sqlite: Database.Database, dataDir: string, now = Date.now()): number {
  const started = performance.now();
  const file = snapshotPath(dataDir);
  if (!fs.existsSync(file))
    throw new Error('This database was not seeded as a demo: there is nothing to reset to.');
  sqlite.prepare('ATTACH DATABASE ? AS snapshot').run(file);
  try {
    const live = new Set(copiedTables(sqlite, 'main'));
    const tables = copiedTables(sqlite, 'snapshot').filter((t) => live.has(t));
    sqlite.transaction(() => {
      sqlite.pragma('defer_foreign_keys = ON');
      for (const table of tables) {
        const columns = sqlite
          .prepare<[string], { name: string }>(`SELECT name FROM pragma_table_info(?, 'snapshot')`)
          .all(table)
          .map((c) => quote(c.name))
          .join(', ');
        sqlite.prepare(`DELETE FROM main.${quote(table)}`).run();
        sqlite
          .prepare(
            `INSERT INTO main.${quote(table)} (${columns}) SELECT ${columns} FROM snapshot.${quote(table)}`,
          )
          .run();
      }
      const fts = sqlite.prepare(`SELECT 1 FROM main.sqlite_master WHERE name = 'psi_goods_fts'`).get();
      if (fts) sqlite.prepare(`INSERT INTO psi_goods_fts (psi_goods_fts) VALUES ('rebuild')`).run();
    })();
  } finally {
    sqlite.prepare('DETACH DATABASE snapshot').run();
  }
  // tokens carry their issue time in whole seconds: those of this second before the reset stay valid
  fs.writeFileSync(resetAtPath(dataDir), String(Math.floor(now / 1000)));
  guards.get(sqlite)?.();
  return performance.now() - started;
}

/** The epoch (seconds) before which sessions are refused, or 0. */
function readResetAt(dataDir: string): number {
  try {
    return Number(fs.readFileSync(resetAtPath(dataDir), 'utf8').trim()) || 0;
  } catch {
    return 0;
  }
}

/**
 * Refuses tokens issued before the last reset. The reset time is read again at most once a second, so
 * a reset by `pnpm demo:reset` in another process takes effect too; the permission cache is dropped
 * when it changes (the grants are back to the seeded ones).
 */
export function refuseSessionsBeforeReset(ctx: AppContext, dataDir: string): void {
  const tokens: TokenService = ctx.tokens;
  let resetAt = readResetAt(dataDir);
  let checkedAt = Date.now();
  const reload = () => {
    checkedAt = Date.now();
    const latest = readResetAt(dataDir);
    if (latest !== resetAt) {
      resetAt = latest;
      ctx.grants.clear();
    }
  };
  // a reset on this connection takes effect at once
  guards.set(ctx.sqlite, reload);
  ctx.tokens = {
    ...tokens,
    verify(token) {
      if (Date.now() - checkedAt >= 1000) reload();
      const claims = tokens.verify(token);
      return claims && claims.iat < resetAt ? null : claims;
    },
    endedByReset(token) {
      const claims = tokens.verify(token);
      return Boolean(claims && claims.iat < resetAt);
    },
  };
}
