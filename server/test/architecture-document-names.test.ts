import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PSI_DOCUMENTS } from '@psi/db/model/psi/index';

/*
 * One name per document kind (docs/architecture.md, "Names"): the key of a kind in PSI_DOCUMENTS is
 * its Blade route segment and its menu code, and the server module and the web pages of the kind sit
 * in folders of that name. A kind renamed in one place and not the others fails here.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const menus = JSON.parse(fs.readFileSync(path.join(repo, 'fixtures/menus.json'), 'utf8')) as {
  code: string;
  path: string;
  category: number;
}[];
const pageRegistry = fs.readFileSync(path.join(repo, 'web/src/app/pages.ts'), 'utf8');

describe.each(Object.entries(PSI_DOCUMENTS))('document kind %s', (key, doc) => {
  it('is the kind the declaration names and its resource route segment', () => {
    expect(doc.kind).toBe(key);
    expect(doc.resource.key).toBe(key);
    expect(doc.resource.api).toBe(`/blade-psi/${key}`);
  });

  it('is a menu code of the spec, whose page path is /psi/<key>', () => {
    const menu = menus.find((m) => m.code === key && m.category === 1);
    expect(menu?.path).toBe(`/psi/${key}`);
  });

  it('names the server module folder, which holds its routes and service', () => {
    const folder = path.join(repo, 'server/src/modules/psi', key);
    expect(fs.readdirSync(folder).sort()).toEqual(expect.arrayContaining(['routes.ts', 'service.ts']));
  });

  it('names the web page folder, which the page registry loads for its menu', () => {
    expect(fs.existsSync(path.join(repo, 'web/src/pages/psi', key, 'index.tsx'))).toBe(true);
    expect(pageRegistry).toContain(`'/psi/${key}/index': lazyPage(() => import('../pages/psi/${key}'))`);
  });
});
