import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** Integer literals outside strings with 16 or more digits (strings are matched to be skipped). */
const LONG_INTEGER = /"(?:[^"\\]|\\.)*"|(?<![\d.eE+-])-?\d{16,}(?![.\deE])/g;

/**
 * Parses a JSON body for the Blade routes:
 * - integers beyond 2^53 (a 64-bit id sent as a JSON number) become their exact digits as a string
 *   instead of a rounded double, so `{"id": 1999999999999999999}` names that row and no other;
 * - `__proto__` and `constructor.prototype` keys are refused with a message naming the key;
 * - syntax errors and empty bodies answer 400 with a message saying what is wrong.
 */
function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw badRequest('emptyJson');
  const source = /\d{16,}/.test(text)
    ? text.replace(LONG_INTEGER, (token) =>
        token.startsWith('"') || Number.isSafeInteger(Number(token)) ? token : `"${token}"`,
      )
    : text;
  const guarded = source.includes('__proto__') || source.includes('constructor');
  try {
    return guarded
      ? JSON.parse(source, function (this: unknown, key: string, value: unknown) {
          if (key === '__proto__') throw new ForbiddenKey(key);
          if (key === 'constructor' && value && typeof value === 'object' && 'prototype' in value)
            throw new ForbiddenKey('constructor.prototype');
          return value;
        })
      : JSON.parse(source);
  } catch (err) {
    if (err instanceof ForbiddenKey) throw badRequest('forbiddenKey', { name: err.key });
    throw badRequest('invalidJson', { detail: (err as Error).message });
  }
}

class ForbiddenKey extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

/** Replaces Fastify's JSON parser (same body limit) with `parseJsonBody`. */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}
