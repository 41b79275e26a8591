/** How a route's write runs: in one synchronous transaction, answered as a promise. */
import type { FastifyInstance } from 'fastify';

export type WriteMode = 'submit' | 'save' | 'update';

/** Runs a write in one synchronous transaction, as a promise (the default `commit`). */
export const transactionCommit =
  (app: FastifyInstance) =>
  <T>(fn: () => T): Promise<T> => {
    try {
      return Promise.resolve(app.ctx.sqlite.transaction(fn).immediate());
    } catch (error) {
      return Promise.reject(error);
    }
  };
