/** Product packages: which menus a tenant may have, and which package each tenant has. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantPackage as packageTable } from '@psi/db/schema';
import { emptyData, parseIdList, tenantPackageResource } from '@psi/db/model';
import { ok } from '../../core/envelope';
import { badRequest } from '../../core/errors';
import { prepare } from '../../core/data';
import { actorOf, crudRoutes, param } from '../../core/crud';
import { answers, textQuery, requiredParam } from '../../core/route-schemas';
import { allMenus, packageMenuIds } from './menu-service';
import { requireSuperAdmin, tenantLinkRoute, tenantTexts } from './tenant';

const packageOfTenant = z.object({
  id: z.string(),
  packageName: z.string(),
  menuId: z.string().describe('comma-joined menu ids'),
  remark: z.string(),
});

/** Removes grants of a tenant's roles that fall outside its package (after the package changes). */
function pruneToPackage(app: FastifyInstance, tenantId: string): void {
  const allowed = packageMenuIds(app.ctx.sqlite, tenantId);
  if (!allowed) return;
  const grants = prepare<{ id: bigint; menuId: bigint }, [string]>(
    app.ctx.sqlite,
    `SELECT rm.id AS id, rm.menu_id AS menuId FROM blade_role_menu rm JOIN blade_role r ON r.id = rm.role_id WHERE r.tenant_id = ?`,
  ).all(tenantId);
  const drop = prepare(app.ctx.sqlite, 'DELETE FROM blade_role_menu WHERE id = ?');
  for (const g of grants) if (!allowed.has(String(g.menuId))) drop.run(g.id);
}

export function tenantPackageRoutes(app: FastifyInstance) {
  const sqlite = app.ctx.sqlite;

  app.get(
    '/blade-system/tenant/package-detail',
    {
      config: { access: { menu: 'tenant' } },
      schema: {
        querystring: textQuery({ tenantId: requiredParam('the tenant') }),
        response: answers.of(z.union([packageOfTenant, emptyData])),
      },
    },
    async (req) => {
      const tenantId = param(req, 'tenantId');
      if (!tenantId) throw badRequest('paramMissing', { name: 'tenantId' });
      const me = actorOf(req);
      if (!me.isSuperAdmin && tenantId !== me.tenantId) return ok(null, req.lang);
      const row = prepare<Record<string, unknown>, [string]>(
        sqlite,
        `SELECT p.id, p.package_name AS packageName, p.menu_id AS menuId, p.remark FROM blade_tenant t
       JOIN blade_tenant_package p ON p.id = t.package_id AND p.is_deleted = 0 WHERE t.tenant_id = ? AND t.is_deleted = 0`,
      ).get(tenantId);
      return ok(
        row
          ? { id: String(row.id), packageName: row.packageName, menuId: row.menuId, remark: row.remark ?? '' }
          : null,
        req.lang,
      );
    },
  );

  /** `tenantId` + `packageId` (empty clears it): the tenant's roles lose menus outside the package. */
  tenantLinkRoute(
    app,
    {
      url: '/blade-system/tenant/package-setting',
      button: 'tenant_package',
      name: 'packageId',
      describe: 'its product package (empty: none)',
      table: 'blade_tenant_package',
      column: 'package_id',
      missing: tenantTexts.packageMissing,
      lockPlatform: true,
      linked: (tenantId) => pruneToPackage(app, tenantId),
    },
    () => app.ctx.grants.clear(),
  );

  crudRoutes(
    app,
    { def: tenantPackageResource, table: packageTable },
    {
      platform: true,
      clearsGrants: true,
      beforeSave: ({ user, values }) => {
        requireSuperAdmin(user);
        if (typeof values.menuId === 'string') {
          const ids = parseIdList(values.menuId) ?? [];
          const live = new Set(allMenus(sqlite).map((m) => m.id));
          values.menuId = ids.filter((id) => live.has(id)).join(',');
        }
      },
      afterSave: ({ id }) => {
        const tenants = prepare<{ t: string }, [bigint]>(
          sqlite,
          'SELECT tenant_id AS t FROM blade_tenant WHERE package_id = ? AND is_deleted = 0',
        ).all(BigInt(id));
        for (const row of tenants) pruneToPackage(app, row.t);
      },
      beforeRemove: (_ids, req) => requireSuperAdmin(actorOf(req)),
    },
  );
}
