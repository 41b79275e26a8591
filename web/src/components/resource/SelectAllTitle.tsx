import { useContext, type ReactNode } from 'react';
// antd renders each column title a second time, hidden, to measure widths; this context says which copy it is.
import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext';

/**
 * The "select all" checkbox of a table's selection column. Its hidden measuring copy (`aria-hidden`)
 * must hold nothing focusable, or keyboard users would tab into an invisible box.
 */
function SelectAllTitle({ checkbox }: { checkbox: ReactNode }) {
  const measuring = useContext(TableMeasureRowContext);
  return measuring ? <span className="psi-select-all-placeholder" /> : checkbox;
}

/** `rowSelection.columnTitle` of every selectable table. */
export const selectAllTitle = (checkbox: ReactNode) => <SelectAllTitle checkbox={checkbox} />;
