/** Money is integer cents in the database and in code, a two-place decimal string on the wire. */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Money for people, as the tables show it: `¥ 1,248.00`, and a debit with its sign in front of the
 * currency, `-¥ 572.44` (not `¥ -572.44`, which reads as a code).
 */
export function displayMoney(cents: number): string {
  const [whole, fraction] = formatMoney(Math.abs(cents)).split('.');
  return `${cents < 0 ? '-' : ''}¥ ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** A discount's basis points from its wire text (`"0.9500"` → 9500), null when it is not one. */
export function parseDiscount(value: unknown): number | null {
  const m = /^(0|1)(?:\.(\d{1,4}))?$/.exec(String(value ?? '').trim());
  if (!m) return null;
  const bp = Number(m[1]) * 10000 + Number((m[2] ?? '').padEnd(4, '0'));
  return bp > 0 && bp <= 10000 ? bp : null;
}

/**
 * A discount for people, the way a shop says it: 10000 basis points is `无折扣` / `No discount`, 9500 is
 * `95 折` / `5% off`, 9000 `9 折` / `10% off`, 8750 `87.5 折` / `12.5% off`.
 */
export function displayDiscount(bp: number, lang: 'zh' | 'en'): string {
  if (bp >= 10000) return lang === 'zh' ? '无折扣' : 'No discount';
  const trim = (n: number) => String(Number(n.toFixed(2)));
  if (lang === 'en') return `${trim((10000 - bp) / 100)}% off`;
  // 折 counts tenths: 9000 is 9 折, 9500 is 95 折 (the digits of the percentage, trailing zero dropped)
  return `${trim(bp % 1000 === 0 ? bp / 1000 : bp / 100)} 折`;
}

/**
 * Bounds of every quantity and amount, chosen so that every product and sum stays an exact integer
 * (well below 2^53 ≈ 9 × 10^15): at most 1 000 000 copies on a line, a list price of at most
 * ¥10 000.00 a copy (so a line is at most 10^12 cents), and any amount of money within ±10^12 cents.
 */
export const MAX_QUANTITY = 1_000_000;
export const MAX_UNIT_PRICE_CENTS = 1_000_000;
export const MAX_MONEY_CENTS = 1_000_000_000_000;

/** Plain decimal digits, an optional leading minus; no sign tricks, padding, hex or exponent. */
const INTEGER_TEXT = /^(?:0|-?[1-9]\d{0,15})$/;

/**
 * An integer from a request: a JSON integer, or a string of plain decimal digits (`"12"`, `"-3"`).
 * `" 12"`, `"012"`, `"+12"`, `"0x0c"`, `"1e1"`, `"12.0"`, `12.5` and unsafe integers are null.
 */
export function parseInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value !== 'string' || !INTEGER_TEXT.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * Parses `"12.5"`, `"12.50"`, `12.5`; returns cents, or null for anything else (more than 2
 * places, padding, an exponent, or beyond ±10^12 cents).
 */
export function parseMoney(value: unknown): number | null {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value ?? '');
  const m = /^(-?)(0|[1-9]\d{0,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0') || 0);
  if (cents > MAX_MONEY_CENTS) return null;
  return m[1] === '-' ? -cents : cents;
}
