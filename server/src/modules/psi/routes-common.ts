import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DISCOUNT_FIELDS } from '@psi/db/model';
import { answers, idQuery, listQuery, rowSchema } from '../../core/route-schemas';
import { typed } from '../../core/schema';
import { tableMeta } from '../../core/table-meta';
import {
  defaultAccess,
  fill,
  messages,
  parseId,
  type Access,
  type Lang,
  type ResourceDef,
} from '@psi/db/model';
import { psiMessages } from '@psi/db/model/psi/index';
import { allows } from '../../core/access';
import { done, envelope, ok } from '../../core/envelope';
import { badRequest, forbidden } from '../../core/errors';
import { actorOf, bodyOf, idParam, idsParam } from '../../core/crud';
import { psiActor, write } from './http';
import { dictLabels, exportColumns, exportRow, findOne, listAll, listPage, type ListSpec } from './lists';
import { workbookBuffer, readSheet, SheetError, type SheetColumn, type SheetRow } from './excel';
import { ImportRejected, type ImportColumn, type ImportResult } from './imports';
import { fail } from './env';
import { hiddenByScope, tablesOfResource } from '../../core/data';

export const EXPORT_LIMIT = 20_000;

/** `Content-Disposition` with a UTF-8 file name. */
export function sendXlsx(reply: FastifyReply, name: string, buffer: Buffer) {
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header(
      'content-disposition',
      `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}.xlsx`,
    )
    .send(buffer);
}

/**
 * A PSI row on the wire: every column (discounts as `"0.9500"`), and the joined display names of the
 * spec (`… AS "schoolName"`).
 */
function psiRowSchema(spec: ListSpec) {
  const extra: Record<string, z.ZodType> = {};
  const columns = new Set(tableMeta(spec.table).columns.map((c) => c.key));
  for (const f of DISCOUNT_FIELDS)
    if (columns.has(f)) extra[f] = z.string().describe('a discount, four decimals (0.9500)');
  for (const m of (spec.extra ?? '').matchAll(/AS "([A-Za-z0-9_]+)"/g))
    extra[m[1]] = z.union([z.string(), z.number()]).describe('joined for display');
  return rowSchema(spec.def, spec.table, extra);
}

/**
 * The read side of a resource: `list` and `page` (the same paged list), `detail` and `export`
 * (the current filters, as an .xlsx file), each with the declaration's access rule and the
 * actor's scope.
 */
export function readRoutes(app: FastifyInstance, spec: ListSpec) {
  const { def } = spec;
  const access = defaultAccess(def);
  const row = psiRowSchema(spec);
  const api = typed(app);
  const listSchema = { querystring: listQuery(def), response: answers.page(row) };
  const list = async (req: FastifyRequest<{ Querystring: Record<string, unknown> }>) =>
    ok(listPage(app.ctx.sqlite, spec, psiActor(app, req), req.query), req.lang);
  api.get(`${def.api}/list`, { config: { access: access.list }, schema: listSchema }, list);
  api.get(`${def.api}/page`, { config: { access: access.list }, schema: listSchema }, list);
  api.get(
    `${def.api}/detail`,
    { config: { access: access.detail }, schema: { querystring: idQuery, response: answers.maybe(row) } },
    async (req) => ok(findOne(app.ctx.sqlite, spec, psiActor(app, req), idParam(req)), req.lang),
  );
  api.get(
    `${def.api}/export`,
    { config: { access: access.export }, schema: { querystring: listQuery(def, false) } },
    async (req, reply) => {
      const rows = listAll(app.ctx.sqlite, spec, psiActor(app, req), req.query, EXPORT_LIMIT);
      const dicts = dictLabels(app.ctx.sqlite, def);
      const buffer = await workbookBuffer(
        def.title[req.lang].slice(0, 31),
        exportColumns(def, req.lang),
        rows.map((r) => exportRow(def, r, dicts)),
      );
      return sendXlsx(reply, def.title[req.lang], buffer);
    },
  );
}

export type WriteMode = 'submit' | 'save' | 'update';

/** Whether the caller's data scope hides one of the rows (answered like another tenant's row). */
function outOfScope(app: FastifyInstance, req: FastifyRequest, def: ResourceDef, ids: string[]): boolean {
  const actor = actorOf(req);
  return tablesOfResource(def.key).some((table) =>
    hiddenByScope(app.ctx.sqlite, table, actor.tenantId, actor, ids),
  );
}

/** Codes that admit an add (not `*_edit`) and an edit (not `*_add`) among the declared submit codes. */
function submitCodes(def: ResourceDef) {
  const declared = defaultAccess(def).submit;
  const all =
    typeof declared === 'object' && 'button' in declared
      ? [declared.button].flat()
      : [`${def.permission}_add`];
  return {
    all,
    add: all.filter((c) => !c.endsWith('_edit')),
    edit: all.filter((c) => !c.endsWith('_add')),
  };
}

export interface WriteHandlers {
  /** `id` is null for an add */
  submit: (req: FastifyRequest, id: string | null, body: Record<string, unknown>) => unknown;
  remove: (req: FastifyRequest, ids: string[]) => void;
}

/**
 * The write side: `submit` (add or edit by the presence of `id`), `save` (add) and `update`
 * (edit), `remove?ids=`. Each needs the add or edit button of the resource; the handlers apply the
 * domain rules.
 */
