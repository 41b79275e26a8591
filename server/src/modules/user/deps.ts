/** What the `/blade-user` route groups share. */
import type { FastifyInstance } from 'fastify';
import type Database from 'better-sqlite3';
import type { Repo } from '../../core/data';
import { formParams, requiredParam } from '../../core/route-schemas';

export const API = '/blade-user';

export interface UserDeps {
  app: FastifyInstance;
  sqlite: Database.Database;
  /** the users table, scoped like the user resource */
  repo: Repo;
}

/** Form parameters naming users, and any more. */
export const usersParams = (more: Record<string, string> = {}) =>
  formParams({ userIds: requiredParam('comma-joined user ids'), ...more });
