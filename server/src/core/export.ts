import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { queryOf } from './request';
import type ExcelJS from 'exceljs';
import { z } from 'zod';
import { loadExcel } from './excel-library';
import {
  defaultAccess,
  fill,
  t,
  tableFields,
  type Access,
  type FieldDef,
  type Lang,
  type ResourceDef,
  type Text,
} from '@psi/db/model';
import { ApiError, badRequest } from './errors';
import { prepare } from './data';
import { actorOf } from './request-params';
import { listAll, tenantFilterOfSuperAdminOnly, type ListSpec } from './scoped-list';
import { toWireRow } from './serialize';

/**
 * Excel export and import for any resource.
 *
 * Export: `registerExport(app, spec)` adds `GET {def.api}/export`, which answers the rows the
 * resource's `list` would show for the same query (filters, sort, tenant and data scope; every page,
 * up to `maxRows`) as an .xlsx with the declaration's table columns, dictionary codes as their labels
 * and every text cell that starts with `= + - @` (or a tab / carriage return) neutralised. Custom
 * exports use `workbookBuffer` + `sendWorkbook` with their own `SheetColumn`s.
 *
 * Import: `readUpload(req)` takes the multipart `file` (size-checked), `readWorkbook(buffer)` gives the
 * first sheet's header and rows as text, `columnKeys(headers, columns)` maps header labels (zh or en,
 * or the field name) to keys. Validate every row first and write nothing when any row is bad
 * (`rowErrors` formats the answer).
 */

export interface SheetColumn {
  key: string;
  header: string;
  width?: number;
  /** The cell value for a row (default `row[key]`). */
  value?: (row: Record<string, unknown>) => unknown;
  /**
   * How the cell is written: `text` always as (neutralised) text, `number` and `money` as numbers
   * (money with two places); by default a value keeps its type.
   */
  kind?: 'text' | 'number' | 'money';
}

const texts = {
  badFile: t('导入文件不是有效的 Excel(.xlsx) 文件', 'The file is not a valid Excel (.xlsx) workbook'),
  noFile: t('请选择要上传的文件', 'Please choose a file to upload'),
  badUpload: t('上传的内容无法读取', 'The upload cannot be read'),
  tooLarge: t('文件大小不能超过{max}', 'The file must not be larger than {max}'),
  tooManyRows: t('导入数据不能超过{max}行', 'An import may hold at most {max} rows'),
  empty: t('导入文件没有数据', 'The file holds no rows'),
  rowError: t('第{row}行: {msg}', 'Row {row}: {msg}'),
  missingColumn: t('缺少列: {name}', 'Missing column: {name}'),
};

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An .xlsx download in the document (the body is the workbook, never JSON). */
export const xlsxAnswer = {
  200: {
    description: 'an .xlsx workbook (Content-Disposition: attachment, UTF-8 file name)',
    content: { [XLSX_TYPE]: { schema: z.string().describe('the workbook bytes') } },
  },
};

/** A text that a spreadsheet would run as a formula gets a leading apostrophe; other values pass. */
export function neutralise(value: unknown): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A cell of a typed column (see `SheetColumn.kind`); empty values leave the cell empty. */
function cellValue(c: SheetColumn, v: unknown): ReturnType<typeof neutralise> {
  if (!c.kind) return neutralise(v);
  if (v === null || v === undefined || v === '') return null;
  if (c.kind === 'text') return neutralise(String(v));
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : neutralise(String(v));
}

