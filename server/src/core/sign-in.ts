import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { signedFileLink } from './file-links';
import { hashPassword, verifyPasswordOffThread } from '@psi/db/password';
import { formatDateTime, messages, type Lang, type MessageKey } from '@psi/db/model';
import type { client, tenant as tenantTable, user } from '@psi/db/schema';
import { prepare } from './data';
import type { DriverRow } from './rows';
import type { AppContext } from './context';
import type { ClaimsInput, TokenClaims } from './jwt';

export const DEFAULT_AVATAR = '/avatar-default.svg';
const LOCK_AFTER = 5;
const LOCK_WINDOW_MS = 30 * 60 * 1000;

/** A refused sign-in: the token endpoint answers it unwrapped as `{error_code, error_description}`. */
export class GrantError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly params: Record<string, string> = {},
  ) {
    super(key);
  }
  describe(lang: Lang) {
    return messages[this.key][lang].replace(/\{(\w+)\}/g, (_, k: string) => this.params[k] ?? '');
  }
}

export interface ClientRow {
  clientId: string;
  clientSecret: string;
  authorizedGrantTypes: string;
  accessTokenValidity: number;
  refreshTokenValidity: number;
}

/** The user as `USER_COLUMNS` selects it. */
type UserRow = Pick<
  DriverRow<typeof user>,
  | 'id'
  | 'tenantId'
  | 'account'
  | 'password'
  | 'name'
  | 'realName'
  | 'avatar'
  | 'roleId'
  | 'deptId'
  | 'postId'
  | 'status'
  | 'createTime'
>;

const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** `Authorization: Basic base64(clientId:secret)` against `blade_client`. */
export function authenticateClient(ctx: AppContext, header: string | undefined): ClientRow {
  const m = /^basic\s+(\S+)$/i.exec(header?.trim() ?? '');
  if (!m) throw new GrantError(401, 'badClient');
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const at = decoded.indexOf(':');
  if (at < 1) throw new GrantError(401, 'badClient');
  const row = prepare<Pick<DriverRow<typeof client>, keyof ClientRow>, [string]>(
    ctx.sqlite,
    `SELECT client_id AS clientId, client_secret AS clientSecret, authorized_grant_types AS authorizedGrantTypes,
       access_token_validity AS accessTokenValidity, refresh_token_validity AS refreshTokenValidity
     FROM blade_client WHERE client_id = ? AND is_deleted = 0 AND status = 1`,
  ).get(decoded.slice(0, at));
  if (!row || !safeEqual(row.clientSecret, decoded.slice(at + 1))) throw new GrantError(401, 'badClient');
  return {
    ...row,
    accessTokenValidity: Number(row.accessTokenValidity),
    refreshTokenValidity: Number(row.refreshTokenValidity),
  };
}

/** The failures of an account on record within the lockout's window. */
function failuresOnRecord(ctx: AppContext, tenantId: string, account: string): number {
  const row = prepare<{ n: bigint; at: bigint }, [string, string]>(
    ctx.sqlite,
    'SELECT fail_count AS n, first_fail_at AS at FROM blade_login_failure WHERE tenant_id = ? AND account = ?',
  ).get(tenantId, account);
  return row && Date.now() - Number(row.at) < LOCK_WINDOW_MS ? Number(row.n) : 0;
}

/** One atomic upsert: a failure older than the window starts a new count. */
function recordFailure(ctx: AppContext, tenantId: string, account: string): void {
  const now = Date.now();
  prepare(
    ctx.sqlite,
    `INSERT INTO blade_login_failure (tenant_id, account, fail_count, first_fail_at) VALUES (?, ?, 1, ?)
     ON CONFLICT (tenant_id, account) DO UPDATE SET
       fail_count = CASE WHEN first_fail_at < ? THEN 1 ELSE fail_count + 1 END,
       first_fail_at = CASE WHEN first_fail_at < ? THEN excluded.first_fail_at ELSE first_fail_at END`,
  ).run(tenantId, account, now, now - LOCK_WINDOW_MS, now - LOCK_WINDOW_MS);
}

