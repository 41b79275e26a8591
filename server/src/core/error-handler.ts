import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fill, lineHasRoute, messages, pickLang } from '@psi/db/model';
import { envelope } from './envelope';
import { ApiError } from './errors';
import { validationError } from './validation';
import { schemaFailure } from './schema';
import { errorLog, registerRequestLogging } from './logs';

/**
 * Every failure leaves as a Blade envelope in the caller's language: 4xx for what the caller did
 * wrong (the message names the problem), 500 with `服务器异常` and no stack for our own bugs (the
 * stack goes to blade_log_error). Also registers the api and usual request logs (core/logs.ts).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  registerRequestLogging(app);
  app.setErrorHandler((error: FastifyError | ApiError | ZodError, req, reply) => {
    const lang = req.lang ?? pickLang(req.headers['accept-language']);
    if (error instanceof ZodError) error = validationError(error);
    else if (hasZodFastifySchemaValidationErrors(error)) error = schemaFailure(error.validation);
    if (error instanceof ApiError) {
      const body = envelope(error.code, {}, error.messageIn(lang));
      return reply.code(error.status).send(error.data === null ? { ...body, data: null } : body);
    }
    const fe = error as FastifyError;
    const status = fe.statusCode ?? 500;
    // a body the not-found route could not read (`QUERY` without a content type): still no such route
    if (status < 500 && !req.routeOptions.url) return notFound(req, reply);
    if (status < 500) {
      const msg =
        fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? messages.bodyTooLarge[lang]
          : fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? messages.mediaType[lang]
            : status === 429
              ? messages.tooManyRequests[lang]
              : status === 405
                ? messages.methodNotAllowed[lang]
                : fill(messages.unreadable[lang], { detail: fe.message });
      return reply
        .code(status)
        .send(envelope(status === 413 || status === 415 || status === 429 ? status : 400, {}, msg));
    }
    req.log.error({ err: error }, 'unhandled error');
    errorLog(app, req, error);
    return reply.code(500).send(envelope(500, {}, messages.serverError[lang]));
  });

  app.setNotFoundHandler(notFound);
}

/** A route pattern (`/api/a/:id`, `/api/b/*`) as a test of a request path. */
const patternOf = (url: string) =>
  new RegExp(
    `^${url
      .split(/(:[^/]+|\*)/)
      .map((part, i) =>
        i % 2 ? (part === '*' ? '.*' : '[^/]+') : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('')}$`,
  );

/**
 * The methods this server answers on a request path its line has (`HEAD` beside `GET`), none when
 * the path is unknown: a wrong method on a known path is a 405, not a 404.
 */
function allowedMethods(app: FastifyInstance, path: string): string[] {
  const line = app.ctx.options.line ?? 'bladex';
  const apiPath = path.startsWith('/api/') ? path.slice(4) : path;
  if (!lineHasRoute(line, apiPath)) return [];
  const methods = new Set(
    app.routeTable
      .filter((r) => r.url.startsWith('/api/') && (r.url === path || patternOf(r.url).test(path)))
      .map((r) => r.method),
  );
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/**
 * The answer to a route this server does not have, and to one its line lacks (`BLADEX_ONLY_ROUTES`
 * on `springblade`, see core/access.ts): the same for any method, with or without a token. A known
 * path asked with another method answers 405 with `Allow`, as Spring does.
 */
export function notFound(req: FastifyRequest, reply: FastifyReply) {
  const lang = pickLang(req.headers['accept-language']);
  const path = req.url.split('?')[0];
  const allow = req.routeOptions.url ? [] : allowedMethods(req.server, path);
  if (allow.length)
    return reply
      .code(405)
      .header('allow', allow.join(', '))
      .send(envelope(405, {}, `${messages.methodNotAllowed[lang]}: ${req.method} ${path}`));
  return reply.code(404).send(envelope(404, {}, `${messages.notFound[lang]}: ${req.method} ${path}`));
}
