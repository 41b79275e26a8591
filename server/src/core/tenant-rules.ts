import type { FastifyInstance } from 'fastify';
import { formatDateTime, t } from '@psi/db/model';
import { prepare } from './data';
import { badRequest } from './errors';

/** Tenant rules other services apply when they add users (the tenant service owns the rest). */
export const tenantLimitTexts = {
  tenantMissing: t('租户不存在', 'The tenant does not exist'),
  accountLimit: t('当前租户已到最大账号额度!', 'The tenant has reached its account limit!'),
  expired: t('租户已过期', 'The tenant has expired'),
};

/** A system parameter (`blade_param`) by key. */
export const paramValue = (app: FastifyInstance, key: string): string | undefined =>
  prepare<{ v: string }, [string]>(
    app.ctx.sqlite,
    'SELECT param_value AS v FROM blade_param WHERE param_key = ? AND is_deleted = 0',
  ).get(key)?.v;

/**
 * The account limit and expiry of a tenant, checked when a user is created: the tenant must not be
 * expired and must have room for `adding` more live accounts (`account_number` -1 is unlimited).
 */
export function checkTenantCapacity(app: FastifyInstance, tenantId: string, adding = 1): void {
  const row = prepare<{ n: bigint; e: string | null; status: bigint }, [string]>(
    app.ctx.sqlite,
    'SELECT account_number AS n, expire_time AS e, status FROM blade_tenant WHERE tenant_id = ? AND is_deleted = 0',
  ).get(tenantId);
  if (!row) throw badRequest(tenantLimitTexts.tenantMissing);
  if (Number(row.status) !== 1 || (row.e && row.e < formatDateTime()))
    throw badRequest(tenantLimitTexts.expired);
  const limit = Number(row.n);
  if (limit < 0) return;
  const used = Number(
    prepare<{ c: bigint }, [string]>(
      app.ctx.sqlite,
      'SELECT COUNT(*) AS c FROM blade_user WHERE tenant_id = ? AND is_deleted = 0',
    ).get(tenantId)!.c,
  );
  if (used + adding > limit) throw badRequest(tenantLimitTexts.accountLimit);
}
