/**
 * Bad input that used to answer 500 or a silent success (issue 25, item 3): each case answers the
 * Blade envelope with a 4xx and a message in the caller's language, and writes no error-log row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { addTenant, call, login, testApp } from '../helpers';
import { as, demoApp, one, type Client } from '../psi/helpers';

let app: FastifyInstance;
let pt: Client;
let admin: Client;
let school: Client;

beforeAll(async () => {
  app = await demoApp();
  [pt, admin, school] = await Promise.all([as(app, 'pt_admin'), as(app, 'admin'), as(app, 'xx_mingde')]);
});
afterAll(async () => app.close());

const errorLogRows = () => one<{ n: number }>(app, 'SELECT COUNT(*) AS n FROM blade_log_error').n;

/** A multipart body whose closing boundary never comes (busboy: "Unexpected end of form"). */
function truncatedMultipart() {
  const boundary = '----psi-broken';
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\nPK\u0003\u0004 half a file',
    ),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A part whose header is malformed (busboy: "Malformed part header"). */
function malformedMultipart() {
  const boundary = '----psi-malformed';
  return {
    payload: Buffer.from(`--${boundary}\r\nnot a header line at all\r\n\r\nx\r\n--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('malformed multipart uploads', () => {
  const routes = [
    { who: () => pt, url: '/api/blade-psi/goodsinfo/upLoadList' },
    { who: () => pt, url: '/api/blade-psi/schoolyyptinfo/upLoadList' },
    { who: () => admin, url: '/api/blade-flow/manager/deploy-upload' },
    { who: () => admin, url: '/api/blade-system/user/import-user' },
  ];
  for (const { who, url } of routes)
    for (const [name, body] of [
      ['truncated', truncatedMultipart],
      ['malformed', malformedMultipart],
    ] as const)
      it(`${url} answers 400 to a ${name} body and logs no error`, async () => {
        const before = errorLogRows();
        const b = body();
        const res = await call(app, who().token, { method: 'POST', url, ...b });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ code: 400, success: false });
        expect(errorLogRows()).toBe(before);
      });
});

describe('text filters', () => {
  it('a NUL in a search text answers 400, not 500', async () => {
    const before = errorLogRows();
    const res = await pt.get('goodsinfo/list', { goodsName: 'a\u0000b' });
    expect(res.status).toBe(400);
    expect(res.msg).toContain('goodsName');
    const en = await (await as(app, 'pt_admin', 'en')).get('goodsinfo/list', { goodsName: '\u0000' });
    expect(en.status).toBe(400);
    expect(en.msg).toMatch(/[A-Za-z]/);
    expect(errorLogRows()).toBe(before);
  });
});

describe('update-info', () => {
  for (const payload of [undefined, 'null'])
    it(`refuses a ${payload === undefined ? 'missing' : 'null'} body`, async () => {
      const res = await call(app, admin.token, {
        method: 'POST',
        url: '/api/blade-system/user/update-info',
        ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, success: false });
    });
});

describe('small leaks', () => {
  it("a school's depository list does not carry the depository admins' user ids", async () => {
    const res = await school.get<Record<string, unknown>[]>('depositoryinfo/allList');
    const serving = await school.get<Record<string, unknown>[]>('depositoryinfo/getSchoolDepositoryList');
    for (const row of serving.data) expect(row).not.toHaveProperty('userId');
    expect(res.status).toBe(200);
    expect(res.data.length).toBeGreaterThan(0);
    for (const row of res.data) expect(row).not.toHaveProperty('userId');
    // the platform still sees them
    const platform = await pt.get<Record<string, unknown>[]>('depositoryinfo/allList');
    expect(platform.data.some((r) => typeof r.userId === 'string')).toBe(true);
  });

  it("the department and post choosers refuse a tenant that is not the caller's", async () => {
    addTenant(app, '200001', ['dept', 'user', 'post']);
    const { token } = await login(app, 'admin', 'secret', '200001');
    for (const url of ['dept/select', 'dept/tree', 'dept/lazy-tree', 'post/select']) {
      const own = await call(app, token, {
        method: 'GET',
        url: `/api/blade-system/${url}`,
        query: { tenantId: '200001' },
      });
      expect(own.statusCode, `${url} own tenant`).toBe(200);
      const other = await call(app, token, {
        method: 'GET',
        url: `/api/blade-system/${url}`,
        query: { tenantId: '100001' },
      });
      expect(other.json(), url).toMatchObject({ success: false, code: 400 });
      expect(other.statusCode, url).toBe(403);
    }
    // the super-admin still chooses any tenant
    const any = await call(app, admin.token, {
      method: 'GET',
      url: '/api/blade-system/dept/select',
      query: { tenantId: '100001' },
    });
    expect(any.json()).toMatchObject({ success: true });
  });
});

describe('a wrong method on a known path (issue 25)', () => {
  it('answers 405 with Allow in the envelope, a path nobody serves 404', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const res = await app.inject({ method, url: '/api/blade-system/param/list?current=1' });
      expect([res.statusCode, res.headers.allow], method).toEqual([405, 'GET, HEAD']);
      expect(res.json()).toEqual({
        code: 405,
        success: false,
        data: {},
        msg: `不支持当前请求方法: ${method} /api/blade-system/param/list`,
      });
    }
    const post = await app.inject({ method: 'GET', url: '/api/blade-system/param/remove' });
    expect([post.statusCode, post.headers.allow]).toEqual([405, 'POST']);
    const none = await app.inject({ method: 'PUT', url: '/api/blade-system/param/nothing' });
    expect([none.statusCode, none.headers.allow]).toEqual([404, undefined]);
  });

  it('keeps a route the public line lacks unknown there, whatever the method', async () => {
    const spring = await testApp({ seed: 'none', line: 'springblade' });
    try {
      for (const method of ['GET', 'PUT'] as const) {
        const res = await spring.inject({ method, url: '/api/blade-system/dept/lazy-list' });
        expect([res.statusCode, res.headers.allow], method).toEqual([404, undefined]);
      }
    } finally {
      await spring.close();
    }
  });
});

describe('a method the router does not know on a known path (issue 25)', () => {
  it('answers 405 with Allow even when that method wants a body (QUERY)', async () => {
    const res = await app.inject({ method: 'QUERY' as 'GET', url: '/api/blade-system/param/list' });
    expect([res.statusCode, res.headers.allow, res.json().code]).toEqual([405, 'GET, HEAD', 405]);
  });
});
