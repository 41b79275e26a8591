import { z } from 'zod';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import {
  emptyData,
  envelopeOf,
  pageOf,
  parseId,
  parseIdList,
  idNumberWire,
  filterTextOf,
  ID_TEXT,
  ID_LIST_TEXT,
  searchFields,
  submitWireShape,
  bothLanguages,
  t,
  type FieldDef,
  type Lang,
  type ResourceDef,
} from '@psi/db/model';
import { tableMeta } from './table-meta';
import { PAGE_NUMBER } from './page';

/**
 * The route schemas every module composes: request parameters carry today's messages as message keys
 * (see core/schema.ts: `paramMissing` / `paramType` naming the parameter), answers are the Blade
 * envelope around a row, a page, a list or nothing.
 */

/** A missing value is `paramMissing`, any other wrong one `paramType` (each naming the parameter). */
export const missingOrType = (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === '' ? 'paramMissing' : 'paramType';

/** A query or form id (a snowflake as decimal text, or a JSON number). */
export const idValue = z
  .union([z.string().regex(new RegExp(ID_TEXT), { error: missingOrType }), idNumberWire()], {
    error: missingOrType,
  })
  .superRefine((v, ctx) => {
    if (parseId(v) === null) ctx.addIssue({ code: 'custom', message: 'paramType' });
  })
  .describe('a record id');

/** A comma-joined id list (`ids=1,2,3`). */
export const idListValue = z
  .union(
    [
      z.string().regex(new RegExp(ID_LIST_TEXT), { error: missingOrType }),
      idNumberWire(),
      z.array(z.union([z.string().regex(new RegExp(ID_TEXT), { error: missingOrType }), idNumberWire()])),
    ],
    { error: missingOrType },
  )
  .superRefine((v, ctx) => {
    if (parseIdList(v) === null) ctx.addIssue({ code: 'custom', message: 'paramType' });
  })
  .describe('comma-joined record ids');

/** An optional id list as a JSON array or comma-joined text, left to the handler to read (a grant's lists). */
export const idListParam = (what: string) =>
  z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
    .optional()
    .describe(what);

/**
 * `current` / `size` of a paged list: decimal text, or empty for the default. Out-of-range numbers are
 * brought into range as Blade does (core/page.ts), not refused.
 */
const pageNumber = z.string().regex(PAGE_NUMBER, 'paramType').optional();

export const pageQuery = {
  current: pageNumber.describe('page number, from 1 (default 1; below 1 is 1)'),
  size: pageNumber.describe('rows per page, 1..500 (default 10 when empty or 0; larger or negative is 500)'),
};

const sortQuery = {
  ascs: z.string().optional().describe('comma-joined sortable fields, ascending'),
  descs: z.string().optional().describe('comma-joined sortable fields, descending'),
};

/** A filter's query value, checked by the rule the server's filters read it with. */
function filterValue(f: FieldDef, key: string): z.ZodString {
  const rule = filterTextOf(f, key !== f.name);
  return rule ? z.string().regex(new RegExp(rule), 'paramType') : z.string();
}

const searchKeys = (f: FieldDef): string[] =>
  f.search === 'dateRange' ? [`${f.name}_dategt`, `${f.name}_datelt`] : [f.name];

/**
 * The query of a list: paging, the declared sortable fields and the declared filters (Blade's
 * condition suffixes `_like`, `_equal`, `_datege` … also apply to the declared fields).
 */
export function listQuery(def: ResourceDef, paged = true) {
  const filters: Record<string, z.ZodOptional<z.ZodString>> = {};
  for (const f of searchFields(def))
    for (const key of searchKeys(f))
      filters[key] = filterValue(f, key)
        .optional()
        .describe(f.search === 'dateRange' ? `${f.label.en}: yyyy-MM-dd[ HH:mm:ss]` : f.label.en);
  const sortable = def.fields.filter((f) => f.sortable).map((f) => f.name);
  return z.looseObject({
    ...(paged ? pageQuery : {}),
    ...filters,
    ...sortQuery,
    ...(sortable.length
      ? {
          ascs: sortQuery.ascs.describe(`ascending by: ${sortable.join(', ')}`),
          descs: sortQuery.descs.describe(`descending by: ${sortable.join(', ')}`),
        }
      : {}),
  });
}

export const idQuery = z.looseObject({ id: idValue });
export const idsQuery = z.looseObject({ ids: idListValue.optional() });
/** `remove` takes `ids` from the query string or the form body. */
export const idsBody = formBody({ ids: idListValue.optional() });

/**
 * A form or JSON body, absent being `{}` (Blade's form calls may send their parameters in the query
 * string instead); anything but an object is refused with `invalidBody`.
 */
export function formBody<T extends z.ZodRawShape>(shape: T) {
  return z.preprocess(
    (v) => (v === null || v === undefined ? {} : v),
    z.looseObject(shape, { error: 'invalidBody' }),
  );
}

/** A wire value that may be empty (`""` stands for null on the wire). */
const orEmpty = <T extends z.ZodType>(s: T) => z.union([s, z.literal('')]);

/** A value of a row column on the wire, from the drizzle column and the declared field. */
function columnValue(
  column: { columnType: string; notNull: boolean; mapFromDriverValue(v: unknown): unknown },
  field?: FieldDef,
) {
  let s: z.ZodType;
  if (field?.kind === 'money') s = z.string().describe('money, two decimals');
  else if (column.columnType === 'SQLiteText') s = z.string();
  else s = typeof column.mapFromDriverValue(1n) === 'string' ? z.string().describe('id') : z.number();
  if (field) s = s.describe(field.label.en);
  return column.notNull ? s : orEmpty(s);
}

/** Every column of a table row as `toWireRow` sends it (secrets left out, the password emptied). */
export function rowShape(def: ResourceDef | undefined, table: SQLiteTable): Record<string, z.ZodType> {
  const meta = tableMeta(table);
  const fields = new Map(def?.fields.map((f) => [f.name, f]));
  const shape: Record<string, z.ZodType> = {};
  for (const c of meta.columns) {
    const f = fields.get(c.key);
    if (c.key === 'password') shape[c.key] = z.literal('');
    else if (!f?.secret) shape[c.key] = columnValue(c.column as never, f);
  }
  return shape;
}

export const rowSchema = (def: ResourceDef | undefined, table: SQLiteTable, extra: z.ZodRawShape = {}) =>
  z.looseObject({ ...rowShape(def, table), ...extra });

/** A whole number as JSON or decimal text (forms send text). */
export const integerValue = (bounds: { minimum?: number; maximum?: number } = {}) =>
  z.union([z.number().meta({ type: 'integer', ...bounds }), z.string().regex(/^\s*[-+]?\d{1,16}\s*$/)]);

/** A day and time as the forms send it (`yyyy-MM-dd HH:mm:ss`, or the day alone). */
export const dateTimeValue = z
  .string()
  .regex(/^\s*\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?\s*$/)
  .describe('yyyy-MM-dd HH:mm:ss');

/** An id that may be left empty (`""` or `null` on the wire stand for none). */
export const emptyOrIdValue = z.union([z.literal(''), z.null(), idValue]);

/**
 * The body of a submit: the declared form fields, typed and checked as the declaration says
 * (`submitWireShape`), each optional here: which are required depends on add or edit, so the handler
 * says so. Unknown keys are ignored.
 */
export function submitBody(def: ResourceDef, extra: z.ZodRawShape = {}, { required = false } = {}) {
  const shape: Record<string, z.ZodType> = {
    id: emptyOrIdValue.optional().describe('absent to add, set to edit'),
    ...submitWireShape(def),
  };
  return required ? requiredBody({ ...shape, ...extra }) : formBody({ ...shape, ...extra });
}

/**
 * A body typed for the document and checked first by a schema a module builds per language (with its
 * own messages, which Blade's clients show): a failure is that schema's messages joined as
 * `validationError` joins them, in both languages. The value leaves as it came, for the handler's parse
 * to convert.
 */
export function checkedBy<T extends z.ZodType>(schema: T, build: (lang: Lang) => z.ZodType) {
  const joined = (e: z.ZodError) => [...new Set(e.issues.map((i) => i.message))].join('; ');
  return z.preprocess((v, ctx) => {
    const body = v === null || v === undefined ? {} : v;
    const zh = build('zh').safeParse(body);
    if (zh.success) return v;
    const en = build('en').safeParse(body);
    const message = t(joined(zh.error), en.success ? joined(zh.error) : joined(en.error));
    ctx.addIssue({ code: 'custom', message: bothLanguages(message) });
    return v;
  }, schema);
}

/** A body that must be sent as an object: a missing or `null` body is refused with `invalidBody`. */
function requiredBody<T extends z.ZodRawShape>(shape: T) {
  return z.looseObject(shape, { error: 'invalidBody' });
}

/** `R` answers. */
export const answers = {
  of: <T extends z.ZodType>(data: T) => ({ 200: envelopeOf(data) }),
  page: <T extends z.ZodType>(row: T) => ({ 200: envelopeOf(pageOf(row)) }),
  list: <T extends z.ZodType>(row: T) => ({ 200: envelopeOf(z.array(row)) }),
  /** a row, or `{}` when there is none */
  maybe: <T extends z.ZodType>(row: T) => ({ 200: envelopeOf(z.union([row, emptyData])) }),
  done: () => ({ 200: envelopeOf(emptyData) }),
};

/** The query string of a route that reads none (extra keys are ignored, as Blade does). */
export const noQuery = z.looseObject({}).describe('no parameters');

/** The body of a call that reads none (a form call may still send `{}` or nothing). */
export const noBody = formBody({});

/** A binary answer (a spreadsheet, a file) as the document shows it: its media type, bytes. */
export function binaryAnswer(mediaTypes: string | string[], description: string) {
  const content: Record<string, { schema: z.ZodType }> = {};
  for (const type of [mediaTypes].flat()) content[type] = { schema: z.string().meta({ format: 'binary' }) };
  return { 200: { description, content } };
}

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A tree of rows (`forest()`): every node says `hasChildren`, and nests its `children` when it has
 * any. Recursive, so it is a named component of the document: build it once, at module level.
 */
export function forestOf<T extends z.ZodRawShape>(id: string, shape: T): z.ZodType {
  const node: z.ZodType = z
    .looseObject({
      ...shape,
      hasChildren: z.boolean(),
      get children() {
        return z.array(node).optional();
      },
    })
    .meta({ id });
  return node;
}

/** An optional id parameter (`parentId`, `topMenuId`): absent, empty, or a valid id. */
export const optionalIdValue = z
  .union([z.literal(''), z.string().regex(new RegExp(ID_TEXT)), idNumberWire()], { error: 'paramType' })
  .superRefine((v, ctx) => {
    if (v !== '' && parseId(v) === null) ctx.addIssue({ code: 'custom', message: 'paramType' });
  })
  .optional();

/** Text with something besides spaces, and no NUL: what `param()` does not take as missing. */
const FILLED_TEXT = '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$';

/**
 * A parameter the call cannot do without (its handler answers `paramMissing`): required in a GET's
 * query string (`textQuery`); a form call (`formParams`) may send it in the query or the body, so
 * there neither place requires it and the description says so.
 */
export const requiredParam = <T extends string | z.ZodType>(spec: T) => ({ required: true as const, spec });
type ParamSpec = string | z.ZodType | ReturnType<typeof requiredParam>;

type TextSpec = string | { required: true; spec: string };

/** A text query parameter with what it means: optional, or filled when required. */
function textParam(spec: TextSpec): z.ZodType<string | undefined> {
  return typeof spec === 'string'
    ? z.string().optional().describe(spec)
    : z.string().regex(new RegExp(FILLED_TEXT), { error: missingOrType }).describe(spec.spec);
}

/** A form parameter's schema in the query string: optional (the body may carry it instead), described. */
function queryParam(spec: ParamSpec): z.ZodType {
  const own = typeof spec === 'object' && 'required' in spec ? spec.spec : spec;
  const needed = own !== spec ? ' (required: in the query or the body)' : '';
  return typeof own === 'string'
    ? textParam(own + needed)
    : own.optional().describe(`${own.description ?? ''}${needed}`.trim());
}

/** Text parameters of a query string, each with what it means (optional unless `required`). */
export function textQuery(fields: Record<string, TextSpec>) {
  return z.looseObject(
    Object.fromEntries(Object.entries(fields).map(([name, spec]) => [name, textParam(spec)])) as Record<
      string,
      z.ZodType<string | undefined>
    >,
  );
}

/** A form parameter as `param()` reads it: text, a number, a flag, or a list joined with commas. */
const formValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))], {
  error: 'paramType',
});

