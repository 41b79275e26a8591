/**
 * `/blade-flow`: process models, deployments, work lists, task actions, instances and diagrams
 * (CONTRACT.md section 7) on our own engine (`engine.ts`).
 */
import type { FastifyInstance } from 'fastify';
import { flowEngineOf } from '../../core/flow/engine';
import { deploymentRoutes } from './deploy';
import { modelRoutes } from './model';
import { processRoutes } from './process';
import { FlowQueries } from './queries';
import { workRoutes } from './work';

export default async function flowModule(app: FastifyInstance) {
  const sqlite = app.ctx.sqlite;
  const deps = { app, sqlite, engine: flowEngineOf(sqlite), queries: new FlowQueries(sqlite) };
  workRoutes(deps);
  modelRoutes(deps);
  deploymentRoutes(deps);
  processRoutes(deps);
}
