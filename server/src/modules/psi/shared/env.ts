import type Database from 'better-sqlite3';
import { formatDateTime } from '@psi/db/model';
import { psiMessages, type PsiMessageKey } from '@psi/db/model/psi/index';
import { ApiError } from '../../../core/errors';

/**
 * What every PSI service runs against: the database and a clock. The HTTP routes use the wall
 * clock; the demo seed replays its July–August 2025 timeline through the same services with a
 * clock it moves forward, so document numbers and times read like the story.
 */
export interface PsiEnv {
  sqlite: Database.Database;
  now: () => Date;
}

import type { PsiActor } from '../../../core/psi-actor';

export { resolveActor, type ActorKind, type PsiActor } from '../../../core/psi-actor';

export const big = (id: string | number | bigint): bigint => BigInt(id);

/** A business refusal (HTTP 400, code 400) with a PSI message. */
export const fail = (key: PsiMessageKey, params?: Record<string, string | number>) =>
  new ApiError(400, 400, psiMessages[key], params);

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
