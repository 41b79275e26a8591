import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../src/app';
import { call, login, md5 } from './helpers';
import { DEMO_PASSWORD } from './psi/helpers';

/**
 * Lists answered from the answer cache (`core/answer-cache.ts`) against the same lists built each
 * time: two servers on one demo database, the second with `answerCache: false`. Every byte of the
 * body and every header but the date must agree, on a miss and on a hit, before and after writes by
 * either connection; a logout or a password change refuses the token on the very next request.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-answers-'));
const options: AppOptions = {
  dataDir: dir,
  dbFile: path.join(dir, 'psi.db'),
  jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
  captchaFixed: 'abcde',
  authRateLimit: 100_000,
};
let cached: FastifyInstance;
let built: FastifyInstance;

beforeAll(async () => {
  cached = await buildApp({ ...options, seed: 'demo' });
  built = await buildApp({ ...options, seed: 'none', answerCache: false });
}, 60_000);

afterAll(async () => {
  await cached.close();
  await built.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const PSI = '/api/blade-psi';
const LISTS = [
  `${PSI}/goodsinfo/list?current=1&size=10`,
  `${PSI}/goodsinfo/list?current=1&size=10&schoolStage=2`,
  `${PSI}/goodsinfo/list?current=2&size=3&descs=price`,
  `${PSI}/goodsinfo/list?current=1&size=10&goodsName=${encodeURIComponent('数学')}`,
  `${PSI}/depositorylog/list?current=1&size=10`,
  `${PSI}/depositorystock/list?current=1&size=5`,
  `${PSI}/schoolinfo/list?current=1&size=10`,
  `${PSI}/purchaseorderyypt/list?current=1&size=10`,
  `${PSI}/purchaseorderyypt/page?current=1&size=10`,
  `${PSI}/purchaseorderdepository/list?current=1&size=10`,
  `${PSI}/goodsinfo/list?current=1&size=abc`,
  `${PSI}/goodsinfo/list?current=1&size=10&schoolStage=9`,
  '/api/blade-system/user/list?current=1&size=10',
  '/api/blade-system/dict-biz/list?current=1&size=10',
  '/api/blade-system/param/list?current=1&size=5',
  '/api/blade-system/region/list?current=1&size=10',
  '/api/blade-system/region/list?current=2&size=5&name=%E5%8C%97',
  '/api/blade-system/dict/parent-list?current=1&size=10',
  '/api/blade-system/dict/child-list?current=1&size=10&parentId=1123598814738675201',
  '/api/blade-system/dict/child-list?current=1&size=10&parentId=x',
  '/api/blade-system/dict-biz/parent-list?current=1&size=10',
];

/** What must not differ: the status, the body's bytes and every header but the date. */
const wire = (res: LightMyRequestResponse) => {
  const { date: _date, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.rawPayload.toString('hex') };
};

const get = (app: FastifyInstance, token: string, url: string, lang?: string) =>
  call(app, token, { method: 'GET', url, headers: lang ? { 'accept-language': lang } : {} });

/** Each list on both servers, the cached one asked twice (built, then kept). */
async function compareAll(token: string, lang?: string) {
  for (const url of LISTS) {
    const expected = wire(await get(built, token, url, lang));
    for (const round of ['miss', 'hit'])
      expect({ url, round, ...wire(await get(cached, token, url, lang)) }).toEqual({
        url,
        round,
        ...expected,
      });
  }
}

const signIn = async (account: string) => (await login(cached, account, DEMO_PASSWORD, '100001')).token;

describe('the answer cache', () => {
  it('answers every list byte for byte as building it does, for each kind of user and language', async () => {
    for (const account of ['pt_admin', 'ck_jx', 'xx_mingde']) {
      const token = await signIn(account);
      await compareAll(token);
      await compareAll(token, 'en-US,en;q=0.9');
    }
  });

  it('drops what it kept at the next write, by its own connection or another', async () => {
    const token = await signIn('pt_admin');
    const url = LISTS[0];
    const before = wire(await get(cached, token, url));
    expect(wire(await get(cached, token, url))).toEqual(before);
    const rename = (app: FastifyInstance, suffix: string) =>
      app.ctx.sqlite
        .prepare(
          `UPDATE psi_goods_info SET goods_name = goods_name || ? WHERE id = (SELECT id FROM psi_goods_info
             WHERE tenant_id = '100001' AND is_deleted = 0 ORDER BY create_time DESC, id DESC LIMIT 1)`,
        )
        .run(suffix);
    for (const [writer, suffix] of [
      [cached, ' (own write)'],
      [built, ' (other connection)'],
    ] as const) {
      rename(writer, suffix);
      const after = await get(cached, token, url);
      expect(after.body).toContain(suffix);
      expect(wire(after)).toEqual(wire(await get(built, token, url)));
    }
    expect(wire(await get(cached, token, url))).not.toEqual(before);
  });

  it('refuses a token on the very next request after its logout', async () => {
    const token = await signIn('pt_admin');
    const url = LISTS[0];
    for (let i = 0; i < 2; i++) expect((await get(cached, token, url)).statusCode).toBe(200);
    expect((await get(cached, token, '/api/blade-auth/oauth/logout')).statusCode).toBe(200);
    expect((await get(cached, token, url)).statusCode).toBe(401);
  });

  it('refuses a token on the very next request after a password change', async () => {
    const token = await signIn('xx_mingde');
    const url = LISTS[0];
    for (let i = 0; i < 2; i++) expect((await get(cached, token, url)).statusCode).toBe(200);
    const changed = await call(cached, token, {
      method: 'POST',
      url: '/api/blade-user/update-password',
      payload: {
        oldPassword: md5(DEMO_PASSWORD),
        newPassword: md5('N3w-Passw0rd'),
        newPassword1: md5('N3w-Passw0rd'),
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get(cached, token, url)).statusCode).toBe(401);
  });
});
