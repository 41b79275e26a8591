import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../src/client';
import { runMigrations } from '../src/migrate';

const openHandles: { handle: DatabaseHandle; dir: string }[] = [];

/** A migrated, empty database in its own temp folder; `closeDatabases` removes them all. */
export function freshDatabase(): DatabaseHandle {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'psi-db-test-'));
  const handle = openDatabase(path.join(dir, 'psi.db'));
  runMigrations(handle.db);
  openHandles.push({ handle, dir });
  return handle;
}

export function closeDatabases(): void {
  for (const { handle, dir } of openHandles.splice(0)) {
    handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
