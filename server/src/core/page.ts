export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 10;

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

const toInt = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? Math.trunc(v) : null;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?(e\d+)?$/i.test(v.trim())) {
    const n = Number(v);
    return Number.isFinite(n) ? Math.trunc(n) : null;
  }
  return null;
};

/** `current` ≥ 1 (default 1); `size` 1..500 (default 10; negative or huge sizes are capped at 500). */
export function parsePage(query: Record<string, unknown>): PageQuery {
  const current = Math.max(1, toInt(query.current) ?? 1);
  const rawSize = toInt(query.size);
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
