/**
 * The route schema is the validator (issue 25, item 1): what the document shows for a filter, a
 * required parameter or an id is what the server takes, no more and no less — the fuzzer's
 * positive and negative cases in one test each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call } from '../helpers';
import { as, demoApp, type Client } from '../psi/helpers';

let app: FastifyInstance;
let pt: Client;
let admin: Client;

beforeAll(async () => {
  app = await demoApp();
  [pt, admin] = await Promise.all([as(app, 'pt_admin'), as(app, 'admin')]);
});
afterAll(async () => app.close());

describe('typed list filters', () => {
  it('reads a reference filter as an id: digits name it, blank is no filter, text is refused', async () => {
    expect((await pt.get('purchaseorderyypt/list', { schoolId: '   ' })).status).toBe(200);
    expect((await pt.get('purchaseorderyypt/list', { schoolId: ' 7 ' })).status).toBe(200);
    for (const schoolId of ['abc', '-1', '1.5', '\t7', '١٢']) {
      const res = await pt.get('purchaseorderyypt/list', { schoolId });
      expect(res.status, schoolId).toBe(400);
      expect(res.msg).toContain('schoolId');
    }
  });

  it('reads a number filter as a whole number and a date range as a day or a time', async () => {
    expect((await pt.get('purchaseorderyypt/list', { orderStatus: '2' })).status).toBe(200);
    expect((await pt.get('purchaseorderyypt/list', { orderStatus: 'two' })).status).toBe(400);
    expect((await pt.get('purchaseorderyypt/list', { createTime_dategt: '2025-08-01' })).status).toBe(200);
    expect((await pt.get('purchaseorderyypt/list', { createTime_dategt: '2025-08' })).status).toBe(400);
  });
});

describe('required parameters', () => {
  it('answers paramMissing for a required query parameter left out or blank, in the caller’s language', async () => {
    for (const url of ['/api/blade-system/dict/dictionary', '/api/blade-system/dict/dictionary?code=%20'])
      expect((await call(app, admin.token, { method: 'GET', url })).json()).toMatchObject({
        code: 400,
        msg: expect.stringContaining('code'),
      });
    const ok = await call(app, admin.token, {
      method: 'GET',
      url: '/api/blade-system/dict/dictionary?code=sex',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('reads a region code as up to 12 digits', async () => {
    const get = (q: string) =>
      call(app, admin.token, { method: 'GET', url: `/api/blade-system/region/select?${q}` });
    expect((await get('code=')).statusCode).toBe(200);
    expect((await get('code=11')).statusCode).toBe(200);
    expect((await get('code=1a')).statusCode).toBe(400);
  });
});

describe('ids as JSON numbers', () => {
  const remove = (ids: string) =>
    call(app, admin.token, {
      method: 'POST',
      url: '/api/blade-system/param/remove',
      payload: `{"ids": [${ids}]}`,
      headers: { 'content-type': 'application/json' },
    });

  it('takes an id up to the bound the document states and refuses one beyond it', async () => {
    expect((await remove('9199999999999999999')).statusCode).toBe(200);
    const beyond = await remove('9200000000000000000');
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().msg).toContain('ids');
  });

  it('refuses a repeated query key, which the document never shows', async () => {
    const res = await call(app, admin.token, {
      method: 'POST',
      url: '/api/blade-system/param/remove?ids=1&ids=2',
    });
    expect(res.statusCode).toBe(400);
  });
});
