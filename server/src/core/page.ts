import { badRequest } from './errors';

const MAX_PAGE_SIZE = 500;
const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE = 2 ** 31;

export interface PageQuery {
  current: number;
  size: number;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** A page number as the query string carries it (the route schema shows the same): decimal text, spaces around. */
export const PAGE_NUMBER = /^( *[-+]?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)? *)?$/;

/**
 * A page parameter as an integer: absent or empty is `null`; numbers too large for a double count as the
 * largest safe integer (so `size=1e400` is capped like `size=1e9`); anything but a number is refused
 * (HTTP 400 naming the parameter).
 */
function pageParam(query: Record<string, unknown>, name: 'current' | 'size'): number | null {
  const v = query[name];
  if (v === undefined || v === null || v === '') return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' && PAGE_NUMBER.test(v) ? Number(v) : NaN;
  if (Number.isNaN(n)) throw badRequest('paramType', { name });
  if (!Number.isFinite(n)) return n > 0 ? Number.MAX_SAFE_INTEGER : -Number.MAX_SAFE_INTEGER;
  return Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, Math.trunc(n)));
}

/**
 * `current` 1..2^31 (default 1); `size` 1..500 (default 10; negative or huge sizes are capped at 500).
 * A value that is not a number at all (`size=abc`, `current=true`) is a 400 naming the parameter.
 */
export function parsePage(query: Record<string, unknown>): PageQuery {
  // pages beyond 2^31 are all past the end; the bound keeps OFFSET an exact integer
  const current = Math.min(MAX_PAGE, Math.max(1, pageParam(query, 'current') ?? 1));
  const rawSize = pageParam(query, 'size');
  const size =
    rawSize === null || rawSize === 0
      ? DEFAULT_PAGE_SIZE
      : rawSize < 0
        ? MAX_PAGE_SIZE
        : Math.min(rawSize, MAX_PAGE_SIZE);
  return { current, size };
}

export function pageOf<T>(records: T[], total: number, q: PageQuery): Page<T> {
  return { records, total, size: q.size, current: q.current, pages: Math.ceil(total / q.size) };
}
