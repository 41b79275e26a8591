import type { FastifyInstance } from 'fastify';
import { param as paramTable } from '@psi/db/schema';
import { paramResource, parseId } from '@psi/db/model';
import { ok } from '../../core/envelope';
import { badRequest } from '../../core/errors';
import { prepare } from '../../core/data';
import { actorOf, resourceRoutes } from '../../core/resource-routes';
import { buttonsFor, routesFor } from './menu-service';

export default async function systemModule(app: FastifyInstance) {
  resourceRoutes(app, paramResource, paramTable);

  /** Public at the gateway: anonymous callers get `data: {}`. */
  app.get('/blade-system/menu/routes', { config: { access: 'public' } }, async (req) => {
    if (!req.user) return ok(null, req.lang);
    const raw = (req.query as Record<string, unknown>).topMenuId;
    const topMenuId = raw === undefined || raw === '' ? undefined : parseId(raw);
    if (topMenuId === null) throw badRequest('paramType', { name: 'topMenuId' });
    return ok(routesFor(app.ctx.sqlite, req.user.roleIds, topMenuId), req.lang);
  });

  app.get('/blade-system/menu/buttons', { config: { access: 'user' } }, async (req) =>
    ok(buttonsFor(app.ctx.sqlite, actorOf(req).roleIds), req.lang),
  );

  app.get('/blade-system/menu/top-menu', { config: { access: 'user' } }, async (req) => {
    const me = actorOf(req);
    const rows = prepare(
      app.ctx.sqlite,
      `SELECT id, code, name, source, path, sort FROM blade_top_menu WHERE is_deleted = 0 AND tenant_id = ? ORDER BY sort`,
    ).all(me.tenantId) as Record<string, unknown>[];
    return ok(
      rows.map((r) => ({
        ...r,
        id: String(r.id),
        sort: Number(r.sort),
        source: r.source ?? '',
        path: r.path ?? '',
      })),
      req.lang,
    );
  });
}
