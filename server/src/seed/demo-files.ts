/**
 * Writes the trainer's import files (fixtures/psi/imports.json) as .xlsx spreadsheets:
 * `tsx src/seed/demo-files.ts [folder]` (default: data/demo-files at the repository root).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { workbookBuffer } from '../core/export';
import type { ImportColumn } from '../core/crud';
import { GOODS_COLUMNS, ROSTER_COLUMNS } from '../modules/psi/public';
import { loadImportFixture } from './demo';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function write(folder: string, name: string, columns: ImportColumn[], rows: Record<string, string>[]) {
  const sheet = columns.map((c) => ({ header: c.names[0], key: c.names[0] }));
  const file = path.join(folder, name);
  fs.writeFileSync(file, await workbookBuffer('Sheet1', sheet, rows));
  console.log(`wrote ${path.relative(process.cwd(), file)} (${rows.length} rows)`);
}

async function main() {
  const folder = path.resolve(process.argv[2] ?? path.join(repoRoot, 'data', 'demo-files'));
  fs.mkdirSync(folder, { recursive: true });
  const f = loadImportFixture();
  await write(folder, 'goods-bad.xlsx', GOODS_COLUMNS, f.goodsBad);
  await write(folder, 'goods-fixed.xlsx', GOODS_COLUMNS, f.goodsFixed);
  await write(folder, 'schools-bad.xlsx', ROSTER_COLUMNS, f.schoolsBad);
  await write(folder, 'schools-fixed.xlsx', ROSTER_COLUMNS, f.schoolsFixed);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
