import type { FastifyInstance, FastifySchemaValidationError, FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { messages, readBilingual, type MessageKey } from '@psi/db/model';
import { ApiError, badRequest } from './errors';

/**
 * Route schemas are zod (fastify-type-provider-zod): the validator compiler checks params, query and
 * body before the handler runs. Responses leave through JSON.stringify, as before: the response
 * schema documents and (in the test suite, see test/helpers.ts) checks what a handler sends, but it
 * never reshapes it, so no field can be dropped or renamed on the way out and the hot path pays no
 * per-response validation.
 */
export function registerSchemaCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

/**
 * A schema failure as today's bilingual parameter message: an issue whose message is a message key
 * (`paramMissing`, `paramType`, …) uses that text; one a declared field wrote in both languages (a
 * submit field's own message, see `fieldWireSchema`) is that message; a missing value is
 * `paramMissing`, anything else `paramType`, each naming the parameter.
 */
export function schemaFailure(issues: FastifySchemaValidationError[]): ApiError {
  const first = issues[0];
  const name = first.instancePath.split('/').filter(Boolean)[0] ?? 'body';
  const message = first.message ?? '';
  const declared = readBilingual(message);
  if (declared) return badRequest(declared);
  if (message in messages) return badRequest(message as MessageKey, { name });
  const missing = / received undefined$/.test(message);
  return badRequest(missing ? 'paramMissing' : 'paramType', { name });
}

/**
 * Requests typed from their zod schemas. Answers are checked against their schemas by the test suite
 * rather than by the compiler: `ok()` may answer `{}` for a missing record, which the types cannot tell.
 */
export interface BladeTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: unknown;
}

/** The instance with request types from route schemas. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<BladeTypeProvider>();
