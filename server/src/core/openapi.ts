import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
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

const TOKEN_PATHS = new Set(['/blade-auth/oauth/token', '/blade-auth/token']);

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
      const access = (route.config as { access?: Access } | undefined)?.access;
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
      const operations = Object.values(doc.paths ?? {}).flatMap((item) =>
        Object.values(item as Record<string, { tags?: string[] }>),
      );
      const tags = [...new Set(operations.flatMap((o) => o?.tags ?? []))].sort();
      return { ...doc, tags: tags.map((name) => ({ name })) } as never;
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
