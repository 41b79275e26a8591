import type { Lang } from './text';

/**
 * A saved report (`blade_report_file.content`): a list query (`api` + `params`, the caller's own list
 * so scope applies), the fields rows are grouped by, and the columns to show. Isomorphic: the web shows
 * a report with it and the server exports the same figures.
 */
export type ReportAggregate = 'sum' | 'count' | 'last';

export interface ReportColumn {
  prop: string;
  label: string;
  labelEn?: string;
  /** How a group's rows make one cell; without one, the group's first value. */
  aggregate?: ReportAggregate;
}

export interface ReportContent {
  code?: string;
  nameEn?: string;
  api: string;
  params: Record<string, string | number>;
  groupBy: string[];
  columns: ReportColumn[];
}

export type ReportRow = Record<string, string | number | null>;

export interface ReportResult {
  rows: ReportRow[];
  /** Sums and counts over every row (other columns empty). */
  totals: ReportRow;
  /** How many source rows were read. */
  source: number;
}

/** A list URL of this back office (`/blade-psi/depositorylog/list`), called with the params. */
export const REPORT_API = /^\/blade-[a-z]+(?:\/[A-Za-z0-9_-]+)+$/;

/** The content of a report, or null when it is not a report definition. */
export function parseReportContent(content: unknown): ReportContent | null {
  let value: unknown = content;
  if (typeof content === 'string') {
    try {
      value = JSON.parse(content);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const c = value as Partial<ReportContent>;
  if (typeof c.api !== 'string' || !REPORT_API.test(c.api)) return null;
  if (!Array.isArray(c.columns) || c.columns.length === 0) return null;
  if (!c.columns.every((col) => col && typeof col.prop === 'string' && typeof col.label === 'string'))
    return null;
  const params = c.params && typeof c.params === 'object' ? c.params : {};
  const groupBy = Array.isArray(c.groupBy) ? c.groupBy.filter((g) => typeof g === 'string') : [];
  return { ...c, api: c.api, params, groupBy, columns: c.columns };
}

export const columnLabel = (column: ReportColumn, lang: Lang) =>
  lang === 'en' ? (column.labelEn ?? column.label) : column.label;

/** Decimal text or number as an integer of `scale` decimals (money `"12.50"` stays exact). */
const decimals = (v: string | number) => {
  const s = String(v);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
};
const isNumeric = (v: unknown): v is string | number =>
  (typeof v === 'number' && Number.isFinite(v)) ||
  (typeof v === 'string' && /^-?\d+(?:\.\d+)?$/.test(v.trim()));

/** Exact sum of numbers and decimal texts, in the largest number of decimals met (`"1.10" + 2` → `"3.10"`). */
function sum(values: unknown[]): string | number {
  const nums = values.filter(isNumeric);
  const scale = Math.min(6, Math.max(0, ...nums.map(decimals)));
  const factor = 10 ** scale;
  const total = nums.reduce<number>((acc, v) => acc + Math.round(Number(v) * factor), 0);
  return scale === 0 ? total : (total / factor).toFixed(scale);
}

const cell = (v: unknown): string | number | null =>
  v === undefined || v === null ? null : typeof v === 'number' || typeof v === 'string' ? v : String(v);

/**
 * Groups the list's rows by `groupBy` (in order of first appearance) and makes one row per group:
 * `sum` adds, `count` counts rows, `last` takes the newest row's value: the list is newest first when
 * its params sort descending (`descs`), so that is the group's first row, otherwise its final one.
 * Without `groupBy` every row is its own group. Totals add the `sum` and `count` columns.
 */
export function summarize(content: ReportContent, rows: Record<string, unknown>[]): ReportResult {
  const newestFirst = Boolean(content.params.descs);
  const groups = new Map<string, Record<string, unknown>[]>();
  rows.forEach((row, i) => {
    const key = content.groupBy.length
      ? JSON.stringify(content.groupBy.map((g) => row[g] ?? null))
      : String(i);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  });
  const out: ReportRow[] = [];
  for (const group of groups.values()) {
    const newest = newestFirst ? group[0]! : group[group.length - 1]!;
    const row: ReportRow = {};
    for (const col of content.columns) {
      const values = group.map((r) => r[col.prop]);
      row[col.prop] =
        col.aggregate === 'sum'
          ? sum(values)
          : col.aggregate === 'count'
            ? group.length
            : col.aggregate === 'last'
              ? cell(newest[col.prop])
              : cell(group[0]![col.prop]);
    }
    out.push(row);
  }
  const totals: ReportRow = {};
  for (const col of content.columns)
    totals[col.prop] =
      col.aggregate === 'sum'
        ? sum(out.map((r) => r[col.prop]))
        : col.aggregate === 'count'
          ? rows.length
          : null;
  return { rows: out, totals, source: rows.length };
}
