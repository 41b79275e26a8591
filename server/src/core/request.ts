import type { FastifyRequest } from 'fastify';

/**
 * The query string and body of any request as plain records, for the readers that serve every route
 * (hooks, logs, the shared CRUD parameter readers). A route's own handler reads its typed
 * `req.query` / `req.body` from its schema instead.
 */
const recordOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

export const queryOf = (req: FastifyRequest): Record<string, unknown> => recordOf(req.query);
export const bodyOf = (req: FastifyRequest): Record<string, unknown> => recordOf(req.body);
