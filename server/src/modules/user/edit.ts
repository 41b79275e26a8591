/** An administrator's changes to users: add or edit, platform fields, removal. */
import type { FastifyRequest } from 'fastify';
import { parseId, submitSchema, userResource } from '@psi/db/model';
import { hashPassword } from '@psi/db/password';
import { done } from '../../core/envelope';
import { badRequest } from '../../core/errors';
import { scopeOf } from '../../core/data';
import {
  actorOf,
  bodyId,
  bodyOf,
  checkDictValues,
  idsParam,
  param,
  requireButton,
  targetTenant,
} from '../../core/crud';
import { usualLog } from '../../core/logs';
import { validationError } from '../../core/validation';
import { checkTenantCapacity } from '../../core/tenant-rules';
import { answers, formParams, idsBody, idsQuery, submitBody, requiredParam } from '../../core/route-schemas';
import { API, type UserDeps } from './deps';
import {
  accountTaken,
  checkAssignments,
  guardSuperAdminAccount,
  initPasswordHash,
  userTexts,
} from './service';

/** Add (no id) or partial update; the password is only set on add (md5 from the client, else the init password). */
function saveUser({ app, sqlite, repo }: UserDeps, req: FastifyRequest, id: string | null): void {
  const user = actorOf(req);
  const mode = id ? 'edit' : 'add';
  requireButton(app, user, `user_${mode}`);
  const parsed = submitSchema(userResource, req.lang, mode).safeParse(req.body);
  if (!parsed.success) throw validationError(parsed.error);
  const values = parsed.data as Record<string, unknown>;
  const body = bodyOf(req);
  const scope = scopeOf(userResource.tenant, user);
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
    checkDictValues(app, userResource, values, req, tenantId);
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
}

export function userEditRoutes(deps: UserDeps): void {
  const { app, sqlite, repo } = deps;
  const submitRoute = { body: submitBody(userResource), response: answers.done() };
  app.post(
    `${API}/submit`,
    { config: { access: { button: ['user_add', 'user_edit'] } }, schema: submitRoute },
    async (req) => {
      saveUser(deps, req, bodyId(req.body));
      return done(req.lang);
    },
  );

  app.post(
    `${API}/update`,
    { config: { access: { button: 'user_edit' } }, schema: submitRoute },
    async (req) => {
      const id = bodyId(req.body);
      if (!id) throw badRequest('paramMissing', { name: 'id' });
      saveUser(deps, req, id);
      return done(req.lang);
    },
  );

  app.post(
    `${API}/update-platform`,
    {
      config: { access: { button: 'user_platform' } },
      schema: {
        ...formParams({
          userId: requiredParam('the user'),
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
      const scope = scopeOf(userResource.tenant, user);
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
      const scope = scopeOf(userResource.tenant, user);
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
}
