import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_INDEX_FILE, registeredBy, renderRouteIndex } from '../src/route-index';

/** The index's table rows as cells: method, URL, lines, access, declared as, file, via. */
const rowsOf = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| Method') && !l.startsWith('| ---'))
    .map((l) => l.slice(2, -2).split(' | '));

describe('the route index', () => {
  let text = '';
  beforeAll(async () => {
    text = await renderRouteIndex();
  }, 120_000);

  it('is committed as docs/routes.md, up to date (pnpm --filter @psi/server run routes)', () => {
    const committed = fs.existsSync(ROUTE_INDEX_FILE) ? fs.readFileSync(ROUTE_INDEX_FILE, 'utf8') : '';
    expect(committed === text, 'docs/routes.md is stale: pnpm --filter @psi/server run routes').toBe(true);
  });

  it('names for every route its access and the file that registered it, and no machine path', () => {
    const rows = rowsOf(text);
    expect(rows.length).toBeGreaterThan(300);
    for (const [method, url, lines, access, , file] of rows) {
      expect(lines, `${method} ${url}`).toMatch(/^bladex(, springblade)?(; .+)?$/);
      expect(access, `${method} ${url}`).toMatch(/^(public|token|role `.+`|menu `.+`|button `.+`)$/);
      expect(file, `${method} ${url}`).toMatch(/^`(server\/src\/[\w./-]+\.ts|@[\w-]+\/[\w-]+)`$/);
      if (url.startsWith('`/blade-') || url.startsWith('`/demo'))
        expect(file, `${method} ${url}`).toMatch(/^`server\/src\/(modules|faults)\//);
    }
    expect(new Set(rows.map(([m, u]) => `${m} ${u}`)).size).toBe(rows.length);
    for (const machine of [
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
      os.tmpdir(),
      os.homedir(),
      'node_modules',
    ])
      expect(text).not.toContain(machine);
  });

  it('finds a document kind’s routes, their menu and button codes and files by one key', () => {
    const audit = rowsOf(text).find(
      ([m, u]) => m === 'POST' && u === '`/blade-psi/purchaseorder/approveAudit`',
    );
    expect(audit).toEqual([
      'POST',
      '`/blade-psi/purchaseorder/approveAudit`',
      'bladex, springblade',
      'button `purchaseorder_audit`',
      'resource `purchaseorder`, kind `purchaseorder`',
      '`server/src/modules/psi/purchaseorder/routes.ts`',
      '`server/src/modules/psi/shared/doc-routes.ts`',
    ]);
    const onlyBladex = rowsOf(text).find(([m, u]) => m === 'POST' && u === '`/blade-auth/oauth/token`');
    expect(onlyBladex?.slice(2, 4)).toEqual(['bladex', 'public']);
  });
});

describe('the file that registered a route', () => {
  it('is the innermost module file past the shared helpers, which are named in between', () => {
    const frames = [
      'server/src/core/crud.ts',
      'server/src/modules/psi/shared/doc-routes.ts',
      'server/src/core/crud.ts',
      'server/src/modules/psi/purchaseorder/routes.ts',
      'server/src/modules/psi/index.ts',
      'server/src/app.ts',
    ];
    expect(registeredBy(frames)).toEqual({
      file: 'server/src/modules/psi/purchaseorder/routes.ts',
      via: ['server/src/modules/psi/shared/doc-routes.ts', 'server/src/core/crud.ts'],
    });
  });

  it('is the innermost file of the server outside the modules, else the plugin package', () => {
    expect(registeredBy(['server/src/core/openapi.ts', 'server/src/app.ts'])).toEqual({
      file: 'server/src/core/openapi.ts',
      via: [],
    });
    expect(registeredBy(['@fastify/static', '@fastify/swagger-ui'])).toEqual({
      file: '@fastify/static',
      via: [],
    });
  });
});
