/** Spreadsheet imports of a resource: the all-or-nothing upload and its template. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopeOf, fill, type Access, type Lang, type Text } from '@psi/db/model';
import { envelope, ok } from './envelope';
import { badRequest } from './errors';
import {
  readSheet,
  readUpload,
  sendWorkbook,
  SheetError,
  workbookBuffer,
  xlsxAnswer,
  type SheetColumn,
  type SheetRecord,
} from './export';
import { typed } from './schema';
import { answers, noQuery } from './route-schemas';
import { transactionCommit } from './commit';

/** The largest spreadsheet an import takes (the multipart plugin's own limit). */
const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** A column of an import sheet. */
export interface ImportColumn {
  key: string;
  /** header names accepted, the first is the template's */
  names: string[];
  required?: boolean;
  /** dictionary whose labels (or keys) the cells may hold */
  dict?: string;
}

const CHINESE = /[\u3400-\u9fff]/;

/**
 * A column's header in a language: the first of its names in Chinese, the first without Chinese
 * characters in English (`地区代码` / `Region code`). The template is written with it and the errors of
 * an import name the column with it, so an English user reads the same words in both.
 */
export function headerIn(column: ImportColumn, lang: Lang): string {
  return (lang === 'en' && column.names.find((name) => !CHINESE.test(name))) || column.names[0];
}

/** A bad cell of an import. */
export interface RowError {
  row: number;
  field: string;
  message: string;
}

/** All-or-nothing: thrown from inside the write when any row is bad, so nothing is written. */
export class RowsRejected extends Error {
  constructor(readonly errors: RowError[]) {
    super('import rejected');
  }
}

/** The messages of an import, in the module's words. */
export interface ImportTexts {
  noFile: Text;
  badFile: Text;
  /** `{columns}`: the missing header names */
  header: Text;
  /** `{max}` rows */
  tooMany: Text;
  /** filled with the result's counts */
  done: Text;
  /** `{count}` errors, `{first}` the first one (`rowError`) */
  failed: Text;
  /** `{row}`, `{field}`, `{message}` */
  rowError: Text;
}

export interface ImportOptions<R extends Record<string, number>> {
  /** `/blade-psi/goodsinfo`: the routes are `{api}/upLoadList` and `{api}/template`. */
  api: string;
  access: Access;
  columns: ImportColumn[];
  /** The all-or-nothing import of the rows (inside `commit`); throws `RowsRejected` for bad rows. */
  run: (req: FastifyRequest, rows: SheetRecord[], lang: Lang) => R;
  /** The answer's counts, for the document. */
  result: z.ZodType<R>;
  template: { name: Text; notes: Text[] };
  texts: ImportTexts;
  commit?: <T>(fn: () => T) => Promise<T>;
  maxRows?: number;
}

/** A multipart upload: the workbook in the field `file` (read by the handler, which words the refusals). */
const uploadBody = z.preprocess(
  (v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {}),
  z.looseObject({
    file: z.unknown().optional().meta({ description: 'the .xlsx workbook', format: 'binary' }),
  }),
);

const rowErrorSchema = z.object({ row: z.number(), field: z.string(), message: z.string() });

/**
 * The import pair of a resource: `POST {api}/upLoadList` takes one .xlsx file (multipart field
 * `file`), reads it outside the write, then hands the rows to the all-or-nothing import; a rejected
 * file answers 400 with `data.errors` listing `{row, field, message}` for every problem.
 * `GET {api}/template` answers the header row (required columns marked `*`) with a notes sheet.
 */
export function importRoutes<R extends Record<string, number>>(app: FastifyInstance, o: ImportOptions<R>) {
  const api = typed(app);
  const commit = o.commit ?? transactionCommit(app);
  const maxRows = o.maxRows ?? 20_000;
  const refuse = (text: Text, params?: Record<string, string | number>) => badRequest(text, params);
  api.post(
    `${o.api}/upLoadList`,
    {
      config: { access: o.access },
      schema: {
        consumes: ['multipart/form-data'],
        body: uploadBody,
        response: {
          ...answers.of(o.result),
          400: envelopeOf(z.union([z.object({ errors: z.array(rowErrorSchema) }), z.object({})])),
        },
      },
    },
    async (req, reply) => {
      const lang = req.lang;
      if (!req.isMultipart()) throw refuse(o.texts.noFile);
      const file = await readUpload(req, MAX_IMPORT_BYTES);
      if (!/\.xlsx$/i.test(file.filename)) throw refuse(o.texts.noFile);
      const buffer = file.buffer;
      if (buffer.length < 4 || buffer.readUInt32LE(0) !== 0x04034b50) throw refuse(o.texts.badFile);
      let rows: SheetRecord[];
      try {
        rows = await readSheet(buffer, o.columns, maxRows);
      } catch (err) {
        if (!(err instanceof SheetError)) throw err;
        if (err.kind === 'header') throw refuse(o.texts.header, { columns: err.detail });
        if (err.kind === 'tooMany') throw refuse(o.texts.tooMany, { max: err.detail });
        throw refuse(o.texts.badFile);
      }
      try {
        const result = await commit(() => o.run(req, rows, lang));
        return ok(result, lang, fill(o.texts.done[lang], { ...result }));
      } catch (err) {
        if (!(err instanceof RowsRejected)) throw err;
        const first = err.errors[0];
        const msg = fill(o.texts.failed[lang], {
          count: err.errors.length,
          first: first
            ? fill(o.texts.rowError[lang], { row: first.row, field: first.field, message: first.message })
            : '',
        });
        return reply.code(400).send(envelope(400, { errors: err.errors }, msg));
      }
    },
  );
  api.get(
    `${o.api}/template`,
    { config: { access: o.access }, schema: { querystring: noQuery, response: xlsxAnswer } },
    async (req, reply) => {
      const name = o.template.name[req.lang];
      const sheet: SheetColumn[] = o.columns.map((c) => ({
        header: c.required ? `${headerIn(c, req.lang)}*` : headerIn(c, req.lang),
        key: c.key,
      }));
      const notes = o.template.notes.map((n) => n[req.lang]);
      return sendWorkbook(reply, await workbookBuffer(name, sheet, [], notes), name);
    },
  );
}
