import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileErrors, validate } from '@readme/openapi-parser';
import { CONTRACT_FILE, CONTRACT_FILES, renderDocument } from '../src/openapi';
import { portablePattern } from '../src/core/openapi';
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

describe('every answer documented (issue 25)', () => {
  type Answer = { $ref?: string; headers?: Record<string, unknown>; content?: Record<string, unknown> };
  type Op = {
    security: Record<string, unknown>[];
    requestBody?: { required: boolean };
    responses: Record<string, Answer>;
  };
  const read = (file: string) =>
    JSON.parse(fs.readFileSync(file, 'utf8')) as {
      paths: Record<string, Record<string, Op>>;
      components: { responses: Record<string, Answer> };
    };
  const statuses = (op: Op) => Object.keys(op.responses).sort();

  it('lists the statuses each operation can answer, from its access and shape', () => {
    const doc = read(CONTRACT_FILE);
    const op = (path: string, method = 'get') => doc.paths[path][method];
    // a list behind a menu: bad parameter, no token, no permission
    expect(statuses(op('/blade-system/param/list'))).toEqual(['200', '400', '401', '403']);
    // a write takes a body: too large, wrong media type
    expect(statuses(op('/blade-system/param/remove', 'post'))).toEqual([
      '200',
      '400',
      '401',
      '403',
      '413',
      '415',
    ]);
    // public and rate-limited: no 401/403, a 429 with the rate-limit headers
    expect(statuses(op('/blade-auth/oauth/captcha'))).toEqual(['200', '400', '429']);
    const limited =
      doc.components.responses[op('/blade-auth/oauth/captcha').responses['429'].$ref!.split('/')[3]];
    expect(Object.keys(limited.headers ?? {}).sort()).toEqual([
      'retry-after',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
    ]);
    expect(limited.content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/R' } } });
    // a path parameter: a missing record
    const file = Object.keys(doc.paths).find((p) => p.startsWith('/blade-resource/oss/endpoint/file/'));
    expect(file && statuses(doc.paths[file].get)).toContain('404');
    // every failure answer is the envelope, shared as a component
    for (const [path, ops] of Object.entries(doc.paths))
      for (const o of Object.values(ops)) expect(o.responses['400'], path).toBeDefined();
  });

  it('documents the token endpoints’ own error shape beside the envelope, and the Basic client of refresh', () => {
    const doc = read(CONTRACT_FILE);
    const token = doc.paths['/blade-auth/oauth/token'].post;
    expect(statuses(token)).toEqual(['200', '400', '401', '413', '415', '429']);
    const bad = JSON.stringify(token.responses['400']);
    expect(bad).toContain('error_description');
    expect(bad).toContain('#/components/schemas/R');
    expect(doc.paths['/blade-auth/oauth/token/refresh'].post.security).toEqual([{ Basic: [] }]);
  });

  it('does not require the body of a remove that takes its ids in the query', () => {
    const doc = read(CONTRACT_FILE);
    const removes = Object.entries(doc.paths).filter(([p]) => p.endsWith('/remove'));
    expect(removes.length).toBeGreaterThanOrEqual(22);
    for (const [path, ops] of removes) expect(ops.post.requestBody?.required, path).toBe(false);
    expect(doc.paths['/blade-system/tenant/setting'].post.requestBody?.required).toBe(false);
  });

  it('answers HTTP 200 with code 401 on the public line, so documents no HTTP 401 there', () => {
    const doc = read(CONTRACT_FILES.springblade);
    expect(statuses(doc.paths['/blade-system/param/list'].get)).toEqual(['200', '400', '403']);
  });
});

describe('typed query parameters (issue 25)', () => {
  type Param = { name: string; schema: { pattern?: string; anyOf?: { pattern?: string }[] } };
  const doc = () =>
    JSON.parse(fs.readFileSync(CONTRACT_FILE, 'utf8')) as {
      paths: Record<string, Record<string, { parameters?: Param[] }>>;
    };
  const param = (path: string, name: string) => {
    const p =
      doc().paths[path].get?.parameters?.find((q) => q.name === name) ??
      doc().paths[path].post?.parameters?.find((q) => q.name === name);
    return new RegExp(p?.schema.pattern ?? p?.schema.anyOf?.[0].pattern ?? '.*');
  };

  it('documents page numbers, record ids, id lists and date filters with the pattern the server takes', () => {
    for (const name of ['current', 'size']) {
      const re = param('/blade-system/param/list', name);
      expect(
        ['1', '500', '', '-3', '1e3'].every((v) => re.test(v)),
        name,
      ).toBe(true);
      expect(
        ['abc', 'true', '1,2'].some((v) => re.test(v)),
        name,
      ).toBe(false);
    }
    const id = param('/blade-system/param/detail', 'id');
    expect(id.test('1123598821738675201')).toBe(true);
    expect(['', 'abc', '-1', '99999999999999999999'].some((v) => id.test(v))).toBe(false);
    const ids = param('/blade-system/param/remove', 'ids');
    expect(ids.test('1,2, 3')).toBe(true);
    expect(['1,,2', 'a', ''].some((v) => ids.test(v))).toBe(false);
    const day = param('/blade-system/param/list', 'createTime_dategt');
    // empty is no filter, as the server reads it
    expect(['2025-01-31', '2025-01-31 08:00:00', ''].every((v) => day.test(v))).toBe(true);
    expect(['yesterday', '2025-01', '٢٠٢٥-٠١-٣١', '\t2025-01-31'].some((v) => day.test(v))).toBe(false);
    // a typed filter takes what the server's filter reads (a reference id, a number), not any text
    const school = param('/blade-psi/purchaseorderyypt/list', 'schoolId');
    expect(['', '1123598821738675201', ' 7 '].every((v) => school.test(v))).toBe(true);
    expect(['abc', '-1', '1.5', '１２'].some((v) => school.test(v))).toBe(false);
  });

  it('refuses what the document refuses and brings a page size into range as Blade does', async () => {
    const app = await testApp();
    const { token } = await login(app);
    const list = (q: string) => call(app, token, { method: 'GET', url: `/api/blade-system/param/list?${q}` });
    const bad = await list('createTime_dategt=yesterday');
    expect([bad.statusCode, (bad.json() as { msg: string }).msg]).toEqual([
      400,
      '请求参数格式错误: createTime_dategt',
    ]);
    expect((await list('size=abc')).statusCode).toBe(400);
    const big = await list('size=100000');
    expect([big.statusCode, (big.json() as { data: { size: number } }).data.size]).toEqual([200, 500]);
  });
});

describe('what the fuzzer holds the server to (issue 25)', () => {
  type Schema = {
    type?: string;
    pattern?: string;
    enum?: unknown[];
    const?: unknown;
    format?: string;
    anyOf?: Schema[];
    exclusiveMaximum?: number;
  };
  type Op = {
    parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
    requestBody?: { content: Record<string, { schema: Schema }> };
  };
  const doc = () =>
    JSON.parse(fs.readFileSync(CONTRACT_FILE, 'utf8')) as { paths: Record<string, Record<string, Op>> };
  const operations = () => Object.values(doc().paths).flatMap((item) => Object.values(item));
  const branches = (s: Schema): Schema[] => (s.anyOf ? s.anyOf.flatMap(branches) : [s]);

  it('shows a query parameter as one value (a repeated key is refused) and its text without a NUL', () => {
    for (const op of operations())
      for (const p of op.parameters ?? []) {
        if (p.in !== 'query') continue;
        for (const b of branches(p.schema)) {
          expect(b.type, p.name).not.toBe('array');
          if (b.type !== 'string' || b.enum || b.const !== undefined || b.format) continue;
          expect(b.pattern, p.name).toBeDefined();
          expect(new RegExp(b.pattern!).test('a\u0000'), p.name).toBe(false);
        }
      }
  });

  it('writes its patterns with ASCII classes, so a generator reading \\d the Unicode way stays in range', () => {
    const text = fs.readFileSync(CONTRACT_FILE, 'utf8');
    expect(text).not.toMatch(/"pattern": "[^"]*\\\\d/);
  });

  it('bounds an id sent as a JSON number exactly (below 9.2e18, what the text pattern takes)', () => {
    const ids = doc().paths['/blade-system/param/remove'].post.parameters!.find((p) => p.name === 'ids')!;
    const numbers = branches(ids.schema).filter((b) => b.type === 'integer');
    expect(numbers.map((b) => b.exclusiveMaximum)).toEqual([9.2e18]);
  });

  it('takes a JSON null where the body may be left out', () => {
    const body = doc().paths['/blade-system/param/remove'].post.requestBody!;
    expect(branches(body.content['application/json'].schema).map((b) => b.type)).toContain('null');
  });

  it('requires the parameters a handler cannot do without', () => {
    const query = (path: string, method: string, name: string) =>
      doc().paths[path][method].parameters?.find((p) => p.in === 'query' && p.name === name);
    expect(query('/blade-system/dict/dictionary', 'get', 'code')?.required).toBe(true);
    expect(query('/blade-desk/process/leave/detail', 'get', 'businessId')?.required).toBe(true);
    // a form call's parameter may come in the query or the body: neither place requires it
    expect(query('/blade-flow/work/claim-task', 'post', 'taskId')?.required).toBe(false);
    expect(query('/blade-psi/deliverydetail/listByOrderId', 'get', 'deliveryId')?.required).toBe(true);
    // either spelling will do, so neither is required on its own
    expect(query('/blade-psi/purchasedetailyypt/listByOrderId', 'get', 'purchaseId')?.required).toBe(false);
  });
});

describe('portablePattern', () => {
  it('spells \\d and \\s as JavaScript reads them, inside and outside a class', () => {
    expect(portablePattern('^\\d{2}$')).toBe('^[0-9]{2}$');
    expect(portablePattern('^[,;\\s]*\\D$')).toMatch(/^\^\[,;\\t\\n.*\\ufeff\]\*\[\^0-9\]\$$/);
    expect(portablePattern('^a\\.b\\\\d$')).toBe('^a\\.b\\\\d$');
    const re = new RegExp(portablePattern('^\\s*\\d+\\s*$'));
    expect(['12', ' 12\t', '\u00a012\ufeff'].every((v) => re.test(v))).toBe(true);
    expect(['١٢', '\u001c12'].some((v) => re.test(v))).toBe(false);
  });
});
