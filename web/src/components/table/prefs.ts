import type { ColumnPriority } from '@psi/db/model';

/**
 * The column settings of a list, kept per user and table: which columns show, in which order, and the
 * row density. Free of React so the rules can be tested on their own.
 */
export type Density = 'large' | 'middle' | 'small';
const DENSITIES: readonly Density[] = ['large', 'middle', 'small'];

export interface TablePrefs {
  /** Column keys in the user's order; columns missing here follow in their default order. */
  order: string[];
  hidden: string[];
  density: Density;
}

/** What the settings need to know of a column. */
export interface ColumnMeta {
  key: string;
  title: string;
  priority?: ColumnPriority;
}

/** Key columns first (in their own order), then the rest: what a 1366 px screen shows unscrolled. */
export function byPriority<T extends { priority?: ColumnPriority }>(columns: readonly T[]): T[] {
  return [
    ...columns.filter((column) => column.priority === 'key'),
    ...columns.filter((column) => column.priority !== 'key'),
  ];
}

/** The settings of a table nobody has changed: priority order, optional columns hidden. */
export function defaultPrefs(columns: readonly ColumnMeta[], density: Density = 'middle'): TablePrefs {
  return {
    order: byPriority(columns).map((column) => column.key),
    hidden: columns.filter((column) => column.priority === 'optional').map((column) => column.key),
    density,
  };
}

/**
 * The columns in the user's order (columns the saved order does not know, added since, take their
 * default place after the known ones), with `shown` telling whether each one shows. At least one column
 * always shows.
 */
export function arrange<T extends ColumnMeta>(
  columns: readonly T[],
  prefs: TablePrefs,
): { column: T; shown: boolean }[] {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const known = prefs.order.filter((key) => byKey.has(key));
  const rest = byPriority(columns).filter((column) => !known.includes(column.key));
  const ordered = [...known.map((key) => byKey.get(key)!), ...rest];
  const arranged = ordered.map((column) => ({ column, shown: !prefs.hidden.includes(column.key) }));
  if (arranged.length > 0 && !arranged.some((entry) => entry.shown)) arranged[0].shown = true;
  return arranged;
}

/** The shown columns, in order. */
export function shownColumns<T extends ColumnMeta>(columns: readonly T[], prefs: TablePrefs): T[] {
  return arrange(columns, prefs)
    .filter((entry) => entry.shown)
    .map((entry) => entry.column);
}

/** Moves a column one place up (-1) or down (+1) in the arranged order. */
export function moveColumn(
  columns: readonly ColumnMeta[],
  prefs: TablePrefs,
  key: string,
  step: -1 | 1,
): TablePrefs {
  const order = arrange(columns, prefs).map((entry) => entry.column.key);
  const from = order.indexOf(key);
  const to = from + step;
  if (from < 0 || to < 0 || to >= order.length) return prefs;
  [order[from], order[to]] = [order[to], order[from]];
  return { ...prefs, order };
}

/** Shows or hides a column; the last shown column cannot be hidden. */
export function toggleColumn(
  columns: readonly ColumnMeta[],
  prefs: TablePrefs,
  key: string,
  shown: boolean,
): TablePrefs {
  if (shown) return { ...prefs, hidden: prefs.hidden.filter((name) => name !== key) };
  const stillShown = arrange(columns, prefs).filter((entry) => entry.shown && entry.column.key !== key);
  if (stillShown.length === 0) return prefs;
  return { ...prefs, hidden: [...new Set([...prefs.hidden, key])] };
}

/** Shows every column, or only the first one of the arranged order. */
export function toggleAll(columns: readonly ColumnMeta[], prefs: TablePrefs, shown: boolean): TablePrefs {
  if (shown) return { ...prefs, hidden: [] };
  const [first, ...others] = arrange(columns, prefs).map((entry) => entry.column.key);
  return first === undefined ? prefs : { ...prefs, hidden: others };
}

/** Saved settings read back; anything malformed falls back to the defaults. */
export function parsePrefs(raw: string | null, fallback: TablePrefs): TablePrefs {
  if (!raw) return fallback;
  try {
    const saved = JSON.parse(raw) as Partial<Record<keyof TablePrefs, unknown>> | null;
    if (typeof saved !== 'object' || saved === null) return fallback;
    const strings = (value: unknown) =>
      Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : null;
    return {
      order: strings(saved.order) ?? fallback.order,
      hidden: strings(saved.hidden) ?? fallback.hidden,
      density: DENSITIES.includes(saved.density as Density) ? (saved.density as Density) : fallback.density,
    };
  } catch {
    return fallback;
  }
}

/** Marks a header cell with its column and priority (what the layout checks look for). */
export function headerMarks(key: string, priority?: ColumnPriority | 'actions') {
  return () => ({ 'data-column': key, 'data-priority': priority ?? 'normal' }) as object;
}
