import type Database from 'better-sqlite3';
import { formatDateTime, type Text } from '@psi/db/model';
import { psiMessages, type PsiMessageKey } from '@psi/db/model/psi/index';
import { ApiError } from '../../core/errors';
import type { DataScopeRule } from '../../core/grants';
import { prepareNumbers } from '../../core/data';

/**
 * What every PSI service runs against: the database and a clock. The HTTP routes use the wall
 * clock; the demo seed replays its July–August 2025 timeline through the same services with a
 * clock it moves forward, so document numbers and times read like the story.
 */
export interface PsiEnv {
  sqlite: Database.Database;
  now: () => Date;
}

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
export const PLATFORM_ROLES = ['administrator', 'admin', 'yypt_admin'];

export const big = (id: string | number | bigint): bigint => BigInt(id);

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
  const deps = (
    prepareNumbers(
      sqlite,
      `SELECT CAST(id AS TEXT) AS id FROM psi_depository_info
       WHERE tenant_id = ? AND user_id = ? AND is_deleted = 0 ORDER BY sort, id`,
    ).all(user.tenantId, big(user.userId)) as { id: string }[]
  ).map((r) => r.id);
  if (deps.length) return { ...base, kind: 'depository', depositoryIds: deps, schoolId: null };
  const school = prepareNumbers(
    sqlite,
    `SELECT CAST(id AS TEXT) AS id FROM psi_school_info WHERE tenant_id = ? AND user_id = ? AND is_deleted = 0`,
  ).get(user.tenantId, big(user.userId)) as { id: string } | undefined;
  if (school) return { ...base, kind: 'school', depositoryIds: [], schoolId: school.id };
  if (user.roleAliases.includes('depository_admin'))
    return { ...base, kind: 'depository', depositoryIds: [], schoolId: null };
  if (user.roleAliases.includes('school_admin'))
    return { ...base, kind: 'school', depositoryIds: [], schoolId: null };
  return { ...base, kind: 'none', depositoryIds: [], schoolId: null };
}

/** A business refusal (HTTP 400, code 400) with a PSI message. */
export const fail = (key: PsiMessageKey, params?: Record<string, string | number>) =>
  new ApiError(400, 400, psiMessages[key], params);

export const failText = (text: Text, params?: Record<string, string | number>) =>
  new ApiError(400, 400, text, params);

let lastSecond = Number.NaN;
let lastText = '';

/** The clock as `yyyy-MM-dd HH:mm:ss`; formatting is memoised per second (Intl formatting is slow). */
export function nowText(env: PsiEnv): string {
  const second = Math.floor(env.now().getTime() / 1000);
  if (second !== lastSecond) {
    lastText = formatDateTime(new Date(second * 1000));
    lastSecond = second;
  }
  return lastText;
}

/**
 * Runs `fn` as one synchronous write transaction (BEGIN IMMEDIATE; a savepoint when nested, e.g.
 * inside the seed). A constraint hit that slipped past the explicit guards becomes a clear
 * refusal, never a 500.
 */
export function tx<T>(env: PsiEnv, fn: () => T): T {
  try {
    return env.sqlite.transaction(fn).immediate();
  } catch (err) {
    throw translateConstraint(err);
  }
}

function translateConstraint(err: unknown): unknown {
  if (err instanceof ApiError) return err;
  const e = err as { code?: string; message?: string };
  if (typeof e?.code !== 'string' || !e.code.startsWith('SQLITE_CONSTRAINT')) return err;
  const m = e.message ?? '';
  if (m.includes('psi_depository_check.tenant_id, psi_depository_check.depository_id'))
    return fail('openCheckExists');
  if (m.includes('psi_account_statement.voucher_no')) return fail('voucherUsed');
  // a ledger backstop (a line posted twice, a balance or stock below zero): the document moved under us
  if (
    /psi_depository_log|psi_account_statement|psi_depository_stock|ck_stock|ck_log|ck_school_balance|ck_statement/.test(
      m,
    )
  )
    return fail('statusChanged');
  return fail('constraintFailed');
}

export const canActForDepository = (actor: PsiActor, depositoryId: string): boolean =>
  actor.kind === 'platform' || (actor.kind === 'depository' && actor.depositoryIds.includes(depositoryId));

export const canActForSchool = (actor: PsiActor, schoolId: string): boolean =>
  actor.kind === 'platform' || (actor.kind === 'school' && actor.schoolId === schoolId);

/**
 * PSI writes of the tenant's catalogue and terms: only an actor acting for the whole tenant (not the
 * platform tenant `000000`, which `requirePlatform` of the CRUD core guards).
 */
export function requireTenantAdmin(actor: PsiActor): void {
  if (actor.kind !== 'platform') throw fail('noPermission');
}
