/**
 * The route schema is the validator of a request body: every field the document shows has a type, a
 * body of those types is taken, and a wrong type answers the Blade 400 envelope with the field's own
 * message in the caller's language (not a 500, not a bare parameter name).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call } from '../helpers';
import { as, demoApp, schoolId, type Client } from '../psi/helpers';

let app: FastifyInstance;
let pt: Client;
let ptEn: Client;

beforeAll(async () => {
  app = await demoApp();
  [pt, ptEn] = await Promise.all([as(app, 'pt_admin'), as(app, 'pt_admin', 'en')]);
});
afterAll(async () => app.close());

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema> };

/** The JSON body schema of an operation in the served document. */
async function bodySchema(path: string): Promise<JsonSchema> {
  const res = await call(app, pt.token, { method: 'GET', url: '/v3/api-docs' });
  const doc = res.json() as {
    paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: JsonSchema }> } } }>;
  };
  const content = doc.paths[path]?.post?.requestBody?.content ?? {};
  const schema = content['application/json']?.schema ?? Object.values(content)[0]?.schema;
  expect(schema, path).toBeDefined();
  return schema!;
}

describe('the document types every body field', () => {
  for (const path of [
    '/blade-psi/accountstatement/recharge',
    '/blade-psi/purchaseorder/submit',
    '/blade-system/region/submit',
    '/blade-desk/process/leave/start-process',
    '/blade-flow/work/complete-task',
    '/blade-system/param/submit',
  ])
    it(`${path}: no field is left untyped`, async () => {
      const schema = await bodySchema(path);
      const untyped = Object.entries(schema.properties ?? {})
        .filter(([, s]) => Object.keys(s).every((k) => k === 'description'))
        .map(([name]) => name);
      expect(untyped).toEqual([]);
    });
});

describe('a body of the documented types is taken', () => {
  it('a recharge with the amount as a number and the pay method as text', async () => {
    await pt.ok('accountstatement/recharge', {
      schoolId: schoolId(app, 'SC05'),
      amount: 12.5,
      payMethod: '2',
      voucherNo: 'TYPED-0001',
    });
  });
});

describe('a wrong type is the Blade 400 with the field named in the caller language', () => {
  it('a recharge whose school is an object', async () => {
    const body = { schoolId: { id: 1 }, amount: '10.00', payMethod: 1, voucherNo: 'TYPED-0002' };
    for (const [client, expected] of [
      [pt, '请求参数格式错误: schoolId'],
      [ptEn, 'Invalid parameter format: schoolId'],
    ] as const) {
      const r = await client.post('accountstatement/recharge', body);
      expect(r.status).toBe(400);
      expect(r).toMatchObject({ code: 400, success: false, msg: expected });
    }
  });

  it('a declared number field sent as an object names the field in either language', async () => {
    for (const [client, expected] of [
      [pt, /格式不正确$/],
      [ptEn, / is invalid$/],
    ] as const) {
      const r = await client.post('depositoryinfo/submit', { status: { on: true } });
      expect(r.status).toBe(400);
      expect(r.code).toBe(400);
      expect(r.success).toBe(false);
      expect(r.msg).toMatch(expected);
    }
  });
});
