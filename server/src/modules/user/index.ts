import type { FastifyInstance, FastifyRequest } from 'fastify';
import { user as userTable } from '@psi/db/schema';
import { hashPassword, verifyPassword } from '@psi/db/password';
import {
  formatDateTime,
  parseId,
  parseIdList,
  passwordFields,
  registerMessages,
  submitSchema,
  userResource,
  type ResourceDef,
} from '@psi/db/model';
import { done, ok } from '../../core/envelope';
import { badRequest } from '../../core/errors';
import { buildOrder } from '../../core/filters';
import { parsePage } from '../../core/page';
import { prepare, Repo, scopeOf } from '../../core/data';
import { actorOf, idParam, idsParam, listFilters } from '../../core/crud';
import { usualLog } from '../../core/logs';
import { validationError } from '../../core/validation';
import { clearFailures } from '../../core/sign-in';
import {
  bodyId,
  bodyOf,
  checkDictValues,
  liveTenant,
  param,
  requireButton,
  targetTenant,
} from '../../core/crud';
import { checkTenantCapacity, paramValue } from '../../core/tenant-rules';
import {
  accountTaken,
  checkAssignments,
  decorateUsers,
  deptAndBelow,
  guardSuperAdminAccount,
  initPasswordHash,
  MD5,
  userTexts,
  usersInReach,
} from './service';
import { userExcelRoutes, userListQuery } from './excel';
import { z } from 'zod';
import {
  answers,
  formParams,
  idQuery,
  idsBody,
  idsQuery,
  noQuery,
  rowSchema,
  submitBody,
} from '../../core/route-schemas';

const PLATFORM_FIELDS = {
  id: true,
  tenantId: true,
  account: true,
  name: true,
  realName: true,
  userType: true,
  userExt: true,
} as const;
import { typed } from '../../core/schema';

/** A user as list and detail send it: the row with its joined names. */
export const userRowSchema = rowSchema(userResource, userTable, {
  roleName: z.string(),
  deptName: z.string(),
  postName: z.string(),
  statusName: z.string(),
});
const usersParams = (more: Record<string, string> = {}) =>
  formParams({ userIds: 'comma-joined user ids', ...more });

const API = '/blade-user';

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

