/** Access to users' accounts: their roles, resetting passwords, unlocking after failed sign-ins. */
import { parseIdList } from '@psi/db/model';
import { done } from '../../core/envelope';
import { badRequest } from '../../core/errors';
import { actorOf, param } from '../../core/crud';
import { usualLog } from '../../core/logs';
import { clearFailures } from '../../core/sign-in';
import { answers } from '../../core/route-schemas';
import { API, usersParams, type UserDeps } from './deps';
import { checkAssignments, initPasswordHash, userTexts, usersInReach } from './service';

export function userAccessRoutes({ app, sqlite, repo }: UserDeps): void {
  /** `userIds` + `roleIds`: sets those users' roles (roles of each user's own tenant). */
  app.post(
    `${API}/grant`,
    {
      config: { access: { button: 'user_role' } },
      schema: { ...usersParams({ roleIds: 'comma-joined role ids' }), response: answers.done() },
    },
    async (req) => {
      const user = actorOf(req);
      const users = usersInReach(app, user, param(req, 'userIds'));
      const roleIds = parseIdList(param(req, 'roleIds') ?? '');
      if (!roleIds) throw badRequest(userTexts.chooseRole);
      sqlite.transaction(() => {
        for (const u of users) {
          const values = { roleId: roleIds.join(',') };
          checkAssignments(app, user, u.tenantId, values, req.lang);
          repo.update({ tenantId: u.tenantId }, u.id, values, user);
        }
      })();
      app.ctx.grants.clear();
      return done(req.lang);
    },
  );

  const usersSchema = { ...usersParams(), response: answers.done() };
  app.post(
    `${API}/reset-password`,
    { config: { access: { button: 'user_reset' } }, schema: usersSchema },
    async (req) => {
      const user = actorOf(req);
      const users = usersInReach(app, user, param(req, 'userIds'));
      const hashes = users.map(() => initPasswordHash(app));
      sqlite.transaction(() => {
        users.forEach((u, i) => repo.update({ tenantId: u.tenantId }, u.id, { password: hashes[i] }, user));
      })();
      return done(req.lang);
    },
  );

  app.post(
    `${API}/unlock`,
    { config: { access: { button: 'user_unlock' } }, schema: usersSchema },
    async (req) => {
      const user = actorOf(req);
      const users = usersInReach(app, user, param(req, 'userIds'));
      sqlite.transaction(() => {
        for (const u of users) clearFailures(app.ctx, u.tenantId, u.account);
      })();
      usualLog(app, req, 'info', 'user.unlock', { accounts: users.map((u) => `${u.tenantId}:${u.account}`) });
      return done(req.lang);
    },
  );
}
