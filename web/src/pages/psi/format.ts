/**
 * Money on the wire is a decimal string (`"12.35"`), discounts too (`"0.9500"`). Live totals on the
 * order page use the server's arithmetic: integer cents, a unit price rounded half up once
 * (`floor((price × bp + 5000) / 10000)`), exact sums.
 */
import { displayDiscount, displayMoney, parseDiscount, type Lang } from '@psi/db/model';
import { FULL_DISCOUNT } from '@psi/db/model/psi/index';
import { termOf } from '@psi/db/model/time';

export function toCents(value: unknown): number {
  const text = String(value ?? '').trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) return 0;
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}

export function toBasisPoints(value: unknown): number {
  const text = String(value ?? '').trim();
  if (!/^\d(\.\d{1,4})?$/.test(text)) return 10000;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 10000 + Number(fraction.padEnd(4, '0'));
}

export function unitPriceCents(priceCents: number, basisPoints: number): number {
  return Math.floor((priceCents * basisPoints + 5000) / 10000);
}

export function formatCents(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** `¥ 1,234.50`, `-¥ 27.10` for display, from cents or a wire amount (`displayMoney`). */
export function yuan(value: unknown): string {
  return displayMoney(typeof value === 'number' ? value : toCents(value));
}

/** `无折扣`, `95 折` / `No discount`, `5% off` from a wire discount (`displayDiscount`). */
export function discountText(value: unknown, lang: Lang): string {
  return displayDiscount(parseDiscount(value) ?? FULL_DISCOUNT, lang);
}

export function formatBasisPoints(bp: number): string {
  return `${Math.floor(bp / 10000)}.${String(bp % 10000).padStart(4, '0')}`;
}

/** ISBN-13 check digit (hyphens and spaces ignored). */
export function isbnValid(value: string): boolean {
  const digits = value.replace(/[-\s]/g, '');
  if (!/^\d{13}$/.test(digits)) return false;
  const sum = [...digits.slice(0, 12)].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === Number(digits[12]);
}

/** The current school term (the term the demo data is dated to when it was seeded today). */
export function currentTerm(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return termOf(`${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`);
}
