import { useMemo } from 'react';
import { InputNumber, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeclaredRow } from '../../api/psi';
import { formatBasisPoints, toBasisPoints, toCents, unitPriceCents, yuan } from './format';
import { CopiesInput, indexColumn, LinesSummary, remarkColumn, removeColumn, type useLines } from './lines';

export interface OrderLine {
  key: string;
  goodsId: string;
  isbn: string;
  goodsName: string;
  publisher: string;
  price: string;
  /** Purchase lines only: the purchase discount, editable. */
  discount: string;
  quantity: number;
  remark: string;
}

/** A saved line of an order. */
export const savedLine = (r: DeclaredRow): OrderLine => ({
  key: String(r.id),
  goodsId: String(r.goodsId),
  isbn: String(r.isbn ?? ''),
  goodsName: String(r.goodsName ?? ''),
  publisher: String(r.publisher ?? ''),
  price: String(r.price ?? '0.00'),
  discount: String(r.discount ?? '1.0000'),
  quantity: Number(r.quantity ?? 1),
  remark: String(r.remark ?? ''),
});

/** A new line of a picked book: one copy, at its purchase discount. */
export const pickedLine = (goods: DeclaredRow): OrderLine => ({
  key: `new-${String(goods.id)}`,
  goodsId: String(goods.id),
  isbn: String(goods.isbn ?? ''),
  goodsName: String(goods.goodsName ?? ''),
  publisher: String(goods.publisher ?? ''),
  price: String(goods.price ?? '0.00'),
  discount: String(goods.purchaseDiscount || '1.0000'),
  quantity: 1,
  remark: '',
});

/**
 * The lines priced as the server prices them: a purchase line at its own discount, a sale line at the
 * school's discount; with the totals of copies, list amount and amount.
 */
export function usePricedLines(lines: OrderLine[], isPurchase: boolean, schoolDiscount: string | null) {
  const priced = useMemo(
    () =>
      lines.map((line) => {
        const price = toCents(line.price);
        const bp = isPurchase ? toBasisPoints(line.discount) : toBasisPoints(schoolDiscount ?? '1');
        const unit = unitPriceCents(price, bp);
        return { ...line, bp, unit, listAmount: price * line.quantity, amount: unit * line.quantity };
      }),
    [lines, isPurchase, schoolDiscount],
  );
  const totals = priced.reduce(
    (s, l) => ({
      quantity: s.quantity + l.quantity,
      list: s.list + l.listAmount,
      amount: s.amount + l.amount,
    }),
    { quantity: 0, list: 0, amount: 0 },
  );
  return { priced, totals };
}

export type PricedLine = ReturnType<typeof usePricedLines>['priced'][number];
type OrderLines = ReturnType<typeof useLines<OrderLine>>;

/** Title with the publisher under it, so every column fits the drawer at 1366 px without scrolling. */
function LineTitle({ line: l }: { line: PricedLine }) {
  return (
    <div className="psi-line-title" title={l.publisher ? `${l.goodsName} · ${l.publisher}` : l.goodsName}>
      <span className="psi-cell-clip">{l.goodsName}</span>
      {l.publisher && (
        <Typography.Text type="secondary" className="psi-cell-clip psi-line-title__publisher">
          {l.publisher}
        </Typography.Text>
      )}
    </div>
  );
}

const money = (title: string, key: string, width: number, value: (l: PricedLine) => unknown) => ({
  title,
  key,
  align: 'right' as const,
  width,
  render: (_v: unknown, l: PricedLine) => yuan(value(l)),
});

export function useOrderColumns(
  lines: OrderLines,
  isPurchase: boolean,
  frozen: boolean,
): TableColumnsType<PricedLine> {
  const { t } = useTranslation();
  return [
    indexColumn(40),
    {
      title: t('psi.field.goodsName'),
      key: 'goodsName',
      width: 210,
      render: (_v, l) => <LineTitle line={l} />,
    },
    { title: t('psi.field.isbn'), dataIndex: 'isbn', key: 'isbn', width: 128 },
    money(t('psi.field.price'), 'price', 84, (l) => l.price),
    {
      title: t('psi.field.discount'),
      key: 'discount',
      width: isPurchase ? 100 : 80,
      align: 'right',
      render: (_v, l) =>
        isPurchase ? (
          <InputNumber
            size="small"
            min={0.0001}
            max={1}
            step={0.01}
            precision={4}
            value={Number(l.discount)}
            disabled={frozen}
            onChange={(v) =>
              lines.change(l.key, { discount: formatBasisPoints(Math.round(Number(v ?? 1) * 10000)) })
            }
            style={{ width: '100%' }}
            data-testid="line-discount"
          />
        ) : (
          formatBasisPoints(l.bp)
        ),
    },
    money(t('psi.field.unitPrice'), 'unit', 84, (l) => l.unit),
    {
      title: t('psi.field.quantity'),
      key: 'quantity',
      width: 96,
      render: (_v, l) => (
        <CopiesInput
          min={1}
          value={l.quantity}
          disabled={frozen}
          block
          onChange={(quantity) => lines.change(l.key, { quantity })}
          testId="line-quantity"
        />
      ),
    },
    money(t('psi.field.listAmount'), 'list', 104, (l) => l.listAmount),
    {
      title: t('psi.field.amount'),
      key: 'amount',
      align: 'right',
      width: 104,
      render: (_v, l) => <span data-testid="line-amount">{yuan(l.amount)}</span>,
    },
    remarkColumn<PricedLine>(t, (l, remark) => lines.change(l.key, { remark }), {
      disabled: frozen,
      width: 130,
    }),
    removeColumn<PricedLine>(t, (l) => lines.remove(l.key), { disabled: frozen, width: 44 }),
  ];
}

/** The totals row of the order lines: copies, list amount and amount. */
export function OrderTotals({ totals }: { totals: ReturnType<typeof usePricedLines>['totals'] }) {
  return (
    <LinesSummary
      labelSpan={6}
      cells={[
        { content: <span data-testid="total-quantity">{totals.quantity}</span> },
        { content: <span data-testid="total-list">{yuan(totals.list)}</span>, align: 'right' },
        {
          content: (
            <Typography.Text strong data-testid="total-amount">
              {yuan(totals.amount)}
            </Typography.Text>
          ),
          align: 'right',
        },
        { colSpan: 2 },
      ]}
    />
  );
}
