/**
 * Document numbers: `PREFIX + yyyyMMdd + '-' + daily sequence` (at least 4 digits), e.g.
 * `ZD20250828-0001`. The server draws the sequence per tenant, prefix and day.
 */
export const DOC_PREFIX = {
  purchaseorder: 'CG',
  purchaseorderyypt: 'ZD',
  purchaseorderdepository: 'PS',
  deliveryorder: 'FH',
  depositorycheck: 'PD',
  statement: 'LS',
} as const;

export type DocPrefix = (typeof DOC_PREFIX)[keyof typeof DOC_PREFIX];

/** `2025-08-28` (or a datetime) → `20250828`. */
export const docDay = (date: string): string => date.slice(0, 10).replace(/-/g, '');

export function formatDocNo(prefix: string, day: string, sequence: number): string {
  return `${prefix}${day}-${String(sequence).padStart(4, '0')}`;
}

export const DOC_NO_PATTERN = /^(CG|ZD|PS|FH|PD|LS)\d{8}-\d{4,}$/;