export function clearFailures(ctx: AppContext, tenantId: string, account: string): void {
  prepare(ctx.sqlite, 'DELETE FROM blade_login_failure WHERE tenant_id = ? AND account = ?').run(
    tenantId,
    account,
  );
}

const USER_COLUMNS = `id, tenant_id AS tenantId, account, password, name, real_name AS realName, avatar,
  role_id AS roleId, dept_id AS deptId, post_id AS postId, status, create_time AS createTime`;

// A hash of a random value: verifying against it costs what a real check costs, so an unknown
// account answers as slowly as a wrong password.
let dummyHash: string | undefined;
const dummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

type Tenant = Pick<DriverRow<typeof tenantTable>, 'tenantId' | 'expireTime' | 'status'>;

/** Per tenant and account: sign-ins verifying now, and those waiting for a place (`checkPassword`). */
const verifying = new Map<string, { inFlight: number; waiting: (() => void)[] }>();

/**
 * Takes a place among the verifications of an account: failures on record plus verifications in flight
 * stay under the lockout's limit, so parallel guesses cannot pass it while earlier ones still hash; a
 * sign-in beyond waits until one ends, then looks again (refused as locked once the failures reach it).
 */
async function takePlace(ctx: AppContext, tenantId: string, account: string, key: string): Promise<void> {
  for (;;) {
    const failures = failuresOnRecord(ctx, tenantId, account);
    if (failures >= LOCK_AFTER) throw new GrantError(400, 'userLocked');
    let state = verifying.get(key);
    if (!state) verifying.set(key, (state = { inFlight: 0, waiting: [] }));
    if (failures + state.inFlight < LOCK_AFTER) {
      state.inFlight++;
      return;
    }
    const queue = state.waiting;
    await new Promise<void>((resolve) => queue.push(resolve));
  }
}

function leavePlace(key: string): void {
  const state = verifying.get(key);
  if (!state) return;
  state.inFlight--;
  // every waiter looks again: one may verify now, or all are locked out by the failure just recorded
  for (const wake of state.waiting.splice(0)) wake();
  if (!state.inFlight) verifying.delete(key);
}

/**
 * Checks tenant, account and password; failures for unknown tenant, user or password look the same.
 * The argon2id verification runs off the event loop, so sign-ins of different accounts (and of one
 * account, up to the lockout's limit) verify at once.
 */
export async function checkPassword(
  ctx: AppContext,
  tenantId: string,
  account: string,
  md5: string,
): Promise<UserRow> {
  const key = JSON.stringify([tenantId, account]);
  await takePlace(ctx, tenantId, account, key);
  let good: boolean;
  let user: UserRow | undefined;
  let tenant: Tenant | undefined;
  try {
    tenant = prepare<Tenant, [string]>(
      ctx.sqlite,
      'SELECT tenant_id AS tenantId, expire_time AS expireTime, status FROM blade_tenant WHERE tenant_id = ? AND is_deleted = 0',
    ).get(tenantId);
    user = tenant
      ? prepare<UserRow, [string, string]>(
          ctx.sqlite,
          `SELECT ${USER_COLUMNS} FROM blade_user WHERE tenant_id = ? AND account = ? AND is_deleted = 0`,
        ).get(tenantId, account)
      : undefined;
    good = (await verifyPasswordOffThread(user?.password ?? dummy(), md5)) && !!user;
    if (!good || !user || !tenant) recordFailure(ctx, tenantId, account);
  } finally {
    leavePlace(key);
  }
  if (!good || !user || !tenant) {
    // names the tenant the user typed (a wrong tenant is the usual mistake), cut to a tenant id's length
    throw new GrantError(400, 'badCredentialsInTenant', { tenant: tenantId.slice(0, 12) });
  }
  clearFailures(ctx, tenantId, account);
  checkTenantAdmits(ctx, user);
  return user;
}

/**
 * What the tenant says about a user who proved who they are (at sign-in and at every refresh): the
 * tenant must be enabled and not expired, the account enabled, and within the tenant's account limit.
 * When a limit was lowered below the number of accounts, the oldest accounts (by creation) keep
 * signing in and the newest beyond the limit are refused.
 */
