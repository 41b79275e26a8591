import type { Text } from '../text';
import { psiMessages } from './messages';

/** ISBN-13: 13 digits, weights 1,3,1,3,…, the last digit makes the sum a multiple of 10. */

/** Strips hyphens and spaces: `978-7-107-52445-5` → `9787107524455`. */
export function normalizeIsbn(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function isbn13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** True for 13 digits (after normalising) with a correct check digit. */
export function isValidIsbn13(value: string): boolean {
  const digits = normalizeIsbn(value);
  if (!/^\d{13}$/.test(digits)) return false;
  return isbn13CheckDigit(digits.slice(0, 12)) === Number(digits[12]);
}

/** `9787107524455` → `978-7-107-52445-5` for display when the publisher block is known (group 7). */
export function formatIsbn(digits: string): string {
  return /^\d{13}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3, 12)}-${digits[12]}` : digits;
}

/** The `check` of an ISBN field: the checksum message, or null for a valid ISBN-13. */
export const checkIsbn13 = (value: string): Text | null =>
  isValidIsbn13(value) ? null : psiMessages.isbnInvalid;
