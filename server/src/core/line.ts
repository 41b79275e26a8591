import { z } from 'zod';
import type { BladeLine } from '@psi/db/model';

/**
 * What differs in the answers of the two Blade lines this server stands in for (`BLADE_LINE`), beside
 * the routes only BladeX has (`BLADEX_ONLY_ROUTES`, answered 404 in core/access.ts) and the
 * unauthenticated answer (`unauthorized` in core/errors.ts).
 */

const authority = z.object({ authority: z.array(z.string()) });

/**
 * `GET /blade-system/menu/auth-routes`, each menu path the caller may open with the caller's role
 * aliases: one map on BladeX (what Sword's `patchRoutes` iterates), a list of one-key objects on the
 * public line (`List<Kv>`).
 */
export const authRoutesAnswer = {
  bladex: z.record(z.string(), authority).describe('menu path → the role aliases that may open it'),
  springblade: z
    .array(z.record(z.string(), authority))
    .describe('one object per menu path: {path: {authority: [role aliases]}}'),
} satisfies Record<BladeLine, z.ZodType>;

/** The routes as `authRoutesAnswer` of a line shapes them. */
export function authRoutesOn(
  line: BladeLine,
  routes: [path: string, aliases: string[]][],
): z.infer<(typeof authRoutesAnswer)[BladeLine]> {
  return line === 'springblade'
    ? routes.map(([path, aliases]) => ({ [path]: { authority: aliases } }))
    : Object.fromEntries(routes.map(([path, aliases]) => [path, { authority: aliases }]));
}

/**
 * The public line's answer to a route that needs a token, called without a valid one: HTTP 200 (its
 * `SecureInterceptor` writes the body itself) with code 401 and a real `null` as `data`.
 */
export const unauthorizedAnswer = z
  .object({
    code: z.literal(401),
    success: z.literal(false),
    data: z.null(),
    msg: z.string().describe('请求未授权 (Request not authorised)'),
  })
  .strict()
  .describe('not signed in, or the token is invalid or expired (public line: HTTP 200, code 401)');
