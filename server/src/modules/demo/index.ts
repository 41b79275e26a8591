import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { t, tokenBodySchema } from '@psi/db/model';
import { answers, noBody, noQuery } from '../../core/route-schemas';
import { ok } from '../../core/envelope';
import { badRequest, forbidden } from '../../core/errors';
import { authenticateClient, issueTokens, loadUser } from '../../core/sign-in';
import { canResetDemo, restoreDemo } from '../../seed/demo-reset';

const notADemo = t(
  '当前数据不是演示数据，无法重置',
  'This data was not seeded as a demo, so it cannot be reset',
);

const infoSchema = z.object({
  resettable: z.boolean().describe('the caller may reset: the platform super-admin on demo data'),
});
const resetSchema = z.object({
  ms: z.number().describe('how long the reset took'),
  token: tokenBodySchema.nullable().describe("the caller's new session (null: sign in again)"),
});

/**
 * The demo between presentations (`/api/demo`): the platform super-admin brings the data back to the
 * freshly seeded state. Everyone else signed in must sign in again; the caller gets a new session.
 */
export default async function demoModule(app: FastifyInstance) {
  const dataDir = app.ctx.options.dataDir;

  app.get(
    '/demo/info',
    { config: { access: 'user' }, schema: { querystring: noQuery, response: answers.of(infoSchema) } },
    async (req) => ok({ resettable: Boolean(req.user?.isSuperAdmin) && canResetDemo(dataDir) }, req.lang),
  );

  app.post(
    '/demo/reset',
    { config: { access: 'user' }, schema: { body: noBody, response: answers.of(resetSchema) } },
    async (req) => {
      const user = req.user!;
      if (!user.isSuperAdmin) throw forbidden();
      if (!canResetDemo(dataDir)) throw badRequest(notADemo);
      const ms = restoreDemo(app.ctx.sqlite, dataDir);
      // the caller's own session continues with a new token pair (from the restored user row)
      let token: ReturnType<typeof issueTokens> | null = null;
      const restored = loadUser(app.ctx, user.userId);
      if (restored) {
        try {
          const client = authenticateClient(app.ctx, req.headers.authorization);
          token = issueTokens(
            app.ctx,
            client,
            restored,
            user.deptId || undefined,
            user.roleIds.join(',') || undefined,
          );
        } catch {
          // without the client's credentials the caller signs in again like everyone else
          token = null;
        }
      }
      req.log.info({ ms: Math.round(ms) }, 'demo data reset');
      return ok({ ms: Math.round(ms), token }, req.lang);
    },
  );
}
