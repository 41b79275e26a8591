/**
 * Prices in integer cents, discounts in integer basis points of a unit (10000 = 1.0000, 9500 = 0.95).
 * A unit price after discount is rounded half up once per unit; amounts are exact products; header
 * totals are exact sums of the lines. No floating point is involved anywhere.
 */
export const FULL_DISCOUNT = 10000;

/** round_half_up(price × discount, 2) in cents: 1110 × 9500 → 1054.5 → 1055. */
export function discountedUnitPrice(priceCents: number, discountBp: number): number {
  return Math.floor((priceCents * discountBp + FULL_DISCOUNT / 2) / FULL_DISCOUNT);
}

export interface PricedLine {
  price: number;
  discount: number;
  unitPrice: number;
  quantity: number;
  listAmount: number;
  amount: number;
}

export function priceLine(priceCents: number, discountBp: number, quantity: number): PricedLine {
  const unitPrice = discountedUnitPrice(priceCents, discountBp);
  return {
    price: priceCents,
    discount: discountBp,
    unitPrice,
    quantity,
    listAmount: priceCents * quantity,
    amount: unitPrice * quantity,
  };
}

export interface Totals {
  totalQuantity: number;
  totalListAmount: number;
  totalAmount: number;
}

/** Column sums over rows: `pick` gives each row's numbers under `keys`. */
export function sumOf<T, K extends string>(
  rows: readonly T[],
  keys: readonly K[],
  pick: (row: T) => Record<K, number>,
): Record<K, number> {
  const sums = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const row of rows) {
    const values = pick(row);
    for (const k of keys) sums[k] += values[k];
  }
  return sums;
}

export const sumLines = (
  lines: readonly { quantity: number; listAmount: number; amount: number }[],
): Totals =>
  sumOf(lines, ['totalQuantity', 'totalListAmount', 'totalAmount'], (l) => ({
    totalQuantity: l.quantity,
    totalListAmount: l.listAmount,
    totalAmount: l.amount,
  }));

/** `0.95`, `"0.9500"`, `1` → basis points; null unless in (0, 1] with at most 4 places. */
export function parseDiscount(value: unknown): number | null {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value ?? '').trim();
  const m = /^(\d)(?:\.(\d{1,4}))?$/.exec(text);
  if (!m) return null;
  const bp = Number(m[1]) * FULL_DISCOUNT + Number((m[2] ?? '').padEnd(4, '0') || 0);
  return bp > 0 && bp <= FULL_DISCOUNT ? bp : null;
}

/** 9500 → `"0.9500"`. */
export function formatDiscount(bp: number): string {
  return `${Math.trunc(bp / FULL_DISCOUNT)}.${String(bp % FULL_DISCOUNT).padStart(4, '0')}`;
}
