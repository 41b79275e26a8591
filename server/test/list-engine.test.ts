import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Repo } from '../src/core/data';

/*
 * One list engine on the server (docs/architecture.md, "Lists"): every paged list reads its page through
 * `core/scoped-list.ts` (`listPage` for a declared table, `pageOfSelect` for the workflow's joins), so
 * the page parameters, the tenant rule, the data scope, the declared filters, the sort allowlist and
 * the caches are the same everywhere. A module that pages by itself fails here.
 */

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .filter((f) => f.endsWith('.ts'));
const moduleFiles = filesUnder(path.join(src, 'modules')).map((f) => ({
  name: path.relative(src, f).split(path.sep).join('/'),
  text: fs.readFileSync(f, 'utf8'),
}));

/**
 * Lists that are not Blade pages of one query keep their own reads: the stock page (its own page limits,
 * `current` up to 1 000 000, as the Saber screen sends them) and the inbox (counts and unread together).
 */
const OWN_PAGING = new Set(['modules/psi/stock/queries.ts', 'modules/desk/inbox.ts']);

describe('the one list engine', () => {
  it('is the only place that pages: no module runs its own LIMIT/OFFSET', () => {
    const paging = moduleFiles.filter((f) => /OFFSET \?/.test(f.text)).map((f) => f.name);
    expect(paging.filter((f) => !OWN_PAGING.has(f))).toEqual([]);
  });

  it('serves the user, region, dictionary, lazy tree and workflow lists', () => {
    const uses = (file: string, fn: string) =>
      expect(moduleFiles.find((f) => f.name === file)?.text, `${file} reads through ${fn}`).toMatch(
        new RegExp(`\\b${fn}\\(`),
      );
    uses('modules/user/index.ts', 'listPage');
    uses('modules/user/excel.ts', 'listAll');
    uses('modules/system/region.ts', 'listPage');
    uses('modules/system/dict.ts', 'listPage');
    uses('modules/flow/queries.ts', 'pageOfSelect');
    uses('modules/flow/model.ts', 'pageOfSelect');
    const lazy = fs.readFileSync(path.join(src, 'core/lazy-list.ts'), 'utf8');
    expect(lazy).toMatch(/\blazyLevel\(/);
  });

  it('leaves the generic data layer no list road of its own', () => {
    for (const road of ['page', 'list', 'links'])
      expect(road in Repo.prototype, `Repo.${road} is a second list road`).toBe(false);
  });
});
