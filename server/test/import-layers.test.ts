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
