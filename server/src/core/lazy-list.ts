/** The lazy tree list of a declared resource (BladeX's lazy tree table). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defaultAccess, parseId } from '@psi/db/model';
import { ok } from './envelope';
import { badRequest } from './errors';
import { lazyLevel, type ListSpec, type ScopedActor } from './scoped-list';
import { toWireRow } from './serialize';
import { typed } from './schema';
import { answers, listQuery, optionalIdValue, rowSchema } from './route-schemas';

const PARENT_KEYS = ['parentId', 'parent_id'];

/**
 * `GET {api}/lazy-list` of a lazy tree resource: one level of the tree through the list engine
 * (`lazyLevel`: the tenant scope, the super-admin's `tenantId` filter, the caller's data scope and the
 * search filters decide which rows are answered), each row with `hasChildren`.
 */
export function lazyListRoute<A extends ScopedActor>(
  app: FastifyInstance,
  spec: ListSpec<A>,
  actorFor: (req: FastifyRequest) => A,
  wire: (rows: Record<string, unknown>[], req: FastifyRequest) => Record<string, unknown>[] = (rows) =>
    rows.map((r) => toWireRow(r, spec.def)),
  row: z.ZodObject = rowSchema(spec.def, spec.table),
): void {
  const { def } = spec;
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
      const rows = lazyLevel(app.ctx.sqlite, spec, actorFor(req), query, parentId);
      // the wire step may rewrite the rows: `hasChildren` is carried across it by id
      const parents = new Set(rows.filter((r) => r.hasChildren === true).map((r) => String(r.id)));
      return ok(
        wire(rows, req).map((r) => ({ ...r, hasChildren: parents.has(String(r.id)) })),
        req.lang,
      );
    },
  );
}