/** One worksheet as an .xlsx buffer; `notes` (an import template's rules) go to a second sheet. */
export async function workbookBuffer(
  sheetName: string,
  columns: SheetColumn[],
  rows: Record<string, unknown>[],
  notes: string[] = [],
): Promise<Buffer> {
  const Excel = await loadExcel();
  const book = new Excel.Workbook();
  book.created = new Date();
  const sheet = book.addWorksheet(sheetName.slice(0, 31).replace(/[\\/?*[\]:]/g, ' ') || 'Sheet1');
  sheet.columns = columns.map((c) => ({
    header: String(neutralise(c.header) ?? ''),
    key: c.key,
    width: c.width ?? Math.min(40, Math.max(12, c.header.length * 2 + 4)),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const added = sheet.addRow(
      Object.fromEntries(columns.map((c) => [c.key, cellValue(c, c.value ? c.value(row) : row[c.key])])),
    );
    columns.forEach((c, i) => {
      if (c.kind === 'money') added.getCell(i + 1).numFmt = '0.00';
    });
  }
  if (notes.length) {
    const info = book.addWorksheet('说明 Notes');
    info.getColumn(1).width = 100;
    for (const n of notes) info.addRow([n]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Sends a workbook as a download named `<filename>.xlsx` (UTF-8 name per RFC 6266). */
export function sendWorkbook(reply: FastifyReply, buffer: Buffer, filename: string): FastifyReply {
  const safe = filename.replace(/[\r\n"\\/]/g, '_');
  return reply
    .header('Content-Type', XLSX_TYPE)
    .header(
      'Content-Disposition',
      `attachment; filename="${encodeURIComponent(safe)}.xlsx"; filename*=UTF-8''${encodeURIComponent(safe)}.xlsx`,
    )
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store')
    .send(buffer);
}

/**
 * Labels of a dictionary's entries by key (`blade_dict`, or the tenant's `blade_dict_biz`), for
 * turning stored codes into what a reader understands.
 */
/** One entry of a dictionary: its key and its label. */
interface DictionaryLabel {
  k: string;
  v: string;
}

export function dictionaryLabels(
  app: FastifyInstance,
  code: string,
  source: 'dict' | 'dict-biz' = 'dict',
  tenantId = '000000',
  /** English: the entry's English label where it keeps one; else the Blade label (`dict_value`). */
  lang: Lang = 'zh',
): Map<string, string> {
  const value = lang === 'en' ? "COALESCE(NULLIF(dict_value_en, ''), dict_value)" : 'dict_value';
  const rows =
    source === 'dict-biz'
      ? prepare<DictionaryLabel, [string, string]>(
          app.ctx.sqlite,
          `SELECT dict_key AS k, ${value} AS v FROM blade_dict_biz
           WHERE code = ? AND parent_id <> 0 AND is_deleted = 0 AND tenant_id = ? ORDER BY sort`,
        ).all(code, tenantId)
      : prepare<DictionaryLabel, [string]>(
          app.ctx.sqlite,
          `SELECT dict_key AS k, ${value} AS v FROM blade_dict
           WHERE code = ? AND parent_id <> 0 AND is_deleted = 0 ORDER BY sort`,
        ).all(code);
  return new Map(rows.map((r) => [String(r.k), r.v]));
}

/** How a field's stored value reads: dictionary or option labels; everything else as sent on the wire. */
export function fieldReader(
  app: FastifyInstance,
  f: FieldDef,
  lang: Lang,
  tenantId: string,
): (value: unknown) => unknown {
  const labels = new Map<string, string>();
  for (const o of f.options ?? []) labels.set(String(o.value), o.label[lang]);
  if (f.dict) {
    for (const [k, v] of dictionaryLabels(app, f.dict.code, f.dict.source, tenantId)) labels.set(k, v);
  }
  if (!labels.size) return (v) => (v === '' ? null : v);
  return (v) => (v === '' || v === null || v === undefined ? null : (labels.get(String(v)) ?? v));
}

/**
 * The label fields a declaration's coded fields add to its rows (`labelField`), each read from the
 * field's dictionary or options in `lang`; `''` for a value neither knows, as Blade's wrappers send.
 */
export function labelFieldsOf(
  app: FastifyInstance,
  def: ResourceDef,
  lang: Lang,
  tenantId: string,
): (row: Record<string, unknown>) => Record<string, string> {
  const readers = def.fields.flatMap((f) => {
    if (!f.labelField) return [];
    const labels = new Map<string, string>();
    for (const o of f.options ?? []) labels.set(String(o.value), o.label[lang]);
    if (f.dict)
      for (const [k, v] of dictionaryLabels(app, f.dict.code, f.dict.source, tenantId, lang))
        labels.set(k, v);
    return [{ name: f.name, label: f.labelField, labels }];
  });
  return (row) =>
    Object.fromEntries(readers.map((r) => [r.label, r.labels.get(String(row[r.name] ?? '')) ?? '']));
}

/** The declaration's table columns (secrets never), headed with their labels in `lang`. */
function resourceColumns(
  app: FastifyInstance,
  def: ResourceDef,
  lang: Lang,
  tenantId: string,
): SheetColumn[] {
  return tableFields(def).map((f) => {
    const read = fieldReader(app, f, lang, tenantId);
    return { key: f.name, header: f.label[lang], value: (row) => read(row[f.name]) };
  });
}

export interface ExportOptions {
  /** Who may export (default: the resource's `export` access, i.e. its menu). */
  access?: Access;
  /** The download's name (default: the resource's title). */
  filename?: Text;
  /** At most this many rows (default 50 000). */
  maxRows?: number;
  /** Other columns than the declaration's table columns. */
  columns?: (req: FastifyRequest) => SheetColumn[];
  /** Adds derived values (joined names …) to the rows before they are written. */
  decorate?: (rows: Record<string, unknown>[], req: FastifyRequest) => Record<string, unknown>[];
}

/** `GET {def.api}/export`: the list's rows for the same query, as an .xlsx download. */
export function registerExport(app: FastifyInstance, spec: ListSpec, options: ExportOptions = {}): void {
  const { def } = spec;
  const list: ListSpec = { narrow: tenantFilterOfSuperAdminOnly, ...spec };
  const access = options.access ?? defaultAccess(def).export;
  app.get(`${def.api}/export`, { config: { access } }, async (req, reply) => {
    const actor = actorOf(req);
    const rows = listAll(app.ctx.sqlite, list, actor, queryOf(req), options.maxRows ?? 50_000).map((r) =>
      toWireRow(r, def),
    );
    const decorated = options.decorate ? options.decorate(rows, req) : rows;
    const columns = options.columns?.(req) ?? resourceColumns(app, def, req.lang, actor.tenantId);
    const title = (options.filename ?? def.title)[req.lang];
    return sendWorkbook(reply, await workbookBuffer(title, columns, decorated), title);
  });
}

export interface UploadedFile {
  filename: string;
  mimetype: string;
  buffer: Buffer;
  /** Multipart text fields sent before the file. */
  fields: Record<string, string>;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)}MB` : `${Math.round(bytes / 1024)}KB`;

/**
 * What a multipart body that breaks while it is read (a cut-off body, a malformed part header: the
 * parser's own errors) becomes: a 400 envelope, never a 500 and an error-log row. An `ApiError` of
 * ours passes through.
 */
export function uploadFailure(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const status = (err as { statusCode?: number }).statusCode;
  if (status === 413) return new ApiError(413, 413, texts.badUpload);
  return badRequest(texts.badUpload);
}

/**
 * The multipart `file` of a request, read into memory with a size limit: an oversize file is
 * refused (HTTP 413) before any of it is kept.
 */
export async function readUpload(req: FastifyRequest, maxBytes: number): Promise<UploadedFile> {
  if (!req.isMultipart()) throw badRequest(texts.noFile);
  const tooLarge = () => new ApiError(413, 413, texts.tooLarge, { max: sizeText(maxBytes) });
  let part;
  try {
    // keep the client's name whole, so that a name with directory parts can be refused, not trimmed
    part = await req.file({ limits: { fileSize: maxBytes, files: 1 }, preservePath: true });
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge();
    throw badRequest(texts.noFile);
  }
  if (!part) throw badRequest(texts.noFile);
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413 || part.file.truncated) throw tooLarge();
    throw uploadFailure(err);
  }
  if (part.file.truncated) throw tooLarge();
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(part.fields)) {
    const one = Array.isArray(v) ? v[0] : v;
    if (one && one.type === 'field' && typeof one.value === 'string') fields[k] = one.value;
  }
  return { filename: part.filename, mimetype: part.mimetype, buffer, fields };
}

export interface SheetRow {
  /** The row's number in the sheet (the header is row 1). */
  rowNumber: number;
  values: string[];
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

/** The first sheet of an .xlsx as text: its header row and every non-empty row after it. */
export async function readWorkbook(
  buffer: Buffer,
  maxRows = 5000,
): Promise<{ headers: string[]; rows: SheetRow[] }> {
  const Excel = await loadExcel();
  const book = new Excel.Workbook();
  try {
    await book.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    throw badRequest(texts.badFile);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw badRequest(texts.empty);
  const width = sheet.columnCount;
  const readRow = (r: ExcelJS.Row) =>
    Array.from({ length: width }, (_, i) => cellText(r.getCell(i + 1).value).trim());
  const headers = readRow(sheet.getRow(1)).map((h) => h.replace(/^'/, ''));
  const rows: SheetRow[] = [];
  for (let n = 2; n <= sheet.rowCount; n++) {
    const values = readRow(sheet.getRow(n)).map((v) => v.replace(/^'(?=[=+\-@\t\r])/, ''));
    if (values.every((v) => v === '')) continue;
    if (rows.length >= maxRows) throw badRequest(texts.tooManyRows, { max: maxRows });
    rows.push({ rowNumber: n, values });
  }
  if (!rows.length) throw badRequest(texts.empty);
  return { headers, rows };
}

/**
 * The column index of each key, found by header text (either language's label or the key itself);
 * a missing required column refuses the file.
 */
export function columnKeys(
  headers: string[],
  columns: { key: string; label: Text; required?: boolean }[],
  lang: Lang,
): Map<string, number> {
  const found = new Map<string, number>();
  for (const c of columns) {
    const names = [c.key, c.label.zh, c.label.en].map((n) => n.toLowerCase());
    const at = headers.findIndex((h) => names.includes(h.toLowerCase()));
    if (at >= 0) found.set(c.key, at);
    else if (c.required) throw badRequest(texts.missingColumn, { name: c.label[lang] });
  }
  return found;
}

/** One 400 naming every bad row (`第3行: 请输入登录账号; 第5行: …`), capped at 20 rows. */
export function rowErrors(errors: { row: number; msg: string }[], lang: Lang): ApiError {
  const shown = errors
    .slice(0, 20)
    .map((e) => fill(texts.rowError[lang], { row: e.row, msg: e.msg }))
    .join('; ');
  return badRequest(errors.length > 20 ? `${shown}; …` : shown);
}

/** A sheet row read by header names: its number in the sheet (the header is row 1) and its cells by key. */
export interface SheetRecord {
  row: number;
  cells: Record<string, string>;
}

/** Why `readSheet` refused a file: unreadable, required header columns missing (`detail`), too many rows. */
export class SheetError extends Error {
  constructor(
    readonly kind: 'badFile' | 'header' | 'tooMany',
    readonly detail = '',
  ) {
    super(kind);
  }
}

/**
 * Reads the first worksheet by header names: row 1 is the header, each header matched to a column by
 * any of its names (spaces and the template's `*` ignored). Blank rows are skipped. Missing required
 * columns, an unreadable file or more than `maxRows` rows are refused (`SheetError`) before any row
 * is looked at; the caller words the refusal.
 */
export async function readSheet(
  buffer: Buffer,
  columns: { key: string; names: string[]; required?: boolean }[],
  maxRows: number,
): Promise<SheetRecord[]> {
  const Excel = await loadExcel();
  const book = new Excel.Workbook();
  try {
    await book.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    throw new SheetError('badFile');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new SheetError('badFile');
  const text = (cell: ExcelJS.Cell): string => {
    const v = cell.value;
    if (v === null || v === undefined) return '';
    if (typeof v === 'number') return String(v);
    if (typeof v === 'string') return v.trim();
    return (cell.text ?? '').trim();
  };
  const byColumn = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, col) => {
    const name = text(cell).replace(/\s|\*/g, '').toLowerCase();
    const match = columns.find((c) => c.names.some((n) => n.replace(/\s/g, '').toLowerCase() === name));
    if (match) byColumn.set(col, match.key);
  });
  const found = new Set(byColumn.values());
  const missing = columns.filter((c) => c.required && !found.has(c.key)).map((c) => c.names[0]);
  if (missing.length) throw new SheetError('header', missing.join(', '));
  if (sheet.rowCount - 1 > maxRows) throw new SheetError('tooMany', String(maxRows));
  const rows: SheetRecord[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells: Record<string, string> = {};
    let any = false;
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      const key = byColumn.get(col);
      if (!key) return;
      const value = text(cell);
      if (value) any = true;
      cells[key] = value;
    });
    if (any) rows.push({ row: rowNumber, cells });
  });
  if (rows.length > maxRows) throw new SheetError('tooMany', String(maxRows));
  return rows;
}
