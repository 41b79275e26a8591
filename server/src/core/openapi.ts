import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { parseBladeLine, type Access, type BladeLine } from '@psi/db/model';
import { documentForLine } from './line-document';
import { queryOf } from './request';
import { badRequest } from './errors';

/** The API prefix a Blade gateway serves; the document's server URL. */
const API_PREFIX = '/api';
export const DOCUMENT_PATH = '/v3/api-docs';
const DOCUMENT_PAGE = '/doc.html';
/** Where the bundled Swagger UI serves its files (`/doc.html` opens it). */
const DOCUMENT_UI = '/swagger-ui';

/** Routes of the documentation itself are public and left out of the document. */
export const isDocumentationRoute = (url: string) =>
  url === DOCUMENT_PATH || url === DOCUMENT_PAGE || url.startsWith(DOCUMENT_UI);

/** The Blade service a path belongs to (`/blade-system/param/list` → `blade-system`): one tag each. */
const serviceOf = (path: string) => path.split('/')[1] ?? 'api';

/** `get_bladeSystem_tenantPackage_detail`: segments joined by `_`, dashes folded to camelCase. */
const operationId = (method: string, path: string) =>
  [method.toLowerCase(), ...path.split('/').filter(Boolean)]
    .map((s) => s.replace(/[^A-Za-z0-9]+(.)?/g, (_, c?: string) => (c ? c.toUpperCase() : '')))
    .join('_');

type Operation = { responses?: Record<string, { content?: Record<string, { examples?: unknown }> }> };

/**
 * A body the route's schema takes absent (a form call may send its parameters in the query string,
 * `remove?ids=…`) is not required (@fastify/swagger marks every body required).
 */
function markOptionalBodies(paths: Record<string, unknown>, optional: Set<string>) {
  for (const key of optional) {
    const [method, path] = key.split(' ');
    const op = (
      paths[path] as
        | Record<
            string,
            { requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> } }
          >
        | undefined
    )?.[method];
    if (!op?.requestBody) continue;
    op.requestBody.required = false;
    // the absent body's stand-in: a JSON `null` is read as no body too
    const json = op.requestBody.content?.['application/json'];
    if (json?.schema?.type === 'object') json.schema = { anyOf: [json.schema, { type: 'null' }] };
  }
}

/**
 * Each failure answer as one component (`#/components/responses/Status400` …) that operations refer
 * to, instead of a copy per operation; an operation's own answer for that status stays its own.
 */
function shareFailureAnswers(paths: Record<string, unknown>): Record<string, unknown> {
  const shared: Record<string, unknown> = {};
  const canonical: Record<string, string> = {};
  for (const item of Object.values(paths))
    for (const op of Object.values(item as Record<string, { responses?: Record<string, unknown> }>))
      for (const [status, answer] of Object.entries(op.responses ?? {})) {
        const text = JSON.stringify(answer);
        if (!text.endsWith(`"content":{"application/json":{"schema":${JSON.stringify(ENVELOPE_REF)}}}}`))
          continue;
        const name = `Status${status}`;
        canonical[name] ??= text;
        if (canonical[name] !== text) continue;
        shared[name] = answer;
        op.responses![status] = { $ref: `#/components/responses/${name}` };
      }
  return shared;
}

type JsonSchema = Record<string, unknown> & { anyOf?: JsonSchema[]; type?: unknown };

/** No query value carries a NUL (the server refuses one before any handler: core/app's query guard). */
const NO_NUL = '^[^\\u0000]*$';

/**
 * A query parameter as the server reads it: one value (a repeated key is refused, so no array
 * branch), and text without a NUL where its schema says no finer pattern.
 */
function queryValueSchema(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf.filter((b) => b.type !== 'array').map(queryValueSchema);
    return branches.length === 1
      ? { ...schema, anyOf: undefined, ...branches[0] }
      : { ...schema, anyOf: branches };
  }
  if (
    schema.type === 'string' &&
    !schema.pattern &&
    !schema.enum &&
    !schema.format &&
    schema.const === undefined
  )
    return { ...schema, pattern: NO_NUL };
  return schema;
}

