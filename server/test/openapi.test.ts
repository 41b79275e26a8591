import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileErrors, validate } from '@readme/openapi-parser';
import { CONTRACT_FILE, CONTRACT_FILES, renderDocument } from '../src/openapi';
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

describe('the OpenAPI document of each line (issue 24)', () => {
  it('is committed as contract/openapi.springblade.json, up to date and valid', async () => {
    const text = await renderDocument('springblade');
    const committed = fs.existsSync(CONTRACT_FILES.springblade)
      ? fs.readFileSync(CONTRACT_FILES.springblade, 'utf8')
      : '';
    expect(committed === text, 'contract/openapi.springblade.json is stale').toBe(true);
    const result = await validate(JSON.parse(text) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('serves each line’s document on either line, its own by default; refuses another line name', async () => {
    const bladex = await testApp({ seed: 'none' });
    const spring = await testApp({ seed: 'none', line: 'springblade' });
    const doc = async (app: typeof bladex, query = '') =>
      (await app.inject({ method: 'GET', url: `/v3/api-docs${query}` })).json() as Doc & {
        info: Record<string, unknown>;
      };
    const own = await doc(spring);
    expect(own.info['x-blade-line']).toBe('springblade');
    expect(await doc(bladex, '?line=springblade')).toEqual(own);
    expect(await doc(spring, '?line=bladex')).toEqual(await doc(bladex));
    expect((await doc(bladex)).info['x-blade-line']).toBe('bladex');
    const bad = await bladex.inject({ method: 'GET', url: '/v3/api-docs?line=bladey' });
    expect([bad.statusCode, bad.json()]).toEqual([
      400,
      { code: 400, success: false, data: {}, msg: '请求参数格式错误: line' },
    ]);
  });

  it('keeps only the public line’s routes, with its unauthenticated answer, drift and required parameters', async () => {
    const doc = JSON.parse(fs.readFileSync(CONTRACT_FILES.springblade, 'utf8')) as Doc;
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/blade-auth/oauth/token',
      '/blade-auth/public-key',
      '/blade-user/list',
      '/blade-system/dept/lazy-list',
    ])
      expect(paths).not.toContain(p);
    for (const p of [
      '/blade-auth/token',
      '/blade-system/user/list',
      '/blade-psi/dashboard/summary',
      '/demo/info',
    ])
      expect(paths).toContain(p);
    type Schema = Record<string, unknown>;
    const json = (path: string, method = 'get') =>
      (doc.paths[path][method].responses['200'] as { content: Record<string, { schema: Schema }> }).content[
        'application/json'
      ].schema;
    // beside every answer that needs a token, HTTP 200 with code 401
    expect(doc.components.schemas.Unauthorized).toMatchObject({
      properties: { code: { const: 401 }, data: { type: 'null' } },
    });
    expect((json('/blade-system/param/list').anyOf as Schema[])[1]).toEqual({
      $ref: '#/components/schemas/Unauthorized',
    });
    expect(json('/blade-auth/token', 'post').anyOf).toBeUndefined();
    const dataOf = (path: string) => {
      const answer = json(path);
      const enveloped = answer.anyOf ? (answer.anyOf as Schema[])[0] : answer;
      return ((enveloped.allOf as Schema[])[1].properties as Record<string, Schema>).data;
    };
    const rowOf = (path: string) => (dataOf(path).items ?? dataOf(path)) as { required: string[] };
    expect(rowOf('/blade-system/role/list').required).not.toContain('createUser');
    expect(rowOf('/blade-system/role/list').required).toContain('roleName');
    expect(dataOf('/blade-system/menu/auth-routes').type).toBe('array');
    expect(rowOf('/blade-system/dict/dictionary').required).not.toContain('id');
    const params = (path: string) =>
      (doc.paths[path].get as unknown as { parameters: { name: string; required: boolean }[] }).parameters;
    for (const [path, name] of [
      ['/blade-system/dict/dictionary', 'code'],
      ['/blade-system/menu/role-tree-keys', 'roleIds'],
      ['/blade-system/menu/top-tree-keys', 'topMenuIds'],
      ['/blade-system/region/detail', 'code'],
    ])
      expect(params(path).find((p) => p.name === name)?.required, `${path} ${name}`).toBe(true);
    // the default line's document keeps them as this server has them
    const own = JSON.parse(fs.readFileSync(CONTRACT_FILE, 'utf8')) as Doc;
    expect(own.paths['/blade-auth/oauth/token']).toBeDefined();
    expect(JSON.stringify(own.components.schemas)).not.toContain('"Unauthorized"');
  });
});
