import { describe, expect, it } from 'vitest';
import { checkDocument, operationsOf, serverPrefix, type OpenApiDocument } from '../src/document';
import { ContractValidator, jsonPath } from '../src/validate';

const doc = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  servers: [{ url: '/api' }],
  paths: {
    '/blade-system/param/list': {
      get: {
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/Envelope',
                },
              },
            },
          },
          '4XX': {
            description: 'refused',
            content: { 'application/json': { schema: { type: 'object', required: ['code'] } } },
          },
        },
      },
    },
    '/blade-system/thing/{id}': { get: { responses: { '200': { description: 'ok' } } } },
    '/blade-system/thing/info': { get: { responses: { '200': { description: 'ok' } } } },
  },
  components: {
    schemas: {
      Envelope: {
        type: 'object',
        required: ['code', 'data'],
        properties: {
          code: { type: 'integer' },
          data: {
            type: 'object',
            required: ['records'],
            properties: {
              records: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id', 'name'],
                  additionalProperties: false,
                  properties: { id: { type: 'string' }, name: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
  },
} as unknown as OpenApiDocument;

describe('contract validator', () => {
  const v = new ContractValidator(doc);

  it('finds operations by method and path, static paths before templated ones', () => {
    expect(v.find('get', '/blade-system/thing/info')?.path).toBe('/blade-system/thing/info');
    expect(v.find('GET', '/blade-system/thing/42')?.path).toBe('/blade-system/thing/{id}');
    expect(v.find('POST', '/blade-system/thing/42')).toBeUndefined();
    expect(v.check('GET', '/blade-system/nothing', 200, {})).toBeNull();
    expect(operationsOf(doc)).toHaveLength(3);
    expect(serverPrefix(doc)).toBe('/api');
  });

  it('names every drifted field once, with its folded JSON path, through $refs into the components', () => {
    const body = {
      code: 200,
      data: {
        records: [
          { id: '1', title: 'a' },
          { id: 2, title: 'b' },
        ],
      },
    };
    expect(v.check('GET', '/blade-system/param/list', 200, body)).toEqual([
      {
        route: 'GET /blade-system/param/list',
        path: '$.data.records[*].name',
        expected: 'required',
        seen: 'missing',
      },
      {
        route: 'GET /blade-system/param/list',
        path: '$.data.records[*].title',
        expected: 'not documented',
        seen: 'present',
      },
      {
        route: 'GET /blade-system/param/list',
        path: '$.data.records[*].id',
        expected: 'type string',
        seen: 'number 2',
      },
    ]);
    expect(
      v.check('GET', '/blade-system/param/list', 200, {
        code: 200,
        data: { records: [{ id: '1', name: 'x' }] },
      }),
    ).toEqual([]);
  });

  it('checks error answers by their status range and refuses an undocumented status or a missing body', () => {
    expect(v.check('GET', '/blade-system/param/list', 401, { code: 401 })).toEqual([]);
    expect(v.check('GET', '/blade-system/param/list', 403, {})).toEqual([
      { route: 'GET /blade-system/param/list', path: '$.code', expected: 'required', seen: 'missing' },
    ]);
    expect(v.check('GET', '/blade-system/param/list', 500, {})).toEqual([
      { route: 'GET /blade-system/param/list', path: '$', expected: 'HTTP 200 | 4XX', seen: 'HTTP 500' },
    ]);
    expect(v.check('GET', '/blade-system/param/list', 200, undefined)).toEqual([
      { route: 'GET /blade-system/param/list', path: '$', expected: 'a JSON body', seen: 'no JSON body' },
    ]);
    // a refusal the operation does not document still has to be a Blade refusal; a 5xx never passes
    const info = '/blade-system/thing/info';
    expect(
      v.check('GET', info, 400, { code: 400, success: false, data: {}, msg: '缺少必要的请求参数: id' }),
    ).toEqual([]);
    expect(v.check('POST', '/blade-system/param/list', 401, {})).toBeNull();
    expect(v.check('GET', info, 400, { error_code: 400, error_description: '用户名或密码错误' })).toEqual([]);
    expect(v.check('GET', info, 403, { code: 403, success: true, data: {}, msg: '' })).toEqual([
      {
        route: 'GET /blade-system/thing/info',
        path: '$',
        expected: 'a Blade refusal (envelope or error_description)',
        seen: '{"code":403,"success":true,"data":{},"msg":""}',
      },
    ]);
    expect(v.check('GET', info, 500, { code: 500, success: false, data: {}, msg: '服务器异常' })).toEqual([
      { route: 'GET /blade-system/thing/info', path: '$', expected: 'HTTP 200', seen: 'HTTP 500' },
    ]);
    // the public line's refusal inside HTTP 200 is checked as a refusal, not as the success answer
    const unauthorized = { code: 401, success: false, data: null, msg: '请求未授权' };
    expect(v.check('GET', '/blade-system/param/list', 200, unauthorized)).toEqual([]);
    expect(v.check('GET', '/blade-system/param/list', 200, { code: 401, success: false })).toEqual([
      {
        route: 'GET /blade-system/param/list',
        path: '$',
        expected: 'a Blade refusal (envelope or error_description)',
        seen: '{"code":401,"success":false}',
      },
    ]);
    // a status documenting a file beside its JSON answer: a body that is not JSON is the file
    const file = new ContractValidator({
      ...doc,
      paths: {
        '/x/export': {
          get: {
            responses: {
              '200': {
                content: {
                  'application/vnd.ms-excel': { schema: { type: 'string' } },
                  'application/json': { schema: { type: 'object', required: ['code'] } },
                },
              },
            },
          },
        },
      },
    } as unknown as OpenApiDocument);
    expect(file.check('GET', '/x/export', 200, undefined)).toEqual([]);
    expect(file.check('GET', '/x/export', 200, {})).toEqual([
      { route: 'GET /x/export', path: '$.code', expected: 'required', seen: 'missing' },
    ]);
    // a documented status without a schema checks nothing
    expect(v.check('GET', '/blade-system/thing/7', 200, 'anything')).toEqual([]);
  });

  it('writes JSON paths readably', () => {
    expect(jsonPath(['data', 'records', '0', 'name'])).toBe('$.data.records[*].name');
    expect(jsonPath(['data', 'odd-key'])).toBe("$.data['odd-key']");
    expect(jsonPath([])).toBe('$');
  });

  it('refuses a document that is not OpenAPI 3.1', () => {
    expect(() => checkDocument({ swagger: '2.0', paths: {} }, 'x.json')).toThrow(
      'not an OpenAPI 3.1 document',
    );
    expect(() => checkDocument({ openapi: '3.1.0' }, 'x.json')).toThrow('has no paths');
  });
});
