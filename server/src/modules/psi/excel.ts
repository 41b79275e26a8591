import type ExcelJS from 'exceljs';
import { loadExcel } from '../../core/excel-library';

/** Cells that a spreadsheet would run as a formula are stored as text with a leading quote. */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export interface SheetColumn {
  header: string;
  key: string;
  width?: number;
  /** `money` cells are numbers with two places */
  kind?: 'text' | 'number' | 'money';
}

/** One worksheet as an .xlsx buffer; text cells are neutralised. */
export async function workbookBuffer(
  sheetName: string,
  columns: SheetColumn[],
  rows: Record<string, unknown>[],
  notes: string[] = [],
): Promise<Buffer> {
  const Excel = await loadExcel();
  const wb = new Excel.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width ?? Math.max(12, c.header.length * 2 + 4),
  }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) {
    const values: Record<string, unknown> = {};
    for (const c of columns) {
      const v = r[c.key];
      if (v === null || v === undefined || v === '') continue;
      if (c.kind === 'money' || c.kind === 'number') {
        const n = typeof v === 'number' ? v : Number(v);
        values[c.key] = Number.isFinite(n) ? n : neutralise(String(v));
      } else values[c.key] = neutralise(String(v));
    }
    const row = ws.addRow(values);
    columns.forEach((c, i) => {
      if (c.kind === 'money') row.getCell(i + 1).numFmt = '0.00';
    });
  }
  if (notes.length) {
    const info = wb.addWorksheet('说明 Notes');
    info.getColumn(1).width = 100;
    for (const n of notes) info.addRow([n]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export interface SheetRow {
  /** the spreadsheet row number (the header is row 1) */
  row: number;
  cells: Record<string, string>;
}

export class SheetError extends Error {
  constructor(
    readonly kind: 'badFile' | 'header' | 'tooMany',
    readonly detail = '',
  ) {
    super(kind);
  }
}

const cellText = (cell: ExcelJS.Cell): string => {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return v.trim();
  return (cell.text ?? '').trim();
};

/**
 * Reads the first worksheet: row 1 is the header; each header is matched to a field by any of its
 * names. Blank rows are skipped. Missing required columns, an unreadable file or more than
 * `maxRows` rows are refused before any row is looked at.
 */
export async function readSheet(
  buffer: Buffer,
  columns: { key: string; names: string[]; required?: boolean }[],
  maxRows: number,
): Promise<SheetRow[]> {
  const Excel = await loadExcel();
  const wb = new Excel.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new SheetError('badFile');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new SheetError('badFile');
  const byColumn = new Map<number, string>();
  ws.getRow(1).eachCell((cell, col) => {
    const name = cellText(cell).replace(/\s|\*/g, '').toLowerCase();
    const match = columns.find((c) => c.names.some((n) => n.replace(/\s/g, '').toLowerCase() === name));
    if (match) byColumn.set(col, match.key);
  });
  const found = new Set(byColumn.values());
  const missing = columns.filter((c) => c.required && !found.has(c.key)).map((c) => c.names[0]);
  if (missing.length) throw new SheetError('header', missing.join(', '));
  if (ws.rowCount - 1 > maxRows) throw new SheetError('tooMany', String(maxRows));
  const rows: SheetRow[] = [];
  ws.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells: Record<string, string> = {};
    let any = false;
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      const key = byColumn.get(col);
      if (!key) return;
      const text = cellText(cell);
      if (text) any = true;
      cells[key] = text;
    });
    if (any) rows.push({ row: rowNumber, cells });
  });
  if (rows.length > maxRows) throw new SheetError('tooMany', String(maxRows));
  return rows;
}
