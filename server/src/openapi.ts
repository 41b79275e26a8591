import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { DOCUMENT_PATH } from './core/openapi';

/** The committed copy of the contract, reviewed as a diff whenever a route schema changes. */
export const CONTRACT_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../contract/openapi.json',
);

/** The document as the server serves it, in the committed file's formatting. */
export async function renderDocument(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-openapi-'));
  try {
    const app = await buildApp({
      dataDir: dir,
      dbFile: path.join(dir, 'psi.db'),
      jwtSecret: 'openapi-document-only-secret-of-enough-length',
      seed: 'none',
    });
    try {
      const res = await app.inject({ method: 'GET', url: DOCUMENT_PATH });
      return `${JSON.stringify(res.json(), null, 2)}\n`;
    } finally {
      await app.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const text = await renderDocument();
  fs.mkdirSync(path.dirname(CONTRACT_FILE), { recursive: true });
  fs.writeFileSync(CONTRACT_FILE, text);
  console.log(`wrote ${path.relative(process.cwd(), CONTRACT_FILE)}`);
}
