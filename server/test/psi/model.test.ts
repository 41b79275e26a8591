import { describe, expect, it } from 'vitest';
import {
  DOC_NO_PATTERN,
  discountedUnitPrice,
  formatDiscount,
  formatDocNo,
  isValidIsbn13,
  isEditable,
  normalizeIsbn,
  parseDiscount,
  priceLine,
  progressStatus,
  sumLines,
  TRANSITIONS,
} from '@psi/db/model/psi/index';
import { psiTenantTables } from '@psi/db/schema';
import { getTableColumns, getTableName } from 'drizzle-orm';
import { specs } from '../../src/modules/psi/shared/specs';

describe('money (INV-5)', () => {
  it('rounds the unit price half up once, in integer cents', () => {
    expect(discountedUnitPrice(1090, 9500)).toBe(1036); // 10.355 → 10.36
    expect(discountedUnitPrice(1110, 9500)).toBe(1055); // 10.545 → 10.55 (a double gives 10.54)
    expect(discountedUnitPrice(1175, 9800)).toBe(1152); // 11.515 → 11.52
    expect(discountedUnitPrice(1175, 9500)).toBe(1116); // 11.1625 → 11.16
    expect(discountedUnitPrice(995, 7200)).toBe(716);
    expect(discountedUnitPrice(1000, 10000)).toBe(1000);
  });

  it('multiplies exactly and sums headers without rounding', () => {
    const lines = [priceLine(1110, 9500, 250), priceLine(1090, 9500, 300)];
    expect(lines[0]).toMatchObject({ unitPrice: 1055, amount: 263750, listAmount: 277500 });
    expect(sumLines(lines)).toEqual({ totalQuantity: 550, totalListAmount: 604500, totalAmount: 574550 });
  });

  it('parses discounts as basis points in (0, 1]', () => {
    expect(parseDiscount('0.95')).toBe(9500);
    expect(parseDiscount(0.72)).toBe(7200);
    expect(parseDiscount('1')).toBe(10000);
    expect(parseDiscount('1.0000')).toBe(10000);
    for (const bad of ['0', '1.01', '-0.5', '0.12345', 'abc', '', null])
      expect(parseDiscount(bad)).toBeNull();
    expect(formatDiscount(9500)).toBe('0.9500');
  });
});

describe('ISBN-13 and document numbers', () => {
  it('validates the check digit after removing hyphens', () => {
    expect(isValidIsbn13('978-7-107-52445-5')).toBe(true);
    expect(isValidIsbn13('978-7-107-52445-4')).toBe(false);
    expect(isValidIsbn13('97871075244')).toBe(false);
    expect(normalizeIsbn('978 7-107-52445-5')).toBe('9787107524455');
  });

  it('formats PREFIX + day + 4-digit sequence', () => {
    expect(formatDocNo('ZD', '20250828', 1)).toBe('ZD20250828-0001');
    expect(formatDocNo('FH', '20250828', 12345)).toBe('FH20250828-12345');
    expect(DOC_NO_PATTERN.test('PS20250822-0001')).toBe(true);
  });
});

describe('status machines', () => {
  it('derives progress and editability', () => {
    expect([progressStatus(0, 10), progressStatus(4, 10), progressStatus(10, 10)]).toEqual([2, 4, 3]);
    expect(isEditable('purchaseorderdepository', 1, 1)).toBe(false);
    expect(isEditable('purchaseorderdepository', 8, 2)).toBe(true);
    expect(isEditable('purchaseorder', 2)).toBe(false);
    expect(TRANSITIONS.purchaseorderyypt.depositoryReject).toEqual({ from: [2], to: 7 });
  });
});

describe('tenant scope of every PSI table (INV-10)', () => {
  it('every psi_* table carries tenant_id, and every list adds the tenant condition', () => {
    for (const table of psiTenantTables) {
      const columns = Object.values(getTableColumns(table)).map((c) => c.name);
      expect(columns, getTableName(table)).toContain('tenant_id');
      expect(columns, getTableName(table)).toContain('is_deleted');
    }
    const listed = new Set<string>(Object.values(specs).map((s) => getTableName(s.table)));
    const scoped = new Set<string>(psiTenantTables.map((t) => getTableName(t)));
    // the stock cache has no list of its own; everything else is served through a scoped spec
    expect([...scoped].filter((t) => !listed.has(t))).toEqual(['psi_depository_stock']);
  });
});