export function checkTenantAdmits(ctx: AppContext, user: UserRow): void {
  const tenant = prepare<
    Pick<DriverRow<typeof tenantTable>, 'expireTime' | 'status' | 'accountNumber'>,
    [string]
  >(
    ctx.sqlite,
    'SELECT expire_time AS expireTime, status, account_number AS accountNumber FROM blade_tenant WHERE tenant_id = ? AND is_deleted = 0',
  ).get(user.tenantId);
  if (!tenant) throw new GrantError(400, 'badCredentials');
  if (Number(tenant.status) !== 1 || (tenant.expireTime && tenant.expireTime < formatDateTime()))
    throw new GrantError(400, 'tenantExpired');
  const limit = tenant.accountNumber === null ? -1 : Number(tenant.accountNumber);
  if (limit >= 0) {
    const older = prepare<{ c: bigint }, [string, string, null | string, bigint]>(
      ctx.sqlite,
      `SELECT COUNT(*) AS c FROM blade_user
       WHERE tenant_id = ? AND is_deleted = 0 AND (create_time < ? OR (create_time IS ? AND id < ?))`,
    ).get(user.tenantId, user.createTime ?? '', user.createTime, user.id)!;
    if (Number(older.c) >= limit) throw new GrantError(400, 'accountLimit');
  }
  if (Number(user.status) !== 1) throw new GrantError(400, 'userDisabled');
}

export function loadUser(ctx: AppContext, userId: string): UserRow | undefined {
  return prepare<UserRow, [bigint]>(
    ctx.sqlite,
    `SELECT ${USER_COLUMNS} FROM blade_user WHERE id = ? AND is_deleted = 0`,
  ).get(BigInt(userId));
}

/**
 * The department (or role) ids a token carries: all of the user's own when none is wanted, else the
 * wanted ones (one id, or a comma-joined list as a token of several carries it), which must all be the
 * user's own; `null` when one is not.
 */