/** What JavaScript's `\\s` matches, spelled out (Python's differs: \\x1c-\\x1f, no \\ufeff). */
const JS_SPACE = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
const CLASS_BODY: Record<string, string> = { d: '0-9', s: JS_SPACE };

/**
 * A pattern as the server's JavaScript reads it, written so that every regex dialect reads it alike:
 * `\\d` is ASCII digits in JavaScript but any Unicode digit in Python (the fuzzer's), `\\s` differs
 * at the edges; both become explicit classes.
 */
export function portablePattern(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) {
      const e = pattern[++i]!;
      const lower = e.toLowerCase();
      if (lower in CLASS_BODY && inClass && e === lower) out += CLASS_BODY[lower];
      else if (lower in CLASS_BODY && !inClass) out += `[${e === lower ? '' : '^'}${CLASS_BODY[lower]}]`;
      else out += `\\${e}`;
      continue;
    }
    if (c === '[' && !inClass) inClass = true;
    else if (c === ']' && inClass) inClass = false;
    out += c;
  }
  return out;
}

/** Every `pattern` of the document through `portablePattern`. */
function portablePatterns(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (key === 'pattern' && typeof value === 'string')
      (node as Record<string, unknown>)[key] = portablePattern(value);
    else portablePatterns(value);
  }
}

/** Every query parameter of every operation through `queryValueSchema`. */
function tightenQueries(paths: Record<string, unknown>) {
  for (const item of Object.values(paths))
    for (const op of Object.values(
      item as Record<string, { parameters?: { in: string; schema?: JsonSchema }[] }>,
    ))
      for (const p of op.parameters ?? [])
        if (p.in === 'query' && p.schema) p.schema = JSON.parse(JSON.stringify(queryValueSchema(p.schema)));
}

type LinkedOperation = { operationId?: string; parameters?: { in: string; name: string }[] };
type AnsweringOperation = LinkedOperation & { responses?: Record<string, Record<string, unknown>> };

/**
 * Links from a list to its detail (`{api}/list` or `/page` → `{api}/detail?id=`, the first row's id),
 * so a stateful fuzzer reads records that exist instead of ids it made up. Removes are not linked: a
 * fuzzer following them would delete its own account and tenant halfway through.
 */
function linkListsToDetails(paths: Record<string, Record<string, AnsweringOperation>>) {
  for (const [path, item] of Object.entries(paths)) {
    const list = item.get;
    const base = path.replace(/\/(list|page)$/, '');
    const detail = base !== path ? paths[`${base}/detail`]?.get : undefined;
    if (!list?.responses?.['200'] || !detail?.operationId) continue;
    if (!detail.parameters?.some((p) => p.in === 'query' && p.name === 'id')) continue;
    const paged = JSON.stringify(list.responses['200']).includes('"records"');
    list.responses['200'].links = {
      detail: {
        operationId: detail.operationId,
        parameters: { 'query.id': `$response.body#/data/${paged ? 'records/' : ''}0/id` },
        description: 'the first row listed, read again by its id',
      },
    };
  }
}

/** Puts each example on its operation's JSON 200 answer (an example for an unknown operation is a bug). */
function addExamples(paths: Record<string, unknown>, examples: Record<string, unknown>) {
  for (const [key, value] of Object.entries(examples)) {
    const [method, path] = key.split(' ');
    const op = (paths[path] as Record<string, Operation> | undefined)?.[method];
    const json = op?.responses?.['200']?.content?.['application/json'];
    if (!json) throw new Error(`example for an undocumented answer: ${key}`);
    json.examples = { demo: { summary: 'from the seed fixtures', value } };
  }
}

/** The token endpoints: the OAuth client (Basic) signs them, not a user's token. */
const TOKEN_PATHS = new Set([
  '/blade-auth/oauth/token',
  '/blade-auth/oauth/token/refresh',
  '/blade-auth/token',
]);

const ENVELOPE_REF = { $ref: '#/components/schemas/R' };

