import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/client';
import { migrationsFolder, runMigrations } from '../src/migrate';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The project's migrations plus one more whose second statement fails. */
function foldersWithBrokenMigration(): { folder: string; dbFile: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'psi-migrate-'));
  dirs.push(dir);
  const folder = path.join(dir, 'migrations');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journal.entries[journal.entries.length - 1];
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_broken' });
  writeFileSync(journalFile, JSON.stringify(journal));
  writeFileSync(
    path.join(folder, '9999_broken.sql'),
    'CREATE TABLE half_done (id integer);\n--> statement-breakpoint\nINSERT INTO no_such_table VALUES (1);\n',
  );
  return { folder, dbFile: path.join(dir, 'psi.db') };
}

const tables = (file: string) => {
  const handle = openDatabase(file);
  try {
    return (
      handle.sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]
    ).map((t) => t.name);
  } finally {
    handle.close();
  }
};

describe('migrations', () => {
  it('apply all pending migrations in one transaction: a failing one leaves none applied', () => {
    const { folder, dbFile } = foldersWithBrokenMigration();
    const handle = openDatabase(dbFile);
    expect(() => runMigrations(handle.db, folder)).toThrow(/no_such_table/);
    handle.close();
    const after = tables(dbFile);
    expect(after).not.toContain('half_done');
    expect(after).not.toContain('blade_user');
    expect(after).not.toContain('psi_goods_info');
  });

  it('keep an up-to-date database unchanged when the next migration fails', () => {
    const { folder, dbFile } = foldersWithBrokenMigration();
    const handle = openDatabase(dbFile);
    runMigrations(handle.db);
    const before = tables(dbFile);
    expect(before).toContain('blade_user');
    expect(() => runMigrations(handle.db, folder)).toThrow();
    handle.close();
    expect(tables(dbFile).sort()).toEqual(before.sort());
  });
});
