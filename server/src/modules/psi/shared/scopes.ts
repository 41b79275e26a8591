import { ALL_ROWS, type ScopeFn } from '../../../core/scoped-list';
import type { PsiActor } from './env';

/**
 * The PSI row scopes (DOMAIN.md 3.8), the hooks the CRUD core's scoped lists take: the platform sees
 * the tenant, a depository user its own depositories' rows, a school user its own school's.
 */
export type PsiScope = ScopeFn<PsiActor>;

const ALL = ALL_ROWS;
const ids = (list: string[]) => list.map((i) => BigInt(i));
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** Rows whose `column` is one of the actor's depositories (platform: all). */
export const depositoryScope =
  (column = 'depository_id'): PsiScope =>
  (a) =>
    a.kind === 'platform'
      ? ALL
      : a.kind === 'depository' && a.depositoryIds.length
        ? { sql: `${column} IN (${marks(a.depositoryIds.length)})`, params: ids(a.depositoryIds) }
        : null;

/** Rows of the actor's school (platform: all). */
export const schoolScope =
  (column = 'school_id'): PsiScope =>
  (a) =>
    a.kind === 'platform'
      ? ALL
      : a.kind === 'school' && a.schoolId
        ? { sql: `${column} = ?`, params: [BigInt(a.schoolId)] }
        : null;

/** Orders: the platform sees all, a depository its own, a school its own. */
export const orderScope: PsiScope = (a) => depositoryScope()(a) ?? schoolScope()(a);

export const everyone: PsiScope = () => ALL;
export const platformOnly: PsiScope = (a) => (a.kind === 'platform' ? ALL : null);

/** Lines are visible when their header is. */
export const lineScope =
  (parentColumn: string, headerTable: string, header: PsiScope): PsiScope =>
  (a) => {
    const h = header(a);
    if (!h) return null;
    if (h === ALL) return ALL;
    return { sql: `${parentColumn} IN (SELECT id FROM ${headerTable} WHERE ${h.sql})`, params: h.params };
  };

const SCOPE_KEYS: Record<string, string[]> = {
  school: ['schoolId', 'school_id'],
  depository: ['depositoryId', 'depository_id'],
};

/**
 * DOMAIN.md 3.8: a scoped user's `schoolId` / `depositoryId` filter is replaced with its own. A school
 * user's school filter is dropped (the scope already is its school); a depository user's depository
 * filter stays only when it names one of its own depositories (narrowing among them), else it is
 * dropped and the scope shows its own depositories.
 */
export function overrideScopeFilters(
  actor: PsiActor,
  query: Record<string, unknown>,
): Record<string, unknown> {
  const names = SCOPE_KEYS[actor.kind];
  if (!names) return query;
  const own = new Set(actor.kind === 'school' ? [] : actor.depositoryIds);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    const base = names.find((n) => key === n || key.startsWith(`${n}_`));
    if (base === undefined) out[key] = value;
    else if ((key === base || key === `${base}_equal`) && own.has(String(value).trim())) out[key] = value;
  }
  return out;
}
