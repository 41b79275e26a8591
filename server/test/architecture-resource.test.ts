import type { FastifyInstance } from 'fastify';
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { defineResource, parseId, t } from '@psi/db/model';
import { auditColumns, int, snowflake, tenantColumn } from '@psi/db/schema/columns';
import { actorOf, crudRoutes, scopedRowSchema } from '../src/core/crud';
import { badRequest } from '../src/core/errors';
import { ok } from '../src/core/envelope';
import { answers, formBody, idValue } from '../src/core/route-schemas';
import { typed } from '../src/core/schema';
import { findOne } from '../src/core/scoped-list';
import { addTenant, call, login, testApp } from './helpers';

/*
 * The worked examples of docs/architecture.md, done here with test-only declarations: (a) a simple
 * resource served by the one CRUD entry point, (b) a document action (a transition and its route).
 * Each is registered on a fresh app the way a module registers its routes, and must show in the
 * route table with its schemas, in the OpenAPI document and behind its guards.
 */

// (a) step 1: the table (in the product: db/src/schema/<service>.ts plus a generated migration)
const noteTable = sqliteTable('arch_note', {
  id: snowflake('id').primaryKey(),
  tenantId: tenantColumn(),
  title: text('title').notNull(),
  noteStatus: int('note_status').notNull().default(1),
  remark: text('remark'),
  ...auditColumns(),
});
const NOTE_DDL = `CREATE TABLE arch_note (
  id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL DEFAULT '000000', title TEXT NOT NULL,
  note_status INTEGER NOT NULL DEFAULT 1, remark TEXT, create_user INTEGER, create_dept INTEGER,
  create_time TEXT, update_user INTEGER, update_time TEXT, status INTEGER NOT NULL DEFAULT 1,
  is_deleted INTEGER NOT NULL DEFAULT 0)`;

// (a) step 2: the declaration (in the product: db/src/model/resources/<area>/<key>.ts)
const noteResource = defineResource({
  key: 'archnote',
  api: '/blade-arch/note',
  title: t('架构示例', 'Architecture example'),
  permission: 'archnote',
  tenant: 'scoped',
  fields: [
    {
      name: 'title',
      kind: 'text',
      label: t('标题', 'Title'),
      required: true,
      message: t('请输入标题', 'Please enter the title'),
      maxLength: 64,
      search: 'like',
    },
    { name: 'noteStatus', kind: 'number', label: t('状态', 'Status'), readOnly: true, inForm: false },
    { name: 'remark', kind: 'textarea', label: t('备注', 'Remark'), maxLength: 255, inTable: false },
  ],
});

// (b) step 1: the document's statuses and the transition, declared as data, in the shape of the PSI
// document declarations (db/src/model/psi): `action: from… → to`, and the buttons of who may take it
const noteStatuses = { draft: 1, approved: 2 } as const;
type NoteStatus = keyof typeof noteStatuses;
const noteTransitions = {
  approve: { from: ['draft'] as NoteStatus[], to: 'approved' as NoteStatus, who: ['archnote_approve'] },
};
const noteMessages = { notApprovable: t('当前状态不能审核', 'This note cannot be approved in its status') };

const spec = { def: noteResource, table: noteTable };

/** The module's plugin: what `server/src/modules/<service>/index.ts` does for its resources. */
async function noteModule(app: FastifyInstance) {
  // (a) step 3: one call serves list, detail, submit and remove with their schemas
  crudRoutes(app, spec);

  // (b) step 2: the action's route, guarded by its button code and by the transition's source status
  const { approve } = noteTransitions;
  const fromCodes = approve.from.map((name) => noteStatuses[name]);
  typed(app).post(
    `${noteResource.api}/approve`,
    {
      config: { access: { button: approve.who } },
      schema: { body: formBody({ id: idValue }), response: answers.maybe(scopedRowSchema(spec)) },
    },
    async (req) => {
      const id = parseId(req.body.id)!;
      const from = fromCodes.map(() => '?').join(', ');
      const changed = app.ctx.sqlite.transaction(
        () =>
          app.ctx.sqlite
            .prepare(
              `UPDATE arch_note SET note_status = ? WHERE id = ? AND tenant_id = ? AND is_deleted = 0 AND note_status IN (${from})`,
            )
            .run(noteStatuses[approve.to], BigInt(id), actorOf(req).tenantId, ...fromCodes).changes,
      )();
      if (changed !== 1) throw badRequest(noteMessages.notApprovable);
      return ok(findOne(app.ctx.sqlite, spec, actorOf(req), id), req.lang);
    },
  );
}

