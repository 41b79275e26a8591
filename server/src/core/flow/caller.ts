import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../crud';
import { flowEngineOf, type Caller } from './engine';

/**
 * Instances are shown to the users taking part in them (`FlowEngine.involved`) and to those who may
 * follow every instance (the `flow_follow` menu, the super-admin role).
 */
export function mayView(app: FastifyInstance, req: FastifyRequest, instanceId: string): boolean {
  const user = actorOf(req);
  if (user.roleAliases.includes('administrator')) return true;
  if (app.ctx.grants.codesFor(user.roleIds).has('flow_follow')) return true;
  return flowEngineOf(app.ctx.sqlite).involved(callerOf(req), instanceId);
}

export const callerOf = (req: FastifyRequest): Caller => {
  const u = actorOf(req);
  return {
    userId: u.userId,
    tenantId: u.tenantId,
    roleAliases: u.roleAliases,
    realName: u.realName || u.userName,
  };
};
