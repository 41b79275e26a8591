/** The request helpers the hand-written routes share: the actor, ids, parameters. */
import type { FastifyRequest } from 'fastify';
import { parseId, parseIdList } from '@psi/db/model';
import { bodyOf, queryOf } from './request';
import { badRequest } from './errors';
import type { SessionUser } from './context';

export { bodyOf };

/**
 * The one CRUD core every module uses: `crudRoutes`, Blade's list / detail / submit / remove of a
 * declared resource, with hooks for the row scope (the spec's `scope`, `narrow`, `filters`), the
 * caller (`actor`), derived values, the write path (the generic validated write, or the module's own
 * handlers through `commit`), refusals and side effects around writes; every list reads through the
 * one list engine (`scoped-list.ts`). Also the lazy tree list, the spreadsheet import pair
 * (`importRoutes`), and the request helpers the hand-written routes share (the actor, ids, filters).
 */

export const actorOf = (req: FastifyRequest): SessionUser => {
  if (!req.user) throw new Error('actorOf called on a route without a signed-in user');
  return req.user;
};

/** `ids` from the query string or an urlencoded/JSON body, as Blade's form calls send them. */
export function idsParam(req: FastifyRequest, name = 'ids'): string[] {
  const raw = queryOf(req)[name] ?? bodyOf(req)[name];
  if (raw === undefined || raw === '') throw badRequest('paramMissing', { name });
  const ids = parseIdList(raw);
  if (!ids) throw badRequest('paramType', { name });
  return ids;
}

export function idParam(req: FastifyRequest, name = 'id'): string {
  const raw = queryOf(req)[name];
  if (raw === undefined || raw === '') throw badRequest('paramMissing', { name });
  const id = parseId(raw);
  if (!id) throw badRequest('paramType', { name });
  return id;
}

/** The id of a submit body: absent for an insert, a valid id for an update. */
export function bodyId(body: unknown): string | null {
  const raw =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as { id?: unknown }).id : undefined;
  if (raw === undefined || raw === null || raw === '') return null;
  const id = parseId(raw);
  if (!id) throw badRequest('paramType', { name: 'id' });
  return id;
}

/** A form or query parameter (Blade's form calls send either). */
export function param(req: FastifyRequest, name: string): string | undefined {
  const v = queryOf(req)[name] ?? bodyOf(req)[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.join(',');
  throw badRequest('paramType', { name });
}

/** A query parameter id, accepting any of several names (the seed's `pirchaseId` spelling too). */
export function queryId(query: Record<string, unknown>, names: string[]): string {
  const name = names.find((n) => query[n] !== undefined && query[n] !== '');
  if (!name) throw badRequest('paramMissing', { name: names[0] });
  const id = parseId(query[name]);
  if (!id) throw badRequest('paramType', { name });
  return id;
}

/** An optional query parameter id: absent or empty is null, anything but an id is refused. */
export function optionalId(query: Record<string, unknown>, name: string): string | null {
  const raw = query[name];
  if (raw === undefined || raw === '') return null;
  const id = parseId(raw);
  if (!id) throw badRequest('paramType', { name });
  return id;
}