export const pickOwn = (list: string, wanted: string | undefined): string | null => {
  const ids = list.split(',').filter(Boolean);
  const chosen = (wanted ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (!chosen.length) return list;
  return chosen.every((id) => ids.includes(id)) ? [...new Set(chosen)].join(',') : null;
};

/**
 * Issues an access/refresh pair and records the refresh token (so it can rotate and be revoked).
 * In switch mode the chosen dept and role must be among the user's own. Both tokens carry the
 * user's access generation and the sign-in id (`sessionId`, kept along a refresh chain).
 */
export function issueTokens(
  ctx: AppContext,
  client: ClientRow,
  user: UserRow,
  deptWanted?: string,
  roleWanted?: string,
  sessionId: string = randomUUID(),
  extraClaims: Pick<ClaimsInput, 'dialect'> = {},
) {
  const deptId = pickOwn(user.deptId, deptWanted);
  const roleId = pickOwn(user.roleId, roleWanted);
  if (deptId === null || roleId === null) throw new GrantError(400, 'switchDeptRole');
  const roleIds = roleId.split(',').filter(Boolean);
  const roles = roleIds.length
    ? prepare<{ alias: string; name: string }>(
        ctx.sqlite,
        `SELECT role_alias AS alias, role_name AS name FROM blade_role WHERE is_deleted = 0 AND id IN (${roleIds.map(() => '?').join(',')})`,
      ).all(...roleIds.map((r) => BigInt(r)))
    : [];
  const claims: ClaimsInput = {
    token_type: 'access_token',
    tenant_id: user.tenantId,
    user_id: String(user.id),
    role_id: roleId,
    dept_id: deptId,
    post_id: user.postId,
    account: user.account,
    user_name: user.account,
    nick_name: user.name ?? user.account,
    real_name: user.realName ?? '',
    role_name: roles.map((r) => r.alias).join(','),
    client_id: client.clientId,
    sid: sessionId,
    gen: ctx.revocation.currentGenerationOf(String(user.id)),
    ...extraClaims,
  };
  const access = ctx.tokens.issue(claims, client.accessTokenValidity);
  const refresh = ctx.tokens.issue({ ...claims, token_type: 'refresh_token' }, client.refreshTokenValidity);
  prepare(
    ctx.sqlite,
    `INSERT INTO blade_refresh_token (jti, user_id, tenant_id, client_id, expires_at, revoked, create_time, session_id)
     VALUES (?, ?, ?, ?, ?, 0, ?, ?)`,
  ).run(refresh.jti, user.id, user.tenantId, client.clientId, refresh.exp, formatDateTime(), sessionId);
  return {
    access_token: access.token,
    token_type: 'bearer',
    refresh_token: refresh.token,
    expires_in: client.accessTokenValidity,
    scope: 'all',
    tenant_id: user.tenantId,
    user_id: String(user.id),
    dept_id: deptId,
    post_id: user.postId,
    role_id: roleId,
    oauth_id: '',
    account: user.account,
    user_name: user.account,
    nick_name: user.name ?? user.account,
    real_name: user.realName ?? '',
    role_name: claims.role_name,
    avatar: signedFileLink(ctx.options.jwtSecret, user.avatar || DEFAULT_AVATAR),
    detail: { type: 'web' },
    license: 'powered by blade',
    jti: access.jti,
  };
}

/**
 * Reuse detection (OAuth 2.1): a genuine refresh token that was already spent (rotated) or revoked
 * means it leaked, so the whole sign-in it belongs to is revoked: every refresh token of the chain
 * and every access token carrying its sign-in id. Runs before (and outside) the refresh transaction
 * so the revocation stands although the refresh fails.
 */
export function revokeReusedChain(ctx: AppContext, token: string): void {
  const claims = ctx.tokens.verify(token);
  if (!claims || claims.token_type !== 'refresh_token') return;
  const row = prepare<{ revoked: bigint; sessionId: string | null }, [string]>(
    ctx.sqlite,
    'SELECT revoked, session_id AS sessionId FROM blade_refresh_token WHERE jti = ?',
  ).get(claims.jti);
  if (!row || Number(row.revoked) === 0) return;
  const sessionId = row.sessionId ?? claims.sid;
  if (!sessionId) return;
  revokeSession(ctx, sessionId);
}

/** Revokes a sign-in: its refresh tokens on record and, in memory and on record, its access tokens. */
function revokeSession(ctx: AppContext, sessionId: string): void {
  ctx.sqlite.transaction(() => {
    prepare(
      ctx.sqlite,
      'UPDATE blade_refresh_token SET revoked = 1 WHERE session_id = ? AND revoked = 0',
    ).run(sessionId);
    const last = prepare<{ exp: bigint | null }, [string]>(
      ctx.sqlite,
      'SELECT MAX(expires_at) AS exp FROM blade_refresh_token WHERE session_id = ?',
    ).get(sessionId)!;
    // access tokens never outlive the refresh tokens of their sign-in; a day covers an unknown chain
    ctx.revocation.revoke(sessionId, Number(last.exp ?? Math.floor(Date.now() / 1000) + 86_400));
  })();
}

/**
 * Spends a refresh token: it must verify as a refresh token, be on record, unrevoked and unexpired,
 * and its sign-in not revoked (a new password, disabling or removing the account revoke the record).
 * Marking it revoked is a conditional update, so two racing refreshes cannot both succeed.
 */
export function spendRefreshToken(ctx: AppContext, token: string): TokenClaims {
  const claims = ctx.tokens.verify(token);
  if (!claims && ctx.tokens.endedByReset(token)) throw new GrantError(400, 'demoReset');
  if (!claims || claims.token_type !== 'refresh_token') throw new GrantError(400, 'tokenInvalid');
  if (ctx.revocation.revokedToken(claims)) throw new GrantError(400, 'tokenInvalid');
  const changed = prepare(
    ctx.sqlite,
    'UPDATE blade_refresh_token SET revoked = 1 WHERE jti = ? AND revoked = 0 AND expires_at > ?',
  ).run(claims.jti, Math.floor(Date.now() / 1000)).changes;
  if (changed !== 1) throw new GrantError(400, 'tokenInvalid');
  return claims;
}

export function revokeRefreshTokens(ctx: AppContext, userId: string): void {
  prepare(ctx.sqlite, 'UPDATE blade_refresh_token SET revoked = 1 WHERE user_id = ? AND revoked = 0').run(
    BigInt(userId),
  );
}
