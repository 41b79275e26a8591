import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tokenOf } from './access';

/**
 * The dialect a request speaks, told by its token: one issued by the public SpringBlade endpoint
 * (`/blade-auth/token`) carries `dialect: public`, one from the BladeX endpoint none. Within the public
 * dialect, the token's client id tells Sword (`sword`) from Saber (any other client).
 */
export type Dialect = 'bladex' | 'saber' | 'sword';

export function dialectOf(app: FastifyInstance, req: FastifyRequest): Dialect {
  const token = tokenOf(req);
  const claims = token ? app.ctx.tokens.verify(token) : null;
  if (claims?.dialect !== 'public') return 'bladex';
  return claims.client_id === 'sword' ? 'sword' : 'saber';
}

/** The OpenAPI tag of every route of the public dialect. */
export const PUBLIC_DIALECT_TAG = 'springblade-public';
