/** What every `/blade-flow` route reads its parameters with, and the rules they share. */
import type { FastifyRequest } from 'fastify';
import type Database from 'better-sqlite3';
import { parseId, type Access } from '@psi/db/model';
import { ApiError, badRequest, otherTenant } from '../../core/errors';
import { actorOf } from '../../core/crud';
import { flowMessages as m } from '../../core/flow/messages';
import type { ListFilter } from './queries';

export const VIEW_CODES = [
  'work_start_view',
  'work_claim_view',
  'work_todo_view',
  'work_send_view',
  'work_done_view',
  'flow_model_view',
  'flow_deploy_view',
  'flow_follow_view',
];
export const DETAIL_CODES = [
  'work_claim_detail',
  'work_todo_detail',
  'work_send_detail',
  'work_done_detail',
  'flow_follow_view',
];
export const MAX_XML = 1024 * 1024;

/** A route's access rule and schemas. */
export const route = (a: Access, schema: Record<string, unknown>) => ({ config: { access: a }, schema });

/** The (schema-checked) query string as a plain record. */
export const q = (req: FastifyRequest): Record<string, unknown> =>
  req.query && typeof req.query === 'object' ? Object.fromEntries(Object.entries(req.query)) : {};
export const body = (req: FastifyRequest): Record<string, unknown> => {
  const b = req.body;
  if (b && typeof b === 'object' && !Array.isArray(b)) return b as Record<string, unknown>;
  if (b === undefined || b === null) return {};
  throw badRequest('invalidBody');
};
/** A parameter from the query string or the body (Blade's form calls send either). */
export const param = (req: FastifyRequest, name: string): string | undefined => {
  const v = q(req)[name] ?? body(req)[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v).trim();
  throw badRequest('paramType', { name });
};
export const required = (req: FastifyRequest, name: string): string => {
  const v = param(req, name);
  if (!v) throw badRequest('paramMissing', { name });
  return v;
};
export const idOf = (req: FastifyRequest, name: string): string => {
  const id = parseId(required(req, name));
  if (!id) throw badRequest('paramType', { name });
  return id;
};
export const listFilter = (req: FastifyRequest): ListFilter => {
  const text = (k: string) => (typeof q(req)[k] === 'string' ? (q(req)[k] as string).trim() : undefined);
  return { processDefinitionName: text('processDefinitionName') || text('name'), category: text('category') };
};

/** `flag`: true/`ok`/`pass`/1 pass, false/`reject`/0 reject (BladeX sends `ok`). */
export function flagOf(raw: unknown): boolean {
  if (raw === true || raw === 1) return true;
  if (raw === false || raw === 0) return false;
  if (typeof raw === 'string') {
    const v = raw.trim().toLowerCase();
    if (['ok', 'pass', 'true', '1', 'agree'].includes(v)) return true;
    if (['reject', 'false', '0', 'refuse', 'no'].includes(v)) return false;
  }
  throw badRequest('paramType', { name: 'flag' });
}

/** Tenants a deployment goes to: the caller's, or (platform super-admin only) the listed ones. */
export function targetTenants(req: FastifyRequest, raw: string | undefined): string[] {
  const user = actorOf(req);
  const list = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!list.length) return [user.tenantId];
  const unique = [...new Set(list)];
  if (unique.some((t) => !/^\d{6}$/.test(t))) throw badRequest('paramType', { name: 'tenantIds' });
  if (!user.isSuperAdmin && unique.some((t) => t !== user.tenantId)) throw otherTenant();
  return unique;
}

/** A category must be a routing key of the `flow` dictionary (`flow_<dictKey>`), or empty. */
export function checkCategory(sqlite: Database.Database, category: string | undefined | null): string | null {
  if (!category) return null;
  const hit = sqlite
    .prepare(
      `SELECT 1 FROM blade_dict WHERE code = 'flow' AND parent_id <> 0 AND is_deleted = 0 AND 'flow_' || dict_key = ?`,
    )
    .get(category);
  if (!hit) throw new ApiError(400, 400, m.categoryUnknown, { category });
  return category;
}

/** The form fields naming where a deployment goes. */
export const deployTargets = {
  category: 'a routing key of the flow dictionary (default the model one)',
  tenantIds: 'comma-joined tenants (platform super-admin; default the caller)',
};

/** What a deployment answers: one row per deployed definition. */
export const deployedAnswer = (
  deployed: { id: string; definitionId: string; tenantId: string; version: number }[],
) =>
  deployed.map((d) => ({
    deploymentId: d.id,
    processDefinitionId: d.definitionId,
    tenantId: d.tenantId,
    version: d.version,
  }));
