import { describe, expect, it } from 'vitest';
import {
  currentTerm,
  discountText,
  formatCents,
  isbnValid,
  toBasisPoints,
  toCents,
  unitPriceCents,
  yuan,
} from '../src/pages/psi/format';

describe('PSI money on the order page', () => {
  it('rounds a unit price half up once, like the server (DOMAIN.md INV-5)', () => {
    expect(unitPriceCents(toCents('10.90'), toBasisPoints('0.9500'))).toBe(1036);
    expect(unitPriceCents(toCents('11.10'), toBasisPoints('0.9500'))).toBe(1055);
    expect(unitPriceCents(toCents('11.75'), toBasisPoints('0.9800'))).toBe(1152);
    expect(unitPriceCents(toCents('6.80'), toBasisPoints('0.95'))).toBe(646);
  });

  it('reads and writes decimal strings exactly', () => {
    expect(toCents('3699.25')).toBe(369925);
    expect(toCents('-688.5')).toBe(-68850);
    expect(toCents('abc')).toBe(0);
    expect(formatCents(1)).toBe('0.01');
    expect(formatCents(-2710)).toBe('-27.10');
    expect(yuan('16719.00')).toBe('¥ 16,719.00');
    expect(yuan(574550)).toBe('¥ 5,745.50');
    expect(toBasisPoints('1')).toBe(10000);
    expect(toBasisPoints('')).toBe(10000);
  });

  it('shows a debit with its sign before the currency, not inside the figure', () => {
    expect(yuan('-27.10')).toBe('-¥ 27.10');
    expect(yuan(-123456)).toBe('-¥ 1,234.56');
    expect(yuan('0.00')).toBe('¥ 0.00');
  });

  it('says a discount the way a shop does, not as a code', () => {
    expect(discountText('1.0000', 'zh')).toBe('无折扣');
    expect(discountText('1.0000', 'en')).toBe('No discount');
    expect(discountText('0.9500', 'zh')).toBe('95 折');
    expect(discountText('0.9500', 'en')).toBe('5% off');
    expect(discountText('0.9000', 'zh')).toBe('9 折');
    expect(discountText('0.9000', 'en')).toBe('10% off');
    expect(discountText('0.8750', 'zh')).toBe('87.5 折');
    expect(discountText('0.98', 'en')).toBe('2% off');
  });

  it('checks ISBN-13 check digits', () => {
    expect(isbnValid('978-7-107-52445-5')).toBe(true);
    expect(isbnValid('9787107524454')).toBe(false);
    expect(isbnValid('978710752445')).toBe(false);
  });

  it('names the current term', () => {
    expect(currentTerm(new Date(2025, 7, 28))).toBe('2025-2026-1');
    expect(currentTerm(new Date(2026, 0, 10))).toBe('2025-2026-1');
    expect(currentTerm(new Date(2026, 2, 1))).toBe('2025-2026-2');
  });
});
