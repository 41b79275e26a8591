import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { BladeLine } from '@psi/db/model/line';
import { afterAll } from 'vitest';
import { buildApp } from '../../server/src/app';
import { sm2KeysFor } from '../../server/src/modules/auth/sm2';

export const CAPTCHA = 'abcde';
export const FIXTURE = path.join(import.meta.dirname, 'fixtures/openapi.json');

const apps: FastifyInstance[] = [];
const dirs: string[] = [];

/** A real server of the given line on a fresh temporary database, listening on an ephemeral port. */
export async function startServer(seed: 'demo' | 'minimal' = 'demo', line: BladeLine = 'bladex') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-contract-'));
  dirs.push(dir);
  const app = await buildApp({
    dataDir: dir,
    dbFile: path.join(dir, 'psi.db'),
    jwtSecret: 'contract-secret-that-is-long-enough-for-hs256',
    seed,
    captchaFixed: CAPTCHA,
    authRateLimit: 100_000,
    line,
  });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const sm2PublicKey = (app.ctx.options.sm2 ?? sm2KeysFor(dir)).publicKey;
  return { app, baseUrl: `http://127.0.0.1:${port}/api`, origin: `http://127.0.0.1:${port}`, sm2PublicKey };
}

/** Tracks a server started elsewhere in a test so it is closed with the others. */
export function track(app: FastifyInstance) {
  apps.push(app);
}

afterAll(async () => {
  for (const app of apps.splice(0).reverse()) await app.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A digest of every row of every table, to prove a run wrote nothing. */
export function tableHashes(app: FastifyInstance): Record<string, string> {
  const sqlite = app.ctx.sqlite;
  const tables = sqlite
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
    .all() as { name: string }[];
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    // rows sorted by content: some tables have no rowid
    const rows = (sqlite.prepare(`SELECT * FROM "${name}"`).raw().all() as unknown[]).map((row) =>
      JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
    );
    out[name] = createHash('sha256').update(rows.sort().join('\n')).digest('hex');
  }
  return out;
}
