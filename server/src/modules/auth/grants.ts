/** The steps both sign-in dialects take the same way: reading parameters, a refresh, a sign-out. */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../core/context';
import type { ClaimsInput } from '../../core/jwt';
import { tokenOf } from '../../core/access';
import { liveHubOf } from '../../core/live';
import {
  checkTenantAdmits,
  GrantError,
  issueTokens,
  loadUser,
  pickOwn,
  revokeRefreshTokens,
  revokeReusedChain,
  spendRefreshToken,
  type ClientRow,
} from '../../core/sign-in';

/** A parameter's text (numbers as digits), trimmed. */
export const str = (v: unknown) =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : undefined;

export const header = (req: FastifyRequest, name: string) => str(req.headers[name.toLowerCase()]);

/**
 * Spends a refresh token for new tokens. A refresh is a sign-in without the password: the tenant and
 * account must still admit it. The department and role are the wanted ones (refused when not the
 * user's own); without them the tokens keep those of the spent one while the user still has them, else all.
 */
export function refreshGrant(
  ctx: AppContext,
  client: ClientRow,
  refresh: string,
  wanted: { dept?: string; role?: string } = {},
  extraClaims: Pick<ClaimsInput, 'dialect'> = {},
) {
  revokeReusedChain(ctx, refresh);
  return ctx.sqlite.transaction(() => {
    const claims = spendRefreshToken(ctx, refresh);
    const user = loadUser(ctx, claims.user_id);
    if (!user) throw new GrantError(400, 'tokenInvalid');
    checkTenantAdmits(ctx, user);
    const kept = (list: string, previous: string | undefined) =>
      pickOwn(list, previous) === null ? undefined : previous;
    return issueTokens(
      ctx,
      client,
      user,
      wanted.dept ?? kept(user.deptId, claims.dept_id),
      wanted.role ?? kept(user.roleId, claims.role_id),
      claims.sid,
      extraClaims,
    );
  })();
}

/** Ends a sign-in: the user's refresh tokens and the access token presented stop working now. */
export function endSignIn(ctx: AppContext, req: FastifyRequest, userId: string): void {
  revokeRefreshTokens(ctx, userId);
  const claims = ctx.tokens.verify(tokenOf(req) ?? '');
  if (claims) ctx.revocation.revoke(claims.jti, claims.exp);
  liveHubOf(ctx.sqlite).closeUser(userId);
}
