import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { Db } from './client';

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

/** Applies pending migrations in one transaction (drizzle's migrator wraps them), so a failure leaves none applied. */
export function runMigrations(db: Db, folder: string = migrationsFolder): void {
  migrate(db, { migrationsFolder: folder });
}
