import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { generatedFiles, type CodeRow } from '../../src/modules/develop/generator';
import { call, login, testApp } from '../helpers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TABLE = 'psi_gen_shelf';
const code: CodeRow = {
  codeName: '书架',
  serviceName: 'blade-psi',
  tableName: TABLE,
  tablePrefix: 'psi_',
  pkName: 'id',
  packageName: 'org.springblade.psi',
  webPath: '',
};

/** The files the generator writes into this repository; removed again after the test. */
const written: string[] = [];
afterAll(() => {
  for (const f of written.splice(0)) fs.rmSync(f, { force: true });
});

function typeErrors(files: string[]): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, 'server/tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  );
  const program = ts.createProgram(files, { ...config!.options, noEmit: true });
  // the generated files' own diagnostics (the rest of the tree is the typecheck's job)
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => !d.file || files.includes(path.resolve(d.file.fileName)))
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('the code generator', () => {
  it(
    'emits a module for the CRUD core that compiles and serves list, detail, submit and remove',
    { timeout: 180_000 },
    async () => {
      const app: FastifyInstance = await testApp();
      app.ctx.sqlite.exec(`CREATE TABLE ${TABLE} (
      id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL DEFAULT '000000', name TEXT NOT NULL, remark TEXT,
      create_user INTEGER, create_dept INTEGER, create_time TEXT, update_user INTEGER, update_time TEXT,
      status INTEGER NOT NULL DEFAULT 1, is_deleted INTEGER NOT NULL DEFAULT 0)`);
      const files = generatedFiles(app.ctx.sqlite, code);
      const server = 'server/src/modules/psi/genshelf.ts';
      expect(Object.keys(files)).toContain(server);
      expect(files[server]).toContain('crudRoutes(app, { def: genshelfResource, table: genshelf })');
      for (const file of ['db/src/schema/genshelf.ts', 'db/src/model/resources/psi/genshelf.ts', server]) {
        const target = path.join(ROOT, file);
        expect(fs.existsSync(target), `${file} already exists`).toBe(false);
        fs.writeFileSync(target, files[file]);
        written.push(target);
      }

      expect(typeErrors(written)).toEqual([]);

      const mod = (await import(path.join(ROOT, server))) as {
        registerGenshelf: (api: FastifyInstance) => void;
      };
      await app.register(async (api) => mod.registerGenshelf(api), { prefix: '/api' });
      const { token } = await login(app);
      const base = '/api/blade-psi/genshelf';

      const add = await call(app, token, { method: 'POST', url: `${base}/submit`, payload: { name: 'A1' } });
      expect(add.json()).toMatchObject({ code: 200, success: true });
      const missing = await call(app, token, {
        method: 'POST',
        url: `${base}/submit`,
        payload: { remark: 'x' },
      });
      expect(missing.statusCode).toBe(400);

      const list = await call(app, token, { method: 'GET', url: `${base}/list?name=A1` });
      const page = list.json().data as { total: number; records: { id: string; name: string }[] };
      expect(page.total).toBe(1);
      const id = page.records[0].id;

      const detail = await call(app, token, { method: 'GET', url: `${base}/detail?id=${id}` });
      expect(detail.json().data).toMatchObject({ id, name: 'A1', remark: '' });

      const edit = await call(app, token, {
        method: 'POST',
        url: `${base}/submit`,
        payload: { id, remark: 'top shelf' },
      });
      expect(edit.json().success).toBe(true);
      expect(
        (await call(app, token, { method: 'GET', url: `${base}/detail?id=${id}` })).json().data.remark,
      ).toBe('top shelf');

      const remove = await call(app, token, { method: 'POST', url: `${base}/remove?ids=${id}` });
      expect(remove.json().success).toBe(true);
      expect((await call(app, token, { method: 'GET', url: `${base}/list` })).json().data.total).toBe(0);
    },
  );
});
