/** The pieces every group of `/blade-flow` routes is built from. */
import type { FastifyInstance } from 'fastify';
import type Database from 'better-sqlite3';
import type { FlowEngine } from '../../core/flow/engine';
import type { FlowQueries } from './queries';

/** What the flow routes share: the app, its database, the engine and the list queries. */
export interface FlowDeps {
  app: FastifyInstance;
  sqlite: Database.Database;
  engine: FlowEngine;
  queries: FlowQueries;
}
