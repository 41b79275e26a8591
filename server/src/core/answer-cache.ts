import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tokenOf } from './access';
import { UntilNextWrite } from './data';

/** The type Fastify gives a serialised object: an answer sent as bytes says the same. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** An answer as the route serialiser (`registerSchemaCompilers`: JSON.stringify) makes it, as UTF-8. */
export const jsonBytes = (answer: unknown): Buffer => Buffer.from(JSON.stringify(answer));

/** Sends serialised JSON bytes with the header a serialised object gets. */
export const sendJson = (reply: FastifyReply, body: Buffer): FastifyReply => reply.type(JSON_TYPE).send(body);

/** Answers kept: 4 000 keys or 32 MiB of bytes, whichever comes first, then the cache starts over. */
const answers = new UntilNextWrite<Buffer>(4000, (b) => b.length, 32 * 1024 * 1024);

/**
 * A read answer whose bytes depend only on the database, the caller's token, the language and the
 * URL (path and query), kept as sent until the next write to the database. The access check has
 * already admitted the token (its signature, expiry and revocation are looked at on every request,
 * before the handler), so a cached answer never outlives a logout or a password change; the token
 * stands for every claim the answer may use (tenant, user, roles, dialect). Errors are thrown as
 * before and never kept. With `answerCache: false` the handler answers the built object as before,
 * through the serialiser: the bytes are the same either way.
 */
export function cachedAnswer(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  build: () => unknown,
): unknown {
  if (app.ctx.options.answerCache === false) return build();
  const key = `${req.lang}\u0001${tokenOf(req) ?? ''}\u0001${req.url}`;
  return sendJson(
    reply,
    answers.get(app.ctx.sqlite, key, () => jsonBytes(build())),
  );
}
