import type { ReactNode } from 'react';
import type { TableColumnType, TableProps } from 'antd';
import { byPriority, headerMarks } from './prefs';
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

/**
 * The columns of a list with no declaration behind it (stock on hand, the workflow lists, fed by
 * their own endpoints): the `keys` named come first and show at the initial scroll position, the
 * `actions` column stays on the right, and an `ellipsis` column clips its cells instead of its header.
 */
export function fitColumns<T>(columns: TableColumnType<T>[], keys: readonly string[]): TableColumnType<T>[] {
  const marked = columns.map((column) => ({
    column,
    key: columnKey(column),
    priority: keys.includes(columnKey(column)) ? ('key' as const) : undefined,
  }));
  return byPriority(marked).map(({ column, key, priority }) => {
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
  });
}
