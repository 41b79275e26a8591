import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseId, type Access } from '@psi/db/model';
import { allows } from '../../core/access';
import type { SessionUser } from '../../core/context';
import { prepare } from '../../core/data';
import { badRequest, forbidden, otherTenant } from '../../core/errors';
import { param } from '../../core/crud';

/** The departments and roles a user holds (the ids of the user row, not of a token). */
export interface HeldBy {
  tenantId: string;
  deptIds: string[];
  roleIds: string[];
}

const idsOf = (list: unknown) =>
  String(list ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^\d+$/.test(id));

/**
 * `dept/select` and `role/select` with `userId`: the user's own departments and roles, as BladeX
 * answers them (the switch dialog lists them). Any signed-in caller may name themselves, whatever their
 * current role; naming someone else needs `access`, and another tenant's user the super-admin.
 * `null` when no user is named: the caller then lists the tenant's, which needs `access` too.
 */
export function heldByNamedUser(
  app: FastifyInstance,
  req: FastifyRequest,
  me: SessionUser,
  access: Access,
): HeldBy | null {
  const userId = param(req, 'userId');
  const own = userId !== undefined && userId === me.userId;
  if (!own && !allows(app, me, access)) throw forbidden();
  if (!userId) return null;
  const id = parseId(userId);
  if (!id) throw badRequest('paramType', { name: 'userId' });
  const row = prepare<{ tenantId: string; deptId: string | null; roleId: string | null }, [bigint]>(
    app.ctx.sqlite,
    'SELECT tenant_id AS tenantId, dept_id AS deptId, role_id AS roleId FROM blade_user WHERE id = ? AND is_deleted = 0',
  ).get(BigInt(id));
  if (!row) return { tenantId: me.tenantId, deptIds: [], roleIds: [] };
  if (row.tenantId !== me.tenantId && !me.isSuperAdmin) throw otherTenant();
  return { tenantId: row.tenantId, deptIds: idsOf(row.deptId), roleIds: idsOf(row.roleId) };
}
