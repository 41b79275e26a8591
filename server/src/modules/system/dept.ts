import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dept as deptTable, post as postTable } from '@psi/db/schema';
import { deptResource, parseId, postResource } from '@psi/db/model';
import { ok } from '../../core/envelope';
import { badRequest, otherTenant } from '../../core/errors';
import { prepare } from '../../core/data';
import { actorOf } from '../../core/crud';
import { forest } from '../../core/serialize';
import type { SessionUser } from '../../core/context';
import { treeNode, type TreeNode } from './menu-service';
import { checkParent, crudRoutes, param, refuseWithChildren } from '../../core/crud';
import { optionalId } from './menu';
import { heldByNamedUser } from './select-user';
import { z } from 'zod';
import { treeNodeSchema } from '@psi/db/model';
import { answers, optionalIdValue, textQuery } from '../../core/route-schemas';

const chooserQuery = textQuery({ tenantId: 'the tenant to show (super-admin)' }).extend({
  userId: optionalIdValue.describe("the tenant of that user; on select, that user's own"),
});
const deptRowSchema = z.object({
  id: z.string(),
  parentId: z.string(),
  deptName: z.string(),
  fullName: z.string(),
  ancestors: z.string(),
  tenantId: z.string(),
  sort: z.number(),
});
const postRowSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  category: z.number(),
  postCode: z.string(),
  postName: z.string(),
  sort: z.number(),
});

interface DeptRow {
  id: string;
  parentId: string;
  deptName: string;
  fullName: string;
  ancestors: string;
  tenantId: string;
  sort: number;
}

function deptsOf(app: FastifyInstance, tenantId: string | null): DeptRow[] {
  const rows = prepare<Record<string, unknown>>(
    app.ctx.sqlite,
    `SELECT id, parent_id AS parentId, dept_name AS deptName, full_name AS fullName, ancestors, tenant_id AS tenantId, sort
     FROM blade_dept WHERE is_deleted = 0${tenantId ? ' AND tenant_id = ?' : ''} ORDER BY sort, id`,
  ).all(...(tenantId ? [tenantId] : []));
  return rows.map((r) => ({
    id: String(r.id),
    parentId: String(r.parentId),
    deptName: String(r.deptName),
    fullName: String(r.fullName ?? ''),
    ancestors: String(r.ancestors ?? ''),
    tenantId: String(r.tenantId),
    sort: Number(r.sort),
  }));
}

/** The tenant a chooser shows: the caller's own; the super-admin may name another (`tenantId`). */
function chooserTenant(app: FastifyInstance, req: FastifyRequest, user: SessionUser): string {
  const wanted = param(req, 'tenantId');
  const userId = param(req, 'userId');
  if (userId) {
    const id = parseId(userId);
    if (!id) throw badRequest('paramType', { name: 'userId' });
    const row = prepare<{ t: string }, [bigint]>(
      app.ctx.sqlite,
      'SELECT tenant_id AS t FROM blade_user WHERE id = ? AND is_deleted = 0',
    ).get(BigInt(id));
    if (row && row.t !== user.tenantId && !user.isSuperAdmin) throw otherTenant();
    if (row) return row.t;
  }
  // only the super-admin chooses another tenant; anyone else naming one is refused, never ignored
  if (wanted && wanted !== user.tenantId && !user.isSuperAdmin) throw otherTenant();
  return wanted || user.tenantId;
}

