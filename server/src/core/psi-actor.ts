import type Database from 'better-sqlite3';
import type { DataScopeRule } from './data-scope';
import { prepareNumbers } from './data';

/** Stock at or below this many copies counts as low (the PSI home figures and the bell's 待办). */
export const LOW_STOCK = 50;

export type ActorKind = 'platform' | 'depository' | 'school' | 'none';

/**
 * The caller as the PSI domain sees it (DOMAIN.md 3.8): a platform admin acts for the whole
 * tenant; a depository user for the depositories bound to it by `user_id`; a school user for its
 * school. Anyone else only reads the catalogue.
 */
export interface PsiActor {
  tenantId: string;
  userId: string;
  deptId: string;
  /** The Blade data scopes of the actor's roles: the data layer narrows rows by them. */
  dataScopes?: DataScopeRule[];
  kind: ActorKind;
  depositoryIds: string[];
  schoolId: string | null;
}

/** Role aliases that act for the whole tenant. */
const PLATFORM_ROLES = ['administrator', 'admin', 'yypt_admin'];

export function resolveActor(
  sqlite: Database.Database,
  user: {
    tenantId: string;
    userId: string;
    deptId: string;
    roleAliases: string[];
    dataScopes?: DataScopeRule[];
  },
): PsiActor {
  const base = {
    tenantId: user.tenantId,
    userId: user.userId,
    deptId: user.deptId,
    dataScopes: user.dataScopes,
  };
  if (user.roleAliases.some((r) => PLATFORM_ROLES.includes(r)))
    return { ...base, kind: 'platform', depositoryIds: [], schoolId: null };
  const deps = prepareNumbers<{ id: string }, [string, bigint]>(
    sqlite,
    `SELECT CAST(id AS TEXT) AS id FROM psi_depository_info
       WHERE tenant_id = ? AND user_id = ? AND is_deleted = 0 ORDER BY sort, id`,
  )
    .all(user.tenantId, BigInt(user.userId))
    .map((r) => r.id);
  if (deps.length) return { ...base, kind: 'depository', depositoryIds: deps, schoolId: null };
  const school = prepareNumbers<{ id: string }, [string, bigint]>(
    sqlite,
    `SELECT CAST(id AS TEXT) AS id FROM psi_school_info WHERE tenant_id = ? AND user_id = ? AND is_deleted = 0`,
  ).get(user.tenantId, BigInt(user.userId));
  if (school) return { ...base, kind: 'school', depositoryIds: [], schoolId: school.id };
  if (user.roleAliases.includes('depository_admin'))
    return { ...base, kind: 'depository', depositoryIds: [], schoolId: null };
  if (user.roleAliases.includes('school_admin'))
    return { ...base, kind: 'school', depositoryIds: [], schoolId: null };
  return { ...base, kind: 'none', depositoryIds: [], schoolId: null };
}
