import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileErrors, validate } from '@readme/openapi-parser';
import { CONTRACT_FILE, renderDocument } from '../src/openapi';
import { call, login, testApp } from './helpers';

interface Doc {
  openapi: string;
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<
    string,
    Record<string, { tags: string[]; security: unknown[]; responses: Record<string, unknown> }>
  >;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { type: string }> };
}

interface OperationWithExamples {
  responses: Record<string, { content?: Record<string, { examples?: Record<string, { value: unknown }> }> }>;
}

describe('the OpenAPI document', () => {
  it('is public at /v3/api-docs, with the Blade layout', async () => {
    const app = await testApp({ seed: 'none' });
    const res = await app.inject({ method: 'GET', url: '/v3/api-docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as Doc;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/api' }]);
    expect(doc.paths['/blade-system/param/list']?.get).toBeDefined();
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/'))).toBe(false);
    expect(doc.paths['/healthz']).toBeUndefined();
    // one tag per Blade service, and the public SpringBlade dialect's routes under their own
    const publicDialect = (p: string) =>
      /^\/blade-auth\/(token|captcha|logout|public-key)$|^\/blade-system\/user\/|^\/blade-system\/menu\/auth-routes$|^\/blade-desk\/dashboard\//.test(
        p,
      );
    const tagOf = (p: string) => (publicDialect(p) ? 'springblade-public' : p.split('/')[1]);
    const services = [...new Set(Object.keys(doc.paths).map(tagOf))].sort();
    expect(doc.tags.map((t) => t.name)).toEqual(services);
    for (const [path, ops] of Object.entries(doc.paths))
      for (const op of Object.values(ops)) expect(op.tags, path).toEqual([tagOf(path)]);
    expect(doc.components.securitySchemes['Blade-Auth'].type).toBe('apiKey');
    expect(doc.components.securitySchemes.Basic.type).toBe('http');
    expect(doc.paths['/blade-auth/oauth/token'].post.security).toEqual([{ Basic: [] }]);
    expect(doc.paths['/blade-system/param/list'].get.security).toEqual([{ 'Blade-Auth': [] }]);
    expect(doc.components.schemas.R).toMatchObject({
      required: ['code', 'success', 'data', 'msg'],
    });
    expect(doc.components.schemas.Page).toMatchObject({
      required: ['records', 'total', 'size', 'current', 'pages'],
    });
  });

  it('shows examples from the seed fixtures that are exactly what the seeded server answers', async () => {
    const app = await testApp();
    const doc = (await app.inject({ method: 'GET', url: '/v3/api-docs' })).json() as {
      paths: Record<string, Record<string, OperationWithExamples>>;
    };
    const { token } = await login(app);
    const queries: Record<string, string> = { '/blade-system/dict/dictionary': '?code=sex' };
    const shown = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.responses['200']?.content?.['application/json']?.examples)
        .map(([method, op]) => ({
          method,
          path,
          value: op.responses['200'].content!['application/json'].examples!.demo.value,
        })),
    );
    expect(shown.length).toBeGreaterThanOrEqual(5);
    for (const { method, path, value } of shown) {
      const res = await call(app, token, {
        method: method.toUpperCase() as 'GET',
        url: `/api${path}${queries[path] ?? ''}`,
      });
      expect(res.json(), `${method} ${path}`).toEqual(value);
    }
  });

  it('passes an OpenAPI 3.1 validator', async () => {
    const doc = JSON.parse(await renderDocument()) as Record<string, unknown>;
    const result = await validate(doc as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('is committed as contract/openapi.json, up to date (pnpm --filter @psi/server run openapi)', async () => {
    const committed = fs.existsSync(CONTRACT_FILE) ? fs.readFileSync(CONTRACT_FILE, 'utf8') : '';
    expect(committed === (await renderDocument()), 'contract/openapi.json is stale').toBe(true);
  });

  it('opens in a locally bundled Swagger UI at /doc.html that the CSP lets run', async () => {
    const app = await testApp({ seed: 'none' });
    const page = await app.inject({ method: 'GET', url: '/doc.html' });
    expect(page.statusCode).toBe(302);
    const ui = await app.inject({ method: 'GET', url: page.headers.location as string });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
    expect(ui.body).not.toMatch(/https?:\/\//);
    expect(String(ui.headers['content-security-policy'])).toContain("script-src 'self'");
    const init = await app.inject({ method: 'GET', url: '/swagger-ui/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    const bundle = await app.inject({ method: 'GET', url: '/swagger-ui/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
  });
});
