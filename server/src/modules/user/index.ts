import type { FastifyInstance, FastifyRequest } from 'fastify';
import { user as userTable } from '@psi/db/schema';
import { userResource } from '@psi/db/model';
import { ok } from '../../core/envelope';
import { listPage } from '../../core/scoped-list';
import { Repo, scopeOf } from '../../core/data';
import { actorOf, idParam } from '../../core/crud';
import { decorateUsers, userListSpec } from './service';
import { userExcelRoutes, userListQuery } from './excel';
import { API } from './deps';
import { userEditRoutes } from './edit';
import { userAccessRoutes } from './access';
import { userSelfRoutes } from './self';
import { z } from 'zod';
import { answers, idQuery, noQuery, rowSchema } from '../../core/route-schemas';

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
const userRowSchema = rowSchema(userResource, userTable, {
  roleName: z.string(),
  deptName: z.string(),
  postName: z.string(),
  statusName: z.string(),
});

export default async function userModule(app: FastifyInstance) {
  const sqlite = app.ctx.sqlite;
  const def = userResource;
  const repo = new Repo(sqlite, userTable, def.tenant, [def.permission, def.key]);
  const decorate = (rows: Record<string, unknown>[], req: FastifyRequest) => decorateUsers(app, rows, req);

  /** Users by department (including every department below it), with the Blade filters. */
  const page = async (req: FastifyRequest<{ Querystring: z.output<typeof userListQuery> }>) => {
    const result = listPage(sqlite, userListSpec, actorOf(req), req.query);
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

  const deps = { app, sqlite, repo };
  userEditRoutes(deps);
  userAccessRoutes(deps);
  userSelfRoutes(deps);
  userExcelRoutes(app, repo);
}
