import type { ReactNode } from 'react';
import type { TableColumnType, TableProps } from 'antd';
import type { ColumnPriority } from '@psi/db/model';
import { byPriority, headerMarks, shownColumns } from './prefs';
import { useTablePrefs } from './useTablePrefs';
import './table.css';

/** What a list table needs to fit: columns as wide as their content, headers never cut. */
export const fitTableProps = {
  className: 'psi-fit-table',
  tableLayout: 'auto',
  scroll: { x: 'max-content' },
} satisfies TableProps<object>;

/** A long text clipped inside its cell (the whole text in its tooltip); the header is never cut. */
function ClipText({ children, width = 240 }: { children: ReactNode; width?: number }) {
  return (
    <span
      className="psi-cell-clip"
      style={{ maxWidth: width }}
      title={typeof children === 'string' ? children : undefined}
    >
      {children}
    </span>
  );
}

const columnKey = <T,>(column: TableColumnType<T>) =>
  String(column.key ?? (Array.isArray(column.dataIndex) ? column.dataIndex.join('.') : column.dataIndex));

/** One column of such a list, marked for the layout checks; an `ellipsis` column clips its cells. */
function fitColumn<T>(
  column: TableColumnType<T>,
  key: string,
  priority: ColumnPriority | undefined,
): TableColumnType<T> {
  if (key === 'actions')
    return { ...column, fixed: 'right' as const, onHeaderCell: headerMarks(key, 'actions') };
  const fitted: TableColumnType<T> = { ...column, onHeaderCell: headerMarks(key, priority) };
  if (column.ellipsis) {
    fitted.ellipsis = undefined;
    fitted.render = (value: unknown, record: T, index: number) => (
      <ClipText>
        {column.render ? (column.render(value, record, index) as ReactNode) : (value as ReactNode)}
      </ClipText>
    );
  }
  return fitted;
}

const marked = <T,>(columns: TableColumnType<T>[], keys: readonly string[]) =>
  columns.map((column) => ({
    column,
    key: columnKey(column),
    title: typeof column.title === 'string' ? column.title : columnKey(column),
    priority: keys.includes(columnKey(column)) ? ('key' as const) : undefined,
  }));

/**
 * The columns of a list with no declaration behind it (stock on hand, the workflow lists, fed by
 * their own endpoints): the `keys` named come first and show at the initial scroll position, the
 * `actions` column stays on the right, and an `ellipsis` column clips its cells instead of its header.
 */
export function fitColumns<T>(columns: TableColumnType<T>[], keys: readonly string[]): TableColumnType<T>[] {
  return byPriority(marked(columns, keys)).map(({ column, key, priority }) =>
    fitColumn(column, key, priority),
  );
}

/**
 * `fitColumns` with the column settings of the declared lists (show, hide, order, density), kept per
 * user under `table`: the columns to show, and what `TableSettings` needs.
 */
export function useFitColumns<T>(table: string, columns: TableColumnType<T>[], keys: readonly string[]) {
  const all = marked(columns, keys);
  const metas = all.filter((meta) => meta.key !== 'actions');
  const prefs = useTablePrefs(table, metas);
  const shown = [...shownColumns(metas, prefs.prefs), ...all.filter((meta) => meta.key === 'actions')];
  return {
    columns: shown.map(({ column, key, priority }) => fitColumn(column, key, priority)),
    settings: { columns: metas, prefs: prefs.prefs, onChange: prefs.save, onReset: prefs.reset },
  };
}
