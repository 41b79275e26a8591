import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import * as schema from './schema/index';

export type Sqlite = Database.Database;
export type Db = BetterSQLite3Database<typeof schema>;

export interface DatabaseHandle {
  sqlite: Sqlite;
  db: Db;
  close(): void;
}

/**
 * Opens the SQLite file with the settings the ledger needs: WAL, foreign keys, a busy timeout and
 * synchronous=FULL so that an acknowledged approval survives a crash. Integers come back as bigint
 * (ids are 64-bit); the schema's column types turn them into strings or numbers.
 */
export function openDatabase(file: string): DatabaseHandle {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = FULL');
  sqlite.defaultSafeIntegers(true);
  const db = drizzle(sqlite, { schema });
  return {
    sqlite,
    db,
    close() {
      if (sqlite.open) sqlite.close();
    },
  };
}