/** The headers `@fastify/rate-limit` sends on a rate-limited route's 429. */
const RATE_LIMIT_HEADERS = {
  'x-ratelimit-limit': { type: 'integer', description: 'requests allowed per window and address' },
  'x-ratelimit-remaining': { type: 'integer', description: 'requests left in the window' },
  'x-ratelimit-reset': { type: 'integer', description: 'seconds until the window resets' },
  'retry-after': { type: 'integer', description: 'seconds to wait before trying again' },
};

/** What a route is, as far as its failure answers go. */
interface RouteShape {
  access: Access | undefined;
  /** it takes a body (POST, PUT): it may be too large or of a media type not parsed */
  body: boolean;
  /** its path has parameters (`/file/*`): a missing record is a 404 */
  pathParams: boolean;
  rateLimited: boolean;
}

/**
 * The failure answers a route can give, each an envelope, derived from its shape alone: 400 for any
 * (a query or body parameter of a wrong type, a NUL, a malformed body), 401 and 403 for one needing a
 * token (missing or expired; no permission or another tenant's record), 404 for one with path
 * parameters, 413 and 415 for one taking a body, 429 with the rate-limit headers for a rate-limited
 * one (sign-in, captcha, uploads).
 */
function failureAnswers(shape: RouteShape): Record<string, Record<string, unknown>> {
  const answer = (description: string, extra: Record<string, unknown> = {}) => ({
    description,
    ...extra,
    content: { 'application/json': { schema: ENVELOPE_REF } },
  });
  const out: Record<string, Record<string, unknown>> = {
    400: answer('a parameter or the body is missing, of a wrong type or unreadable'),
  };
  if (shape.access !== 'public') {
    out[401] = answer('no valid token (`Blade-Auth`)');
    out[403] = answer('the token does not grant this route, or the record is another tenant’s');
  }
  if (shape.pathParams) {
    out[403] ??= answer('the token does not grant this route, or the link’s signature is not valid');
    out[404] = answer('no such record');
  }
  if (shape.body) {
    out[413] = answer('the body is larger than the server takes');
    out[415] = answer('a media type the route does not read');
  }
  if (shape.rateLimited)
    out[429] = answer('too many requests from this address in the window', { headers: RATE_LIMIT_HEADERS });
  return out;
}

type JsonAnswer = Record<string, unknown>;
const isContentAnswer = (a: JsonAnswer) => typeof a.content === 'object' && a.content !== null;

/**
 * The route's own answers and its failure answers: a status the route declares itself (the token
 * endpoint's `{error_code, error_description}`) may also be the envelope of a check made before the
 * handler runs, so both are allowed there.
 */
function withFailures(own: Record<string, JsonAnswer> | undefined, failures: Record<string, JsonAnswer>) {
  const out: Record<string, JsonAnswer> = { ...own };
  for (const [status, failure] of Object.entries(failures)) {
    const mine = out[status];
    if (!mine) out[status] = failure;
    else if (!isContentAnswer(mine)) out[status] = { anyOf: [mine, ENVELOPE_REF] };
  }
  return out;
}