export default async function userModule(app: FastifyInstance) {
  const sqlite = app.ctx.sqlite;
  const def = userResource;
  const repo = new Repo(sqlite, userTable, def.tenant, [def.permission, def.key]);
  const decorate = (rows: Record<string, unknown>[], req: FastifyRequest) => decorateUsers(app, rows, req);

  /** Users by department (including every department below it), with the Blade filters. */
  const page = async (req: FastifyRequest<{ Querystring: z.output<typeof userListQuery> }>) => {
    const query = req.query;
    const where = listFilters(app, req, def, repo.meta);
    const rawDept = param(req, 'deptId');
    if (rawDept) {
      const deptId = parseId(rawDept);
      if (!deptId) throw badRequest('paramType', { name: 'deptId' });
      const below = deptAndBelow(deptId);
      where.clauses.push(...below.clauses);
      where.params.push(...below.params);
    }
    const result = repo.page(
      scopeOf(def.tenant, actorOf(req)),
      where,
      buildOrder(def, repo.meta, query),
      parsePage(query),
    );
    return ok({ ...result, records: decorate(result.records, req) }, req.lang);
  };
  const pageSchema = { querystring: userListQuery, response: answers.page(userRowSchema) };
  const api = typed(app);
  api.get(`${API}/page`, { config: { access: { menu: 'user' } }, schema: pageSchema }, page);
  api.get(`${API}/list`, { config: { access: { menu: 'user' } }, schema: pageSchema }, page);

  const detailSchema = { querystring: idQuery, response: answers.maybe(userRowSchema) };
  app.get(`${API}/detail`, { config: { access: { menu: 'user' } }, schema: detailSchema }, async (req) => {
    const row = repo.findById(scopeOf(def.tenant, actorOf(req)), idParam(req));
    return ok(row && decorate([row], req)[0], req.lang);
  });

  app.get(
    `${API}/info`,
    { config: { access: 'user' }, schema: { querystring: noQuery, response: answers.maybe(userRowSchema) } },
    async (req) => {
      const row = repo.findById({ tenantId: null }, actorOf(req).userId);
      return ok(row && decorate([row], req)[0], req.lang);
    },
  );

  app.get(
    `${API}/platform-detail`,
    {
      config: { access: { menu: 'user' } },
      schema: { querystring: idQuery, response: answers.maybe(userRowSchema.pick(PLATFORM_FIELDS)) },
    },
    async (req) => {
      const row = repo.findById(scopeOf(def.tenant, actorOf(req)), idParam(req));
      if (!row) return ok(null, req.lang);
      const [wire] = decorate([row], req);
      return ok(
        {
          id: wire.id,
          tenantId: wire.tenantId,
          account: wire.account,
          name: wire.name,
          realName: wire.realName,
          userType: wire.userType,
          userExt: wire.userExt,
        },
        req.lang,
      );
    },
  );

  /** Add (no id) or partial update; the password is only set on add (md5 from the client, else the init password). */
  const save = (req: FastifyRequest, id: string | null) => {
    const user = actorOf(req);
    const mode = id ? 'edit' : 'add';
    requireButton(app, user, `user_${mode}`);
    const parsed = submitSchema(def, req.lang, mode).safeParse(req.body);
    if (!parsed.success) throw validationError(parsed.error);
    const values = parsed.data as Record<string, unknown>;
    const body = bodyOf(req);
    const scope = scopeOf(def.tenant, user);
    const passwordHash =
      mode === 'add'
        ? values.password
          ? hashPassword(String(values.password).toLowerCase())
          : initPasswordHash(app)
        : null;
    delete values.password;
    // the posts column is NOT NULL: an emptied post list is stored as ''
    if ('postId' in values && values.postId === null) values.postId = '';
    let approved: { id: string; account: string } | null = null;
    sqlite.transaction(() => {
      let tenantId: string;
      let existing: Record<string, unknown> | null = null;
      if (id) {
        if (!repo.guardTenant(scope, [id]).length) throw badRequest('recordNotFound');
        existing = repo.findById(scope, id);
        if (!existing) throw badRequest('recordNotFound');
        tenantId = String(existing.tenantId);
      } else {
        tenantId = targetTenant(app, user, body);
        checkTenantCapacity(app, tenantId, 1);
      }
      checkDictValues(app, def, values, req, tenantId);
      checkAssignments(app, user, tenantId, values, req.lang);
      // nor may anyone but the super-admin role change a super-admin account
      if (existing) guardSuperAdminAccount(app, user, existing.roleId);
      const account = (values.account ?? existing?.account) as string;
      if (accountTaken(app, tenantId, account, id ?? undefined)) throw badRequest(userTexts.accountTaken);
      if (id) {
        repo.update(scope, id, values, user);
        if (Number(existing?.status) === 2 && values.status === 1) approved = { id, account };
      } else {
        repo.insert({ ...values, password: passwordHash, status: values.status ?? 1 }, user, tenantId);
      }
    })();
    if (approved) usualLog(app, req, 'info', 'user.approve', approved);
  };

  const submitRoute = { body: submitBody(def), response: answers.done() };
  app.post(
    `${API}/submit`,
    { config: { access: { button: ['user_add', 'user_edit'] } }, schema: submitRoute },
    async (req) => {
      save(req, bodyId(req.body));
      return done(req.lang);
    },
  );

  app.post(
    `${API}/update`,
    { config: { access: { button: 'user_edit' } }, schema: submitRoute },
    async (req) => {
      const id = bodyId(req.body);
      if (!id) throw badRequest('paramMissing', { name: 'id' });
      save(req, id);
      return done(req.lang);
    },
  );

  app.post(
    `${API}/update-platform`,
    {
      config: { access: { button: 'user_platform' } },
      schema: {
        ...formParams({
          userId: 'the user',
          id: 'the user (when userId is absent)',
          userType: '1 web, 2 app, 3 other',
          userExt: 'JSON of platform extras',
        }),
        response: answers.done(),
      },
    },
    async (req) => {
      const user = actorOf(req);
      const rawId = param(req, 'userId') ?? param(req, 'id');
      const id = rawId ? parseId(rawId) : null;
      if (!id) throw badRequest(rawId ? 'paramType' : 'paramMissing', { name: 'userId' });
      const userType = Number(param(req, 'userType') ?? 1);
      if (![1, 2, 3].includes(userType)) throw badRequest(userTexts.userTypeInvalid);
      const ext = param(req, 'userExt') ?? '';
      if (ext) {
        try {
          JSON.parse(ext);
        } catch {
          throw badRequest(userTexts.userExtInvalid);
        }
      }
      const scope = scopeOf(def.tenant, user);
      sqlite.transaction(() => {
        if (!repo.guardTenant(scope, [id]).length) throw badRequest('recordNotFound');
        guardSuperAdminAccount(app, user, repo.findById(scope, id)?.roleId);
        repo.update(scope, id, { userType, userExt: ext.slice(0, 20000) || null }, user);
      })();
      return done(req.lang);
    },
  );

  app.post(
    `${API}/remove`,
    {
      config: { access: { button: 'user_delete' } },
      schema: { querystring: idsQuery, body: idsBody, response: answers.done() },
    },
    async (req) => {
      const user = actorOf(req);
      const ids = idsParam(req);
      if (ids.includes(user.userId)) throw badRequest(userTexts.removeSelf);
      const scope = scopeOf(def.tenant, user);
      sqlite.transaction(() => {
        const rows = repo.guardTenant(scope, ids);
        for (const u of rows) {
          const row = repo.findById(scope, u);
          guardSuperAdminAccount(app, user, row?.roleId);
        }
        repo.remove(scope, rows, user);
      })();
      return done(req.lang);
    },
  );

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
      const row = prepare(sqlite, 'SELECT password FROM blade_user WHERE id = ? AND is_deleted = 0').get(
        BigInt(user.userId),
      ) as { password: string } | undefined;
      if (!row || !verifyPassword(row.password, values.oldPassword)) throw badRequest(userTexts.wrongOld);
      repo.update({ tenantId: null }, user.userId, { password: hashPassword(values.newPassword) }, user);
      return done(req.lang);
    },
  );

  /** The caller's own profile; ids, roles, departments, account, password and status are ignored. */
  app.post(
    `${API}/update-info`,
    { config: { access: 'user' }, schema: { body: submitBody(infoDef), response: answers.done() } },
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

  userExcelRoutes(app, repo);
}
