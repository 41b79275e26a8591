import { prepareNumbers } from '../../../core/data';
import type { DriverRow, WithText } from '../../../core/rows';
import type { goodsInfo } from '@psi/db/schema';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { priceLine, sumLines, type PricedLine, type Totals } from '@psi/db/model/psi/index';
import { big, fail, type PsiEnv } from './env';
import { insertRow, type Writer } from './rows';
import { isEnabledRow } from './rules';

/** A book as `loadGoods` selects it: its id as text, its integers as numbers. */
export type GoodsRow = WithText<
  Pick<
    DriverRow<typeof goodsInfo, number>,
    | 'id'
    | 'goodsCode'
    | 'isbn'
    | 'goodsName'
    | 'publisher'
    | 'edition'
    | 'price'
    | 'saleDiscount'
    | 'purchaseDiscount'
    | 'status'
  >,
  'id'
>;

/** How a book is named in messages: by what the screens show, its title and ISBN (never the internal code). */
export const goodsLabel = (g: { goodsName?: string | null; isbn: string }) =>
  g.goodsName ? `${g.goodsName} (ISBN ${g.isbn})` : `ISBN ${g.isbn}`;

/** Live goods of the tenant by id. */
export function loadGoods(env: PsiEnv, tenantId: string, ids: string[]): Map<string, GoodsRow> {
  const out = new Map<string, GoodsRow>();
  const s = prepareNumbers<GoodsRow, [bigint, string]>(
    env.sqlite,
    `SELECT CAST(id AS TEXT) AS id, goods_code AS goodsCode, isbn, goods_name AS goodsName, publisher, edition,
       price, sale_discount AS saleDiscount, purchase_discount AS purchaseDiscount, status
     FROM psi_goods_info WHERE id = ? AND tenant_id = ? AND is_deleted = 0`,
  );
  for (const id of ids) {
    const row = s.get(big(id), tenantId);
    if (row) out.set(id, row);
  }
  return out;
}

export interface LineInput {
  goodsId: string;
  quantity: number;
  /** basis points; only procurement lines take it from the body */
  discount?: number | null;
  remark?: string | null;
}

export interface BuiltLine extends PricedLine {
  goodsId: string;
  isbn: string;
  goodsName: string;
  publisher: string;
  edition: string;
  remark: string | null;
  sort: number;
  goods: GoodsRow;
}

/**
 * Validates and prices the lines of a document: at least one line, each goods live and enabled,
 * no goods twice, whole quantities ≥ 1. Snapshots title, ISBN, publisher, edition and price.
 */
export function buildLines(
  env: PsiEnv,
  tenantId: string,
  inputs: LineInput[],
  discountOf: (goods: GoodsRow, input: LineInput) => number,
): BuiltLine[] {
  if (!inputs.length) throw fail('linesRequired');
  const goods = loadGoods(env, tenantId, [...new Set(inputs.map((l) => l.goodsId))]);
  const seen = new Set<string>();
  return inputs.map((input, index) => {
    const g = goods.get(input.goodsId);
    if (!g || !isEnabledRow(g)) throw fail('goodsUnavailable', { goods: g ? goodsLabel(g) : input.goodsId });
    if (seen.has(input.goodsId)) throw fail('duplicateGoods', { goods: goodsLabel(g) });
    seen.add(input.goodsId);
    if (!Number.isSafeInteger(input.quantity) || input.quantity < 1)
      throw fail('quantityInvalid', { row: index + 1 });
    const discount = discountOf(g, input);
    if (!Number.isSafeInteger(discount) || discount <= 0 || discount > 10000) throw fail('discountInvalid');
    return {
      ...priceLine(g.price, discount, input.quantity),
      goodsId: g.id,
      isbn: g.isbn,
      goodsName: g.goodsName,
      publisher: g.publisher,
      edition: g.edition,
      remark: input.remark ?? null,
      sort: index + 1,
      goods: g,
    };
  });
}

export const totalsOf = (lines: BuiltLine[]): Totals => sumLines(lines);

/** What a line row snapshots of its book, and its maths. */
export interface LineValues extends PricedLine {
  goodsId: string;
  isbn: string;
  goodsName: string;
  publisher: string | null;
  edition: string | null;
  sort: number | null;
  remark: string | null;
}

/** Inserts priced lines under a header; `extra(line, index)` adds table-specific columns. */
export function insertLines<L extends LineValues>(
  env: PsiEnv,
  table: SQLiteTable,
  writer: Writer,
  parent: Record<string, string>,
  lines: L[],
  extra: (line: L, index: number) => Record<string, unknown> = () => ({}),
): string[] {
  return lines.map((l, i) =>
    insertRow(env, table, writer, {
      ...parent,
      goodsId: l.goodsId,
      isbn: l.isbn,
      goodsName: l.goodsName,
      publisher: l.publisher,
      edition: l.edition,
      price: l.price,
      discount: l.discount,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      listAmount: l.listAmount,
      amount: l.amount,
      sort: l.sort,
      remark: l.remark,
      ...extra(l, i),
    }),
  );
}

export interface StoredLine extends LineValues {
  id: string;
  goodsCode: string | null;
}

const LINE_COLUMNS = `CAST(l.id AS TEXT) AS id, CAST(l.goods_id AS TEXT) AS goodsId, g.goods_code AS goodsCode,
  l.isbn, l.goods_name AS goodsName, l.publisher, l.edition, l.price, l.discount, l.unit_price AS unitPrice,
  l.quantity, l.list_amount AS listAmount, l.amount, l.sort, l.remark`;

/** Live lines of a document, in `sort` order, with extra columns of the line table. */
export function storedLines<T extends StoredLine = StoredLine>(
  env: PsiEnv,
  table: string,
  parentColumn: string,
  parentId: string,
  extraColumns = '',
): T[] {
  return prepareNumbers<T, [bigint]>(
    env.sqlite,
    `SELECT ${LINE_COLUMNS}${extraColumns ? `, ${extraColumns}` : ''}
     FROM ${table} l LEFT JOIN psi_goods_info g ON g.id = l.goods_id
     WHERE l.${parentColumn} = ? AND l.is_deleted = 0 ORDER BY l.sort, l.id`,
  ).all(big(parentId));
}

/** Exact sums of stored lines. */
export const storedTotals = (lines: { quantity: number; listAmount: number; amount: number }[]) =>
  sumLines(lines);
