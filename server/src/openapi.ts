import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withScratchApp } from './scratch-app';
import { DOCUMENT_PATH } from './core/openapi';
import { BLADE_LINES, type BladeLine } from '@psi/db/model';

const CONTRACT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../contract');

/** The committed copy of each line's contract, reviewed as a diff whenever a route schema changes. */
export const CONTRACT_FILES: Record<BladeLine, string> = {
  bladex: path.join(CONTRACT_DIR, 'openapi.json'),
  springblade: path.join(CONTRACT_DIR, 'openapi.springblade.json'),
};
export const CONTRACT_FILE = CONTRACT_FILES.bladex;

/** The document as a server of the line serves it, in the committed file's formatting. */
export async function renderDocument(line: BladeLine = 'bladex'): Promise<string> {
  return withScratchApp(
    () => ({ line }),
    async (app) => {
      const res = await app.inject({ method: 'GET', url: DOCUMENT_PATH });
      return `${JSON.stringify(res.json(), null, 2)}\n`;
    },
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.mkdirSync(CONTRACT_DIR, { recursive: true });
  for (const line of BLADE_LINES) {
    fs.writeFileSync(CONTRACT_FILES[line], await renderDocument(line));
    console.log(`wrote ${path.relative(process.cwd(), CONTRACT_FILES[line])}`);
  }
}