/**
 * The OpenAPI 3.1 document of the Blade contract, built from the route schemas by @fastify/swagger:
 * `servers: [{url: '/api'}]` and paths as a Blade gateway exposes them, one tag per Blade service,
 * `Blade-Auth` (the signed-in user's token) and `Basic` (the client) security, and the envelope and
 * page as shared components. Served at `GET /v3/api-docs` with Swagger UI at `/doc.html`.
 * Registered before the modules: it learns routes as they are added.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  /** Example answers keyed `<method> <path>`, read when the document is first built. */
  examples: () => Record<string, unknown> = () => ({}),
): Promise<void> {
  const zodTransform = createJsonSchemaTransform({ skipList: [] });
  /** `<method> <path>` of the operations whose body may be left out (the schema takes `undefined`). */
  const optionalBodies = new Set<string>();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'PSI book ordering — Blade API',
        description:
          'The Blade wire contract of the school book ordering back office. Every answer but the ' +
          'token endpoint is the envelope `R` (`{code, success, data, msg}`); lists answer a `Page`. ' +
          'Sign in with `POST /blade-auth/oauth/token` (Basic client + captcha) and send ' +
          '`Blade-Auth: bearer <access_token>`.',
        version: '1.0.0',
      },
      servers: [{ url: API_PREFIX }],
      components: {
        securitySchemes: {
          'Blade-Auth': {
            type: 'apiKey',
            in: 'header',
            name: 'Blade-Auth',
            description: '`bearer <access_token>` of the signed-in user',
          },
          Basic: {
            type: 'http',
            scheme: 'basic',
            description: 'the OAuth client (`saber:saber_secret` in the demo)',
          },
        },
      },
    },
    hideUntagged: true,
    transform: (input) => {
      const { url, route } = input;
      if (!url.startsWith(`${API_PREFIX}/`)) return { schema: { hide: true } as never, url };
      const out = zodTransform(input);
      const path = url.slice(API_PREFIX.length);
      const config = route.config as { access?: Access; rateLimit?: unknown } | undefined;
      const access = config?.access;
      const body = (input.schema as { body?: unknown } | undefined)?.body;
      const methods = [route.method].flat().map(String);
      if (body instanceof z.ZodType && body.safeParse(undefined).success)
        for (const m of methods) optionalBodies.add(`${m.toLowerCase()} ${path}`);
      const failures = failureAnswers({
        access,
        body: methods.some((m) => m !== 'GET' && m !== 'HEAD' && m !== 'DELETE'),
        pathParams: /[:*]/.test(path),
        rateLimited: !!config?.rateLimit,
      });
      const response = withFailures(
        (out.schema as { response?: Record<string, JsonAnswer> } | undefined)?.response,
        failures,
      );
      const security = TOKEN_PATHS.has(path)
        ? [{ Basic: [] }]
        : access === 'public'
          ? []
          : [{ 'Blade-Auth': [] }];
      // a route may name its own tag (the public SpringBlade dialect); else its Blade service
      const own = (out.schema as { tags?: string[] } | undefined)?.tags;
      return {
        url: path,
        schema: {
          ...(out.schema as object),
          response,
          tags: own?.length ? own : [serviceOf(path)],
          security,
          operationId: operationId(String(route.method), path),
        } as never,
      };
    },
    transformObject: (input) => {
      const doc = jsonSchemaTransformObject(input) as Record<string, unknown> & {
        paths?: Record<string, unknown>;
      };
      addExamples(doc.paths ?? {}, examples());
      markOptionalBodies(doc.paths ?? {}, optionalBodies);
      tightenQueries(doc.paths ?? {});
      portablePatterns(doc);
      linkListsToDetails((doc.paths ?? {}) as Record<string, Record<string, AnsweringOperation>>);
      const responses = shareFailureAnswers(doc.paths ?? {});
      const operations = Object.values(doc.paths ?? {}).flatMap((item) =>
        Object.values(item as Record<string, { tags?: string[] }>),
      );
      const tags = [...new Set(operations.flatMap((o) => o?.tags ?? []))].sort();
      const components = { ...(doc.components as object), responses };
      return { ...doc, components, tags: tags.map((name) => ({ name })) } as never;
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCUMENT_UI,
    uiConfig: { persistAuthorization: true, docExpansion: 'none', deepLinking: true },
    staticCSP: false,
  });
  // each line's document (`?line=bladex|springblade`), by default this server's own line's
  const own = app.ctx.options.line ?? 'bladex';
  const documents = new Map<BladeLine, unknown>();
  app.get(DOCUMENT_PATH, { config: { access: 'public' } }, async (req) => {
    const wanted = queryOf(req).line;
    let line: BladeLine;
    try {
      line = parseBladeLine('line', typeof wanted === 'string' ? wanted : undefined, own);
    } catch {
      throw badRequest('paramType', { name: 'line' });
    }
    if (!documents.has(line)) documents.set(line, documentForLine(app.swagger(), line, own));
    return documents.get(line);
  });
  app.get(DOCUMENT_PAGE, { config: { access: 'public' } }, async (_req, reply) =>
    reply.redirect(`${DOCUMENT_UI}/`),
  );
}
