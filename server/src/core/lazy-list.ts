/** The lazy tree list of a declared resource (BladeX's lazy tree table). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defaultAccess, parseId, type ResourceDef } from '@psi/db/model';
import { ok } from './envelope';
import { badRequest } from './errors';
import { buildFilters, buildOrder } from './filters';
import { scopeOf, type Repo } from './data';
import { toWireRow } from './serialize';
import { typed } from './schema';
import { answers, listQuery, optionalIdValue, rowSchema } from './route-schemas';
import { actorOf, listFilters } from './request-params';

export const TENANT_KEYS = ['tenantId', 'tenant_id'];
const PARENT_KEYS = ['parentId', 'parent_id'];

/**
 * `GET {api}/lazy-list` of a lazy tree resource (BladeX's lazy tree table): the tenant scope, the
 * super-admin's `tenantId` filter and the caller's data scope decide which rows exist for the caller.
 * Without search filters it answers the children of `parentId`; `parentId` 0 (or none) answers the
 * roots of what the caller sees, which are the rows whose parent is 0 or out of sight (a data-scoped
 * user starts at their own department). With search filters the parent condition is dropped unless
 * `parentId` is given, and every matching row is answered, wherever it sits. Each row carries
 * `hasChildren` (a visible child exists).
 */
export function lazyListRoute(
  app: FastifyInstance,
  def: ResourceDef,
  repo: Repo,
  wire: (rows: Record<string, unknown>[], req: FastifyRequest) => Record<string, unknown>[] = (rows) =>
    rows.map((r) => toWireRow(r, def)),
  row: z.ZodObject = rowSchema(def, repo.table),
): void {
  const schema = {
    querystring: listQuery(def, false).extend({
      parentId: optionalIdValue.describe('the parent whose children to list (0 or none: the roots)'),
    }),
    response: answers.list(row.extend({ hasChildren: z.boolean() })),
  };
  typed(app).get(
    `${def.api}/lazy-list`,
    { config: { access: defaultAccess(def).list }, schema },
    async (req) => {
      const query: Record<string, unknown> = { ...req.query };
      const rawParent = PARENT_KEYS.map((k) => query[k]).find((v) => v !== undefined && v !== '');
      for (const k of PARENT_KEYS) delete query[k];
      let parentId: string | null = null;
      if (rawParent !== undefined) {
        parentId = parseId(rawParent);
        if (parentId === null) throw badRequest('paramType', { name: 'parentId' });
      }
      const scope = scopeOf(def.tenant, actorOf(req));
      const order = buildOrder(def, repo.meta, query);
      const tenantOnly = Object.fromEntries(Object.entries(query).filter(([k]) => TENANT_KEYS.includes(k)));
      const visible = listFilters(app, req, def, repo.meta, tenantOnly);
      const searchOnly = Object.fromEntries(Object.entries(query).filter(([k]) => !TENANT_KEYS.includes(k)));
      const searching = buildFilters(def, repo.meta, searchOnly).clauses.length > 0;

      const links = repo.links(scope, visible);
      const seen = new Set(links.map((l) => l.id));
      const children = new Map<string, string[]>();
      for (const l of links) {
        const list = children.get(l.parentId);
        if (list) list.push(l.id);
        else children.set(l.parentId, [l.id]);
      }
      let rows: Record<string, unknown>[];
      if (searching) {
        const where = listFilters(app, req, def, repo.meta, query);
        if (parentId !== null) {
          const parentCol = repo.meta.byKey.get('parentId')?.sql ?? 'parent_id';
          where.clauses.push(`"${parentCol}" = ?`);
          where.params.push(BigInt(parentId));
        }
        rows = repo.list(scope, where, order);
      } else {
        const wanted =
          parentId !== null && parentId !== '0'
            ? (children.get(parentId) ?? [])
            : links.filter((l) => l.parentId === '0' || !seen.has(l.parentId)).map((l) => l.id);
        rows = wanted.length
          ? repo.list(
              scope,
              {
                clauses: [...visible.clauses, `"id" IN (${wanted.map(() => '?').join(',')})`],
                params: [...visible.params, ...wanted.map((id) => BigInt(id))],
              },
              order,
            )
          : [];
      }
      return ok(
        wire(rows, req).map((r) => ({ ...r, hasChildren: children.has(String(r.id)) })),
        req.lang,
      );
    },
  );
}
