import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Input, InputNumber, Table, Typography, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStackedTitles } from './StackedLines';
import '../../i18n/psi';

/**
 * The lines of a document being edited. Every change through here counts as the user's edit
 * (`edited`); `load` puts a loaded document's lines in place without counting.
 */
export function useLines<L extends { goodsId: string }>(keyOf: (line: L) => string) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [lines, setLines] = useState<L[]>([]);
  const [edited, setEdited] = useState(false);
  const edit = (next: (prev: L[]) => L[]) => {
    setEdited(true);
    setLines(next);
  };
  return {
    lines,
    edited,
    setEdited,
    load: (rows: L[]) => setLines(rows),
    edit,
    change: (key: string, patch: Partial<L>) =>
      edit((prev) => prev.map((l) => (keyOf(l) === key ? { ...l, ...patch } : l))),
    remove: (key: string) => edit((prev) => prev.filter((l) => keyOf(l) !== key)),
    /**
     * A book goes on one line only: `false` when it already has one, said in a toast naming the row
     * (and handed to `onRefused`).
     */
    accepts: (goodsId: string, onRefused?: (text: string) => void) => {
      const at = lines.findIndex((l) => l.goodsId === goodsId);
      if (at < 0) return true;
      const text = t('psi.goodsPicker.duplicate', { row: at + 1 });
      void message.error(text);
      onRefused?.(text);
      return false;
    },
  };
}

/** The row number column. */
export function indexColumn<T>(width = 48): TableColumnType<T> {
  return { title: '#', key: 'i', width, align: 'center', render: (_v, _r, i) => i + 1 };
}

/** Title and ISBN of a line's book. */
export function goodsColumns<T>(t: TFunction): TableColumnType<T>[] {
  return [
    { title: t('psi.field.goodsName'), dataIndex: 'goodsName', key: 'goodsName' },
    { title: t('psi.field.isbn'), dataIndex: 'isbn', key: 'isbn', width: 140 },
  ];
}

/** The editable remark of a line. */
export function remarkColumn<T extends { remark: string }>(
  t: TFunction,
  onChange: (line: T, remark: string) => void,
  options: { disabled?: boolean; width?: number } = {},
): TableColumnType<T> {
  return {
    title: t('psi.common.remark'),
    key: 'remark',
    width: options.width,
    render: (_v, l) => (
      <Input
        size="small"
        value={l.remark}
        maxLength={255}
        disabled={options.disabled}
        onChange={(e) => onChange(l, e.target.value)}
      />
    ),
  };
}

/** The "remove this line" button column. */
export function removeColumn<T>(
  t: TFunction,
  onRemove: (line: T) => void,
  options: { disabled?: boolean; width?: number } = {},
): TableColumnType<T> {
  return {
    title: '',
    key: 'remove',
    width: options.width ?? 48,
    render: (_v, l) => (
      <Button
        type="text"
        danger
        size="small"
        icon={<DeleteOutlined />}
        aria-label={t('psi.common.delete')}
        disabled={options.disabled}
        onClick={() => onRemove(l)}
        data-testid="line-remove"
      />
    ),
  };
}

export interface SummaryCell {
  content?: ReactNode;
  align?: 'right';
  colSpan?: number;
}

/**
 * The totals row under a line table: "total" over the first `labelSpan` columns, then `cells`; under
 * stacked lines (a phone) each cell named after the column it stands under.
 */
export function LinesSummary({ labelSpan, cells }: { labelSpan: number; cells: SummaryCell[] }) {
  const { t } = useTranslation();
  // each cell's column index: after the label and the spans of the cells before it
  const starts = cells.reduce<number[]>(
    (acc, cell, i) => [...acc, i === 0 ? labelSpan : acc[i - 1] + (cells[i - 1].colSpan ?? 1)],
    [],
  );
  const titles = useStackedTitles();
  if (titles)
    return (
      <div className="psi-stacked-lines__totals" data-stacked-totals>
        <Typography.Text strong>{t('psi.common.total')}</Typography.Text>
        <dl className="psi-stacked-line__fields">
          {cells.map(
            (cell, i) =>
              cell.content !== undefined && (
                <div key={starts[i]} className="psi-stacked-line__field">
                  <dt>{titles[starts[i]!]}</dt>
                  <dd>{cell.content}</dd>
                </div>
              ),
          )}
        </dl>
      </div>
    );
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={labelSpan}>
        <Typography.Text strong>{t('psi.common.total')}</Typography.Text>
      </Table.Summary.Cell>
      {cells.map((cell, i) => (
        <Table.Summary.Cell key={starts[i]} index={starts[i]} colSpan={cell.colSpan} align={cell.align}>
          {cell.content}
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}

/** A counted difference: `+n` in green, `-n` in red, 0 plain. */
export function DiffText({ value, strong, testId }: { value: number; strong?: boolean; testId?: string }) {
  return (
    <Typography.Text
      type={value < 0 ? 'danger' : value > 0 ? 'success' : undefined}
      strong={strong && value !== 0}
      data-testid={testId}
    >
      {value > 0 ? `+${value}` : value}
    </Typography.Text>
  );
}

/** A whole number of copies on a line, kept within `min` and `max`. */
export function CopiesInput({
  value,
  min,
  max,
  disabled,
  block,
  onChange,
  testId,
}: {
  value: number;
  min: number;
  max?: number;
  disabled?: boolean;
  /** Fills its cell. */
  block?: boolean;
  onChange: (copies: number) => void;
  testId: string;
}) {
  return (
    <InputNumber
      size="small"
      min={min}
      max={max}
      precision={0}
      value={value}
      disabled={disabled}
      onChange={(v) => onChange(Math.min(max ?? Infinity, Math.max(min, Number(v ?? min))))}
      style={block ? { width: '100%' } : undefined}
      data-testid={testId}
    />
  );
}
