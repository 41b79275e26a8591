import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app';

/**
 * A server on a temporary, empty database, for what it registers and serves (the committed OpenAPI
 * documents and route index); closed and removed afterwards. `options` gets the temporary folder.
 */
export async function withScratchApp<T>(
  options: (dir: string) => Partial<AppOptions>,
  use: (app: FastifyInstance) => Promise<T>,
): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-scratch-'));
  try {
    const app = await buildApp({
      dataDir: dir,
      dbFile: path.join(dir, 'psi.db'),
      jwtSecret: 'scratch-server-only-secret-of-enough-length',
      seed: 'none',
      ...options(dir),
    });
    try {
      await app.ready();
      return await use(app);
    } finally {
      await app.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
