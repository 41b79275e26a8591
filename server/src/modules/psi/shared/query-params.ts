import { parseId } from '@psi/db/model';
import { badRequest } from '../../../core/errors';

/** Query parameters of the PSI views, each a single text value. */
type Query = Record<string, unknown>;

export function queryText(query: Query, name: string): string | undefined {
  const v = query[name];
  if (Array.isArray(v)) throw badRequest('paramType', { name });
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

export function queryIdOf(query: Query, name: string): string | undefined {
  const v = queryText(query, name);
  if (v === undefined) return undefined;
  const id = parseId(v);
  if (!id) throw badRequest('paramType', { name });
  return id;
}

/** A whole number ≥ 0 (capped at `max`), or `fallback` when absent. */
export function positiveInt(query: Query, name: string, fallback: number, max: number): number {
  const v = queryText(query, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw badRequest('paramType', { name });
  return Math.min(n, max);
}