/**
 * The parameters of a Blade form call, read from the query string or the form body alike (each
 * described once): `{querystring, body}` of the route schema. A parameter is its description (any
 * text, read by `param()`), or its schema, which then checks the query string and the body alike.
 */
export function formParams(fields: Record<string, ParamSpec>) {
  const query: Record<string, z.ZodType> = {};
  const body: Record<string, z.ZodType> = {};
  for (const [name, spec] of Object.entries(fields)) {
    query[name] = queryParam(spec);
    const own = typeof spec === 'object' && 'required' in spec ? spec.spec : spec;
    body[name] = typeof own === 'string' ? formValue.optional().describe(own) : own.optional();
  }
  return { querystring: z.looseObject(query), body: formBody(body) };
}

/**
 * A multipart upload (`readUpload` reads it, the parser does not): the document shows the file and
 * its form fields; the validator only sees the (absent) parsed body.
 */
export function uploadBody(fields: Record<string, string> = {}, fileField = 'file') {
  const shape: Record<string, z.ZodType> = {
    [fileField]: z.unknown().optional().meta({ type: 'string', format: 'binary' }).describe('the file'),
  };
  for (const [name, what] of Object.entries(fields)) shape[name] = z.unknown().optional().describe(what);
  return formBody(shape);
}
/** `consumes` of an upload route, for the document. */
export const MULTIPART = ['multipart/form-data'];

/** A server-sent event stream, as the document shows it. */
export function eventStreamAnswer(description: string) {
  const event = z.looseObject({ id: z.string().optional(), event: z.string().optional(), data: z.string() });
  return { 200: { description, content: { 'text/event-stream': { schema: event } } } };
}