async function appWithNotes() {
  const app = await testApp();
  app.ctx.sqlite.exec(NOTE_DDL);
  // modules are registered under /api, as buildApp registers every module of modules/index.ts
  await app.register(noteModule, { prefix: '/api' });
  return app;
}

type Doc = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

describe('worked example (a): a simple resource through crudRoutes', () => {
  it('answers list, detail, submit and remove, with schemas in the route table and the document', async () => {
    const app = await appWithNotes();
    const { token } = await login(app);
    const base = `/api${noteResource.api}`;

    const routes = app.routeTable.filter((r) => r.url.startsWith(base));
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [
        `GET ${base}/detail`,
        `GET ${base}/list`,
        `POST ${base}/approve`,
        `POST ${base}/remove`,
        `POST ${base}/submit`,
      ].sort(),
    );
    for (const r of routes) expect(r.schema?.response, r.url).toBeDefined();
    expect(routes.find((r) => r.url === `${base}/list`)?.access).toEqual({ menu: 'archnote' });

    const doc = (await app.inject({ method: 'GET', url: '/v3/api-docs' })).json() as Doc;
    expect(doc.paths[`${noteResource.api}/list`]?.get?.responses['200']).toBeDefined();
    expect(doc.paths[`${noteResource.api}/detail`]?.get).toBeDefined();
    expect(doc.paths[`${noteResource.api}/submit`]?.post).toBeDefined();
    expect(doc.paths[`${noteResource.api}/remove`]?.post).toBeDefined();
    // the document describes the declared fields on the list rows
    expect(JSON.stringify(doc.paths[`${noteResource.api}/list`].get)).toContain('"title"');

    const missing = await call(app, token, { method: 'POST', url: `${base}/submit`, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('请输入标题');

    const added = await call(app, token, {
      method: 'POST',
      url: `${base}/submit`,
      payload: { title: 'first' },
    });
    expect(added.json()).toMatchObject({ code: 200, success: true });
    const list = await call(app, token, { method: 'GET', url: `${base}/list?title=fir` });
    const records = list.json().data.records as { id: string; title: string; noteStatus: number }[];
    expect(records).toMatchObject([{ title: 'first', noteStatus: 1 }]);
    const id = records[0].id;

    const detail = await call(app, token, { method: 'GET', url: `${base}/detail?id=${id}` });
    expect(detail.json().data).toMatchObject({ id, title: 'first' });

    const removed = await call(app, token, { method: 'POST', url: `${base}/remove?ids=${id}` });
    expect(removed.json()).toMatchObject({ code: 200, success: true });
    const after = await call(app, token, { method: 'GET', url: `${base}/list` });
    expect(after.json().data.total).toBe(0);

    const anonymous = await call(app, null, { method: 'GET', url: `${base}/list` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('worked example (b): a document action (a transition and its route)', () => {
  it('is in the route table and the document, and guards its button and source status', async () => {
    const app = await appWithNotes();
    const { token } = await login(app);
    const url = `/api${noteResource.api}/approve`;

    const route = app.routeTable.find((r) => r.url === url && r.method === 'POST');
    expect(route?.access).toEqual({ button: ['archnote_approve'] });
    expect(route?.schema?.body).toBeDefined();
    const doc = (await app.inject({ method: 'GET', url: '/v3/api-docs' })).json() as Doc;
    expect(doc.paths[`${noteResource.api}/approve`]?.post?.responses['200']).toBeDefined();

    await call(app, token, {
      method: 'POST',
      url: `/api${noteResource.api}/submit`,
      payload: { title: 'n' },
    });
    const list = await call(app, token, { method: 'GET', url: `/api${noteResource.api}/list` });
    const id = (list.json().data.records as { id: string }[])[0].id;

    expect((await call(app, null, { method: 'POST', url, payload: { id } })).statusCode).toBe(401);
    // a tenant administrator granted nothing lacks the button
    addTenant(app, '600001', []);
    const ungranted = await login(app, 'admin', 'secret', '600001');
    const refused = await call(app, ungranted.token, { method: 'POST', url, payload: { id } });
    expect(refused.statusCode).toBe(403);

    const approved = await call(app, token, { method: 'POST', url, payload: { id } });
    expect(approved.json()).toMatchObject({ code: 200, data: { id, noteStatus: noteStatuses.approved } });

    // the transition's source status is the guard: a second approval changes nothing
    const again = await call(app, token, {
      method: 'POST',
      url,
      payload: { id },
      headers: { 'accept-language': 'en-US' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 400, success: false, msg: noteMessages.notApprovable.en });

    const missingId = await call(app, token, { method: 'POST', url, payload: {} });
    expect(missingId.statusCode).toBe(400);
  });
});