export function deptRoutes(app: FastifyInstance) {
  const sqlite = app.ctx.sqlite;
  crudRoutes(
    app,
    { def: deptResource, table: deptTable },
    {
      list: 'forest',
      chooseTenant: true,
      clearsGrants: true,
      beforeSave: ({ values, id, mode, existing, tenantId }) => {
        if (mode === 'add' && (values.parentId === undefined || values.parentId === null))
          values.parentId = '0';
        if (values.parentId === undefined || values.parentId === null) return;
        const parentId = String(values.parentId);
        if (parseId(parentId) === null) throw badRequest('paramType', { name: 'parentId' });
        const parent = checkParent(app, 'blade_dept', id, parentId);
        if (parent && String(parent.tenant_id) !== tenantId) throw otherTenant();
        values.ancestors = parent ? `${String(parent.ancestors)},${parentId}` : '0';
        if (existing && existing.ancestors !== values.ancestors) {
          // every department below moves with it
          const oldPrefix = `${String(existing.ancestors)},${id}`;
          const newPrefix = `${String(values.ancestors)},${id}`;
          prepare(
            sqlite,
            `UPDATE blade_dept SET ancestors = ? || substr(ancestors, ?) WHERE is_deleted = 0 AND (ancestors = ? OR ancestors LIKE ? ESCAPE '\\')`,
          ).run(
            newPrefix,
            oldPrefix.length + 1,
            oldPrefix,
            `${oldPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)},%`,
          );
        }
      },
      beforeRemove: (ids) => refuseWithChildren(app, 'blade_dept', ids),
    },
  );

  const chooser = { button: ['dept', 'user', 'role', 'post'] };

  app.get(
    '/blade-system/dept/tree',
    {
      config: { access: chooser },
      schema: { querystring: chooserQuery, response: answers.list(treeNodeSchema) },
    },
    async (req) => {
      const me = actorOf(req);
      const depts = deptsOf(app, chooserTenant(app, req, me));
      return ok(forest(depts.map((d) => treeNode(d.id, d.parentId, d.deptName))) as TreeNode[], req.lang);
    },
  );

  app.get(
    '/blade-system/dept/lazy-tree',
    {
      config: { access: chooser },
      schema: {
        querystring: chooserQuery.extend({
          parentId: optionalIdValue.describe('the parent (none: the roots)'),
        }),
        response: answers.list(treeNodeSchema),
      },
    },
    async (req) => {
      const me = actorOf(req);
      const parentId = optionalId(req, 'parentId') ?? '0';
      const depts = deptsOf(app, chooserTenant(app, req, me));
      const parents = new Set(depts.map((d) => d.parentId));
      return ok(
        depts
          .filter((d) => d.parentId === parentId)
          .map((d) => ({ ...treeNode(d.id, d.parentId, d.deptName), hasChildren: parents.has(d.id) })),
        req.lang,
      );
    },
  );

  /** The tenant's departments, or with `userId` that user's own (the switch dialog's choices). */
  app.get(
    '/blade-system/dept/select',
    {
      config: { access: 'user' },
      schema: { querystring: chooserQuery, response: answers.list(deptRowSchema) },
    },
    async (req) => {
      const me = actorOf(req);
      const held = heldByNamedUser(app, req, me, chooser);
      if (!held) return ok(deptsOf(app, chooserTenant(app, req, me)), req.lang);
      return ok(
        deptsOf(app, held.tenantId).filter((d) => held.deptIds.includes(d.id)),
        req.lang,
      );
    },
  );

  crudRoutes(app, { def: postResource, table: postTable }, {});

  app.get(
    '/blade-system/post/select',
    {
      config: { access: { button: ['post', 'user'] } },
      schema: { querystring: chooserQuery, response: answers.list(postRowSchema) },
    },
    async (req) => {
      const me = actorOf(req);
      const tenantId = chooserTenant(app, req, me);
      const rows = prepare<Record<string, unknown>, [string]>(
        sqlite,
        `SELECT id, tenant_id AS tenantId, category, post_code AS postCode, post_name AS postName, sort
       FROM blade_post WHERE is_deleted = 0 AND tenant_id = ? ORDER BY sort, id`,
      ).all(tenantId);
      return ok(
        rows.map((r) => ({
          id: String(r.id),
          tenantId: r.tenantId,
          category: Number(r.category),
          postCode: r.postCode,
          postName: r.postName,
          sort: Number(r.sort),
        })),
        req.lang,
      );
    },
  );
}
