/** What a signed-in user does about their own account: password, profile, a guest's registration. */
import type { ResourceDef } from '@psi/db/model';
import {
  formatDateTime,
  parseId,
  passwordFields,
  registerMessages,
  submitSchema,
  userResource,
} from '@psi/db/model';
import { hashPassword, verifyPassword } from '@psi/db/password';
import { done } from '../../core/envelope';
import { badRequest } from '../../core/errors';
import { prepare } from '../../core/data';
import { actorOf, checkDictValues, liveTenant, param } from '../../core/crud';
import { usualLog } from '../../core/logs';
import { validationError } from '../../core/validation';
import { checkTenantCapacity, paramValue } from '../../core/tenant-rules';
import { answers, formParams, submitBody } from '../../core/route-schemas';
import { API, type UserDeps } from './deps';
import { accountTaken, MD5, userTexts } from './service';

/** The profile fields a user may change about themselves (`update-info`). */
const INFO_FIELDS = ['name', 'realName', 'avatar', 'email', 'phone', 'sex', 'birthday'];
const subsetOf = (names: string[]): ResourceDef => ({
  ...userResource,
  fields: userResource.fields
    .filter((f) => names.includes(f.name))
    .map((f) => ({ ...f, editableOnEdit: true })),
});
const infoDef = subsetOf(INFO_FIELDS);
/** What a guest's registration is checked against (beyond the seed's own checks). */
const guestDef = subsetOf(['account', 'name']);

export function userSelfRoutes({ app, sqlite, repo }: UserDeps): void {
  /** The seed's three fields, md5 hex from the client; the account's own password only. */
  app.post(
    `${API}/update-password`,
    {
      config: { access: 'user' },
      schema: {
        ...formParams({
          oldPassword: 'md5 of the current password',
          newPassword: 'md5 of the new password',
          newPassword1: 'md5 of the new password again',
        }),
        response: answers.done(),
      },
    },
    async (req) => {
      const user = actorOf(req);
      const values: Record<string, string> = {};
      const missing: string[] = [];
      for (const [name, message] of Object.entries(passwordFields)) {
        const v = param(req, name) ?? '';
        if (!v) missing.push(message[req.lang]);
        values[name] = v.toLowerCase();
      }
      if (missing.length) throw badRequest(missing.join('; '));
      if (Object.values(values).some((v) => !MD5.test(v))) throw badRequest(userTexts.md5);
      if (values.newPassword !== values.newPassword1) throw badRequest(userTexts.wrongConfirm);
      const row = prepare<{ password: string }, [bigint]>(
        sqlite,
        'SELECT password FROM blade_user WHERE id = ? AND is_deleted = 0',
      ).get(BigInt(user.userId));
      if (!row || !verifyPassword(row.password, values.oldPassword)) throw badRequest(userTexts.wrongOld);
      repo.update({ tenantId: null }, user.userId, { password: hashPassword(values.newPassword) }, user);
      return done(req.lang);
    },
  );

  /** The caller's own profile; ids, roles, departments, account, password and status are ignored. */
  app.post(
    `${API}/update-info`,
    {
      config: { access: 'user' },
      // a missing or null body would change nothing: refused rather than answered as a success
      schema: { body: submitBody(infoDef, {}, { required: true }), response: answers.done() },
    },
    async (req) => {
      const user = actorOf(req);
      const parsed = submitSchema(infoDef, req.lang, 'edit').safeParse(req.body);
      if (!parsed.success) throw validationError(parsed.error);
      const values = parsed.data as Record<string, unknown>;
      checkDictValues(app, infoDef, values, req, user.tenantId);
      repo.update({ tenantId: null }, user.userId, values, user);
      return done(req.lang);
    },
  );

  /**
   * A social-login user asks for an account: it is created pending (status 2) until an admin enables
   * it (`submit` with `status: 1`). Checked in the seed's order.
   */
  app.post(
    `${API}/register-guest`,
    {
      config: { access: 'user' },
      schema: {
        ...formParams({
          tenantId: 'the tenant to join',
          account: 'the account wanted',
          password: 'md5 of the password',
          password2: 'md5 of the password again',
          name: 'the display name (default the account)',
          oauthId: 'the third-party identity to bind',
        }),
        response: answers.done(),
      },
    },
    async (req) => {
      const tenantId = param(req, 'tenantId') ?? '';
      const account = param(req, 'account') ?? '';
      const password = (param(req, 'password') ?? '').toLowerCase();
      const password2 = param(req, 'password2');
      if (!tenantId) throw badRequest(registerMessages.tenantId);
      if (!account) throw badRequest(registerMessages.account);
      if (!password || password2 === '') throw badRequest(registerMessages.password);
      if (password2 !== undefined && password2.toLowerCase() !== password)
        throw badRequest(registerMessages.mismatch);
      if (!MD5.test(password)) throw badRequest(userTexts.md5);
      if ((paramValue(app, 'account.registerUser') ?? 'true') !== 'true')
        throw badRequest(userTexts.registerClosed);
      if (!liveTenant(app, tenantId)) throw badRequest(userTexts.tenantMissing);
      const name = (param(req, 'name') || account).slice(0, 20);
      const parsed = submitSchema(guestDef, req.lang, 'edit').safeParse({ account, name });
      if (!parsed.success) throw validationError(parsed.error);
      const oauthRaw = param(req, 'oauthId');
      const oauthId = oauthRaw ? parseId(oauthRaw) : null;
      if (oauthRaw && oauthId === null) throw badRequest('paramType', { name: 'oauthId' });
      const hash = hashPassword(password);
      const me = actorOf(req);
      let userId = '';
      sqlite.transaction(() => {
        checkTenantCapacity(app, tenantId, 1);
        if (accountTaken(app, tenantId, account)) throw badRequest(userTexts.accountTaken);
        userId = repo.insert(
          {
            account,
            name,
            realName: name,
            password: hash,
            status: 2,
            userType: 1,
            roleId: '',
            deptId: '',
            postId: '',
          },
          me,
          tenantId,
        );
        // the third-party identity must be this tenant's and not yet bound to anyone
        if (
          oauthId &&
          prepare(
            sqlite,
            'UPDATE blade_user_oauth SET user_id = ? WHERE id = ? AND tenant_id = ? AND (user_id IS NULL OR user_id = 0)',
          ).run(BigInt(userId), BigInt(oauthId), tenantId).changes !== 1
        )
          throw badRequest(userTexts.oauthTaken);
      })();
      usualLog(app, req, 'info', 'user.register', { tenantId, account, userId, at: formatDateTime() });
      return done(req.lang);
    },
  );
}
