import { createContext, isValidElement, useContext, type Key, type ReactNode } from 'react';
import { Grid, type TableColumnType, type TableProps } from 'antd';

/**
 * Document lines on a phone: below antd's `md` breakpoint (768 px, the width the lists stop pinning
 * columns) a line table becomes one card per line, its columns as label/value pairs two a row, so
 * every input of a line is on the screen without a sideways swipe (ant-design-pro's mobile lists).
 */
export function useStackedLines(): boolean {
  return Grid.useBreakpoint().md === false;
}

/** The column titles of a stacked table, for its totals row (`LinesSummary`) to name its cells. */
const StackedTitles = createContext<readonly ReactNode[] | null>(null);

export function useStackedTitles(): readonly ReactNode[] | null {
  return useContext(StackedTitles);
}

type Column<T> = TableColumnType<T>;

/** The content of one cell, as the table would render it (a `RenderedCell` gives its children). */
function cellOf<T>(column: Column<T>, record: T, index: number): ReactNode {
  const value =
    typeof column.dataIndex === 'string' ? (record as Record<string, unknown>)[column.dataIndex] : undefined;
  if (!column.render) return value as ReactNode;
  const out = column.render(value, record, index);
  if (out && typeof out === 'object' && !isValidElement(out) && 'children' in out)
    return (out as { children?: ReactNode }).children;
  return out as ReactNode;
}

function keyOf<T>(rowKey: TableProps<T>['rowKey'], record: T, index: number): Key {
  if (typeof rowKey === 'function') return rowKey(record, index);
  if (typeof rowKey === 'string') return String((record as Record<string, unknown>)[rowKey]);
  return index;
}

/**
 * One card per line: the running number, the first titled column (the book) and the untitled ones
 * (delete) in its head, the other columns under it; then the totals (`summary`), whose cells
 * `LinesSummary` names after the columns they stand under.
 */
export function StackedLines<T extends object>({
  columns,
  dataSource,
  rowKey,
  summary,
  'data-testid': testId,
}: Pick<TableProps<T>, 'columns' | 'dataSource' | 'rowKey' | 'summary'> & { 'data-testid': string }) {
  const leaves = (columns ?? []).filter((column): column is Column<T> => !('children' in column));
  const titles = leaves.map((column) => column.title as ReactNode);
  const number = leaves[0]?.title === '#' ? leaves[0] : undefined;
  const rest = leaves.filter((column) => column !== number);
  const name = rest.find((column) => Boolean(column.title));
  const tools = rest.filter((column) => !column.title);
  const fields = rest.filter((column) => column !== name && column.title);
  const rows = dataSource ?? [];
  return (
    <div className="psi-stacked-lines" data-testid={testId}>
      {rows.map((record, index) => (
        <section key={keyOf(rowKey, record, index)} className="psi-stacked-line" data-stacked-line>
          <div className="psi-stacked-line__head">
            {number && <span className="psi-stacked-line__number">{cellOf(number, record, index)}</span>}
            <div className="psi-stacked-line__name">{name && cellOf(name, record, index)}</div>
            {tools.map((column) => (
              <span key={String(column.key)}>{cellOf(column, record, index)}</span>
            ))}
          </div>
          <dl className="psi-stacked-line__fields">
            {fields.map((column) => (
              <div key={String(column.key)} className="psi-stacked-line__field">
                <dt>{column.title as ReactNode}</dt>
                <dd>{cellOf(column, record, index)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {summary && <StackedTitles.Provider value={titles}>{summary(rows)}</StackedTitles.Provider>}
    </div>
  );
}