export function writeRoutes(app: FastifyInstance, def: ResourceDef, handlers: WriteHandlers) {
  const codes = submitCodes(def);
  const access = defaultAccess(def);
  const route = (mode: WriteMode): Access => ({
    button: mode === 'save' ? codes.add : mode === 'update' ? codes.edit : codes.all,
  });
  for (const mode of ['submit', 'save', 'update'] as WriteMode[]) {
    app.post(`${def.api}/${mode}`, { config: { access: route(mode) } }, async (req) => {
      const body = bodyOf(req);
      const raw = mode === 'save' ? undefined : body.id;
      const id = raw === undefined || raw === null || raw === '' ? null : parseId(raw);
      if (raw !== undefined && raw !== null && raw !== '' && !id)
        throw badRequest('paramType', { name: 'id' });
      if (mode === 'update' && !id) throw badRequest('paramMissing', { name: 'id' });
      if (!allows(app, actorOf(req), { button: id ? codes.edit : codes.add })) throw forbidden();
      if (id && outOfScope(app, req, def, [id])) throw badRequest('recordNotFound');
      const { id: _ignored, ...rest } = body;
      const data = await write(app, () => handlers.submit(req, id, id ? { ...rest, id } : rest));
      return data === undefined ? done(req.lang) : ok(data, req.lang);
    });
  }
  app.post(`${def.api}/remove`, { config: { access: access.remove } }, async (req) => {
    const ids = idsParam(req);
    if (outOfScope(app, req, def, ids)) throw fail('docNotFound');
    await write(app, () => handlers.remove(req, ids));
    return done(req.lang);
  });
}

/** Ledgers refuse every write: they are appended by the postings only. */
export function readOnlyWrites(app: FastifyInstance, def: ResourceDef) {
  const access = defaultAccess(def);
  for (const mode of ['submit', 'save', 'update'])
    app.post(`${def.api}/${mode}`, { config: { access: access.submit } }, async () => {
      throw fail('ledgerReadOnly');
    });
  app.post(`${def.api}/remove`, { config: { access: access.remove } }, async () => {
    throw fail('ledgerReadOnly');
  });
}

/** A query parameter id, accepting any of several names (the seed's `pirchaseId` spelling too). */
export function queryId(req: FastifyRequest, names: string[]): string {
  const q = req.query as Record<string, unknown>;
  const name = names.find((n) => q[n] !== undefined && q[n] !== '');
  if (!name) throw badRequest('paramMissing', { name: names[0] });
  const id = parseId(q[name]);
  if (!id) throw badRequest('paramType', { name });
  return id;
}

const MAX_IMPORT_ROWS = 20_000;

/**
 * An Excel import: one .xlsx file (multipart field `file`), read outside the transaction, then
 * handed to the all-or-nothing import. A rejected file answers 400 with `data.errors` listing
 * `{row, field, message}` for every problem.
 */
export async function importRoute(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  columns: ImportColumn[],
  run: (rows: SheetRow[], lang: Lang) => ImportResult,
) {
  const lang = req.lang;
  if (!req.isMultipart()) throw fail('importNoFile');
  const file = await req.file();
  if (!file || !/\.xlsx$/i.test(file.filename)) throw fail('importNoFile');
  const buffer = await file.toBuffer();
  if (buffer.length < 4 || buffer.readUInt32LE(0) !== 0x04034b50) throw fail('importBadFile');
  let rows: SheetRow[];
  try {
    rows = await readSheet(buffer, columns, MAX_IMPORT_ROWS);
  } catch (err) {
    if (!(err instanceof SheetError)) throw err;
    if (err.kind === 'header') throw fail('importHeader', { columns: err.detail });
    if (err.kind === 'tooMany') throw fail('importTooManyRows', { max: err.detail });
    throw fail('importBadFile');
  }
  try {
    const result = await write(app, () => run(rows, lang));
    return ok(result, lang, fill(psiMessages.importDone[lang], { ...result }));
  } catch (err) {
    if (!(err instanceof ImportRejected)) throw err;
    const first = err.errors[0];
    const msg = fill(psiMessages.importFailed[lang], {
      count: err.errors.length,
      first: first
        ? fill(psiMessages.importRowError[lang], {
            row: first.row,
            field: first.field,
            message: first.message,
          })
        : '',
    });
    return reply.code(400).send(envelope(400, { errors: err.errors }, msg));
  }
}

/** The import template: the header row (required columns marked `*`) and a notes sheet. */
export async function templateRoute(
  reply: FastifyReply,
  name: string,
  columns: ImportColumn[],
  notes: string[],
) {
  const sheet: SheetColumn[] = columns.map((c) => ({
    header: c.required ? `${c.names[0]}*` : c.names[0],
    key: c.key,
  }));
  return sendXlsx(reply, name, await workbookBuffer(name, sheet, [], notes));
}

/** A text of an import template, in both languages. */
export interface Bilingual {
  zh: string;
  en: string;
}

/**
 * The import pair of a master resource, both behind the button `<resource>_import`:
 * `POST /blade-psi/<resource>/upLoadList` (see `importRoute`) and `GET /blade-psi/<resource>/template`
 * (the file `name` with its `notes`, in the caller's language).
 */
export function importRoutes(
  app: FastifyInstance,
  resource: string,
  columns: ImportColumn[],
  run: (req: FastifyRequest, rows: SheetRow[], lang: Lang) => ImportResult,
  template: { name: Bilingual; notes: Bilingual[] },
) {
  const access = () => ({ config: { access: { button: `${resource}_import` } } });
  app.post(`/blade-psi/${resource}/upLoadList`, access(), async (req, reply) =>
    importRoute(app, req, reply, columns, (rows, lang) => run(req, rows, lang)),
  );
  app.get(`/blade-psi/${resource}/template`, access(), async (req, reply) => {
    const text = (b: Bilingual) => (req.lang === 'en' ? b.en : b.zh);
    return templateRoute(reply, text(template.name), columns, template.notes.map(text));
  });
}

export const missingMessage = (lang: Lang, name: string) => fill(messages.paramMissing[lang], { name });
