import type { FastifyInstance } from 'fastify';
import {
  client as clientTable,
  param as paramTable,
  scopeApi as scopeApiTable,
  scopeData as scopeDataTable,
  topMenu as topMenuTable,
} from '@psi/db/schema';
import {
  apiScopeResource,
  clientResource,
  dataScopeResource,
  nextId,
  paramResource,
  parseIdList,
  topMenuResource,
} from '@psi/db/model';
import { done } from '../../core/envelope';
import { ApiError, badRequest, otherTenant } from '../../core/errors';
import { prepare } from '../../core/data';
import { actorOf } from '../../core/crud';
import { crudRoutes } from '../../core/crud';
import { deptRoutes } from './dept';
import { dictionaryRoutes } from './dict';
import { menuRoutes, menusOfCaller } from './menu';
import { menuGrantRoutes } from './menu-grants';
import { allMenus, withAncestors } from './menu-service';
import { regionRoutes } from './region';
import { roleRoutes, roleTexts } from './role';
import { tenantRoutes } from './tenant';
import { tenantPackageRoutes } from './tenant-package';
import { withDialectIcons } from './public-menu';
import { dialectOf } from '../../core/dialect';
import { answers, formBody, idListParam } from '../../core/route-schemas';
import { typed } from '../../core/schema';

const topMenuGrantBody = formBody({
  topMenuIds: idListParam('the top menus to set'),
  menuIds: idListParam('the menus they lead to (replacing theirs)'),
});

/** `/blade-system`: menus, roles, departments, posts, tenants, dictionaries, params, regions, scopes, clients. */
export default async function systemModule(app: FastifyInstance) {
  const sqlite = app.ctx.sqlite;
  crudRoutes(app, { def: paramResource, table: paramTable }, { platform: true });
  menuRoutes(app);
  menuGrantRoutes(app);
  roleRoutes(app);
  deptRoutes(app);
  tenantRoutes(app);
  tenantPackageRoutes(app);
  dictionaryRoutes(app);
  regionRoutes(app);
  crudRoutes(app, { def: dataScopeResource, table: scopeDataTable }, { platform: true, clearsGrants: true });
  crudRoutes(app, { def: apiScopeResource, table: scopeApiTable }, { platform: true, clearsGrants: true });
  crudRoutes(app, { def: clientResource, table: clientTable }, { platform: true });

  crudRoutes(
    app,
    { def: topMenuResource, table: topMenuTable },
    {
      decorate: (rows, req) => withDialectIcons(dialectOf(app, req), rows),
      afterRemove: (ids) => {
        if (!ids.length) return;
        prepare(
          sqlite,
          `DELETE FROM blade_top_menu_setting WHERE top_menu_id IN (${ids.map(() => '?').join(',')})`,
        ).run(...ids.map((i) => BigInt(i)));
      },
    },
  );

  /**
   * `{topMenuIds, menuIds}` replaces the menus each of those top menus leads to: top menus of the
   * caller's tenant only, and menus the caller holds (a tenant admin cannot point at platform menus).
   */
  typed(app).post(
    '/blade-system/topmenu/grant',
    {
      config: { access: { button: 'topmenu_setting' } },
      schema: { body: topMenuGrantBody, response: answers.done() },
    },
    async (req) => {
      const me = actorOf(req);
      const body = req.body;
      const topIds = parseIdList(body.topMenuIds) ?? [];
      if (!topIds.length) throw badRequest('paramMissing', { name: 'topMenuIds' });
      const menuIds =
        body.menuIds === undefined || (Array.isArray(body.menuIds) && !body.menuIds.length)
          ? []
          : parseIdList(body.menuIds);
      if (!menuIds) throw badRequest('paramType', { name: 'menuIds' });
      const tops = prepare<{ id: bigint; tenantId: string }>(
        sqlite,
        `SELECT id, tenant_id AS tenantId FROM blade_top_menu WHERE is_deleted = 0 AND id IN (${topIds.map(() => '?').join(',')})`,
      ).all(...topIds.map((i) => BigInt(i)));
      if (tops.length !== topIds.length) throw badRequest('recordNotFound');
      if (tops.some((t) => t.tenantId !== me.tenantId)) throw otherTenant();
      const menus = allMenus(sqlite);
      const live = new Set(menus.map((m) => m.id));
      const wanted = menuIds.filter((id) => live.has(id));
      // only menus the caller may open (with the groups above them), as the grant dialog offers
      const mine = withAncestors(menus, menusOfCaller(app, me, menus));
      if (wanted.some((id) => !mine.has(id))) throw new ApiError(403, 403, roleTexts.menuNotHeld);
      sqlite.transaction(() => {
        prepare(
          sqlite,
          `DELETE FROM blade_top_menu_setting WHERE top_menu_id IN (${topIds.map(() => '?').join(',')})`,
        ).run(...topIds.map((i) => BigInt(i)));
        const add = prepare(
          sqlite,
          'INSERT INTO blade_top_menu_setting (id, top_menu_id, menu_id) VALUES (?, ?, ?)',
        );
        for (const top of topIds) for (const m of wanted) add.run(BigInt(nextId()), BigInt(top), BigInt(m));
      })();
      return done(req.lang);
    },
  );
}
