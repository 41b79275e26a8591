import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = path.join(root, 'server/test/lint-fixtures');

/** The repository's lint config run over one fixture folder; `pnpm lint` leaves the fixtures out. */
async function lintFixture(folder: string) {
  const eslint = new ESLint({ cwd: root, ignore: false });
  const results = await eslint.lintFiles([path.join(fixtures, folder)]);
  return results.flatMap((result) =>
    result.messages.map((m) => ({
      file: path.basename(result.filePath),
      rule: m.ruleId,
      message: m.message,
    })),
  );
}

describe('the lint rule against import cycles', () => {
  it('refuses two modules that import each other, at both ends', async () => {
    expect(await lintFixture('cycle')).toEqual([
      { file: 'orders.ts', rule: 'import-x/no-cycle', message: 'Dependency cycle detected' },
      { file: 'stock.ts', rule: 'import-x/no-cycle', message: 'Dependency cycle detected' },
    ]);
  });

  it('accepts the same modules when the import points one way (a type-only import back is erased)', async () => {
    expect(await lintFixture('layered')).toEqual([]);
  });
}, 120_000);

/** The repository's lint messages for a file of the given path holding `source`. */
async function lintAs(file: string, source: string) {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.ruleId);
}

describe('the lint rule that keeps the seeds to the PSI module’s public entry', () => {
  it('refuses a seed file importing a PSI service, shared helper or route file', async () => {
    for (const [file, from] of [
      ['server/src/seed/demo/chapter.ts', '../../modules/psi/purchaseorder/service'],
      ['server/src/seed/large.ts', '../modules/psi/shared/env'],
      ['server/src/seed/demo/chapter.ts', '../../modules/psi/index'],
    ])
      expect(await lintAs(file, `export { saveGoods } from '${from}';\n`), from).toEqual([
        'no-restricted-imports',
      ]);
  });

  it('accepts the same names from modules/psi/public', async () => {
    expect(
      await lintAs(
        'server/src/seed/demo/chapter.ts',
        "export { saveGoods } from '../../modules/psi/public';\n",
      ),
    ).toEqual([]);
  });
}, 120_000);

describe('the size rules', () => {
  it('hold in every product source folder, the contract runner’s included', async () => {
    const body = Array.from({ length: 151 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const source = `export function long(): number {\n${body}\n  return v0;\n}\n`;
    for (const folder of ['web/src', 'server/src', 'db/src', 'contract/src'])
      expect(await lintAs(`${folder}/long.ts`, source), folder).toContain('max-lines-per-function');
  });
}, 120_000);

describe('the lint rule against casting what a statement answers', () => {
  const reads = (body: string) =>
    `import type Database from 'better-sqlite3';\nexport const read = (sqlite: Database.Database) => ${body};\n`;

  it('refuses an `as`, an angle-bracket and a non-null cast of get, all and iterate', async () => {
    for (const body of [
      "sqlite.prepare('SELECT 1 AS n').get() as { n: bigint } | undefined",
      "<{ n: bigint }[]>sqlite.prepare('SELECT 1 AS n').all()",
      "sqlite.prepare('SELECT 1 AS n').get()! as { n: bigint }",
      "sqlite.prepare('SELECT 1 AS n').iterate() as IterableIterator<{ n: bigint }>",
    ])
      expect(await lintAs('server/src/core/read.ts', reads(body)), body).toEqual(['no-restricted-syntax']);
  });

  it('accepts the typed statement of the same read', async () => {
    expect(
      await lintAs(
        'server/src/core/read.ts',
        reads("sqlite.prepare<[], { n: bigint }>('SELECT 1 AS n').get()"),
      ),
    ).toEqual([]);
  });
}, 120_000);
