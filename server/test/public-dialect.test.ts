import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sm2 } from 'sm-crypto';
import { verifyPassword } from '@psi/db/password';
import { BLADE_LINES } from '@psi/db/model';
import { addTenant, BASIC, CAPTCHA, call, login, md5, sm2PublicKeyOf, testApp } from './helpers';

const SWORD = `Basic ${Buffer.from('sword:sword_secret').toString('base64')}`;
type Dict = Record<string, unknown>;

/** What Saber's `src/utils/sm2.js` does: sm-crypto, cipher mode 0 (C1C2C3), the configured public key. */
const encrypt = (password: string, publicKey: string) => sm2.doEncrypt(password, publicKey, 0);

/**
 * The key a client is configured with: served at `/blade-auth/public-key` on the default line; on the
 * `springblade` line that route is unknown, as on a real SpringBlade (the key is in the site settings).
 */
async function publicKeyOf(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/blade-auth/public-key' });
  if (app.ctx.options.line === 'springblade') {
    expect(res.statusCode).toBe(404);
    return sm2PublicKeyOf(app);
  }
  expect(res.statusCode).toBe(200);
  const served = (res.json() as { data: { publicKey: string } }).data.publicKey;
  expect(served).toBe(sm2PublicKeyOf(app));
  return served;
}

async function captchaKey(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/blade-auth/captcha' });
  expect(res.statusCode).toBe(200);
  const data = (res.json() as { data: { key: string; image: string } }).data;
  expect(data.image).toMatch(/^data:image\//);
  return data.key;
}

/** Saber's sign-in: a body-less POST with the parameters in the query string. */
async function saberSignIn(
  app: FastifyInstance,
  cipher: string,
  opts: { account?: string; tenantId?: string | null; headers?: Dict } = {},
) {
  const key = await captchaKey(app);
  return app.inject({
    method: 'POST',
    url: '/api/blade-auth/token',
    headers: { authorization: BASIC, 'captcha-key': key, 'captcha-code': CAPTCHA, ...(opts.headers ?? {}) },
    query: {
      ...(opts.tenantId === null ? {} : { tenantId: opts.tenantId ?? '000000' }),
      account: opts.account ?? 'admin',
      password: cipher,
      grantType: 'captcha',
      type: 'account',
    },
  });
}

async function saberToken(app: FastifyInstance, account = 'admin', password = 'admin', tenantId = '000000') {
  const res = await saberSignIn(app, encrypt(password, await publicKeyOf(app)), { account, tenantId });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Dict }).data;
}

describe.each(BLADE_LINES)('the public SpringBlade dialect on the %s line: sign-in', (line) => {
  it('signs in with a password SM2-encrypted exactly as Saber does, answering the wrapped AuthInfo', async () => {
    const app = await testApp({ line });
    const res = await saberSignIn(app, encrypt('admin', await publicKeyOf(app)));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { code: number; success: boolean; msg: string; data: Dict };
    expect(body).toMatchObject({ code: 200, success: true });
    expect(body.data).toMatchObject({
      tokenType: 'bearer',
      tenantId: '000000',
      account: 'admin',
      authority: 'administrator',
      expiresIn: 3600,
      oauthId: '',
    });
    for (const k of ['accessToken', 'refreshToken', 'userId', 'userName', 'license'])
      expect(typeof body.data[k], k).toBe('string');
    expect(String(body.data.avatar)).toMatch(/^https?:\/\/[^/]+\//);
    // the token works on the ordinary routes
    const info = await call(app, String(body.data.accessToken), {
      method: 'GET',
      url: '/api/blade-system/user/info',
    });
    expect(info.json()).toMatchObject({ code: 200, data: { account: 'admin' } });
  });

  it('accepts Sword’s form body, its client and the ciphertext with the leading 04 of C1', async () => {
    const app = await testApp({ line });
    const key = await captchaKey(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/token',
      headers: {
        authorization: SWORD,
        'Captcha-key': key,
        'Captcha-code': CAPTCHA.toUpperCase(),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        tenantId: '000000',
        account: 'admin',
        password: `04${encrypt('admin', await publicKeyOf(app))}`,
        grantType: 'captcha',
        scope: 'all',
        type: 'account',
      }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: { account: 'admin', authority: 'administrator' } });
  });

  it('answers a wrong key, garbage or a wrong password with the ordinary wrong-credentials envelope', async () => {
    const app = await testApp({ line });
    const otherKey = sm2.generateKeyPairHex().publicKey;
    const served = await publicKeyOf(app);
    for (const cipher of [
      encrypt('admin', otherKey),
      'not-a-ciphertext',
      'ab'.repeat(120),
      '',
      encrypt('nimda', served),
    ]) {
      const res = await saberSignIn(app, cipher);
      expect(res.statusCode, cipher).toBe(400);
      expect(res.json()).toEqual({ code: 400, success: false, data: {}, msg: '用户名或密码错误' });
    }
    const en = await saberSignIn(app, 'garbage', { account: 'nobody', headers: { 'accept-language': 'en' } });
    expect(en.json()).toMatchObject({ code: 400, msg: 'Wrong user name or password' });
  });

  it('locks the account after five failures, also for ciphertexts that do not decrypt', async () => {
    const app = await testApp({ line });
    const key = await publicKeyOf(app);
    for (let i = 0; i < 5; i++) await saberSignIn(app, i % 2 ? 'garbage' : encrypt('wrong', key));
    const res = await saberSignIn(app, encrypt('admin', key));
    expect(res.statusCode).toBe(400);
    expect((res.json() as { msg: string }).msg).toBe('用户已被锁定，请联系管理员');
  });

  it('refuses a wrong captcha and a missing client', async () => {
    const app = await testApp({ line });
    const cipher = encrypt('admin', await publicKeyOf(app));
    const key = await captchaKey(app);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/token',
      headers: { authorization: BASIC, 'captcha-key': key, 'captcha-code': 'zzzzz' },
      query: { account: 'admin', password: cipher, grantType: 'captcha' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 400, success: false, msg: '验证码不正确' });
    const noClient = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/token',
      query: { account: 'admin', password: cipher, grantType: 'password' },
    });
    expect(noClient.statusCode).toBe(401);
    expect(noClient.json()).toMatchObject({ code: 401, success: false, msg: '客户端认证失败!' });
  });

  it('signs in to the tenant of the tenantId parameter, else of the Tenant-Id header', async () => {
    const app = await testApp({ line });
    addTenant(app, '100002');
    const key = await publicKeyOf(app);
    const byHeader = await saberSignIn(app, encrypt('secret', key), {
      tenantId: null,
      headers: { 'tenant-id': '100002' },
    });
    expect(byHeader.statusCode, byHeader.body).toBe(200);
    expect(byHeader.json()).toMatchObject({ data: { tenantId: '100002', authority: 'admin' } });
    const byParameter = await saberSignIn(app, encrypt('secret', key), {
      tenantId: '100002',
      headers: { 'tenant-id': '000000' },
    });
    expect(byParameter.json()).toMatchObject({ code: 200, data: { tenantId: '100002' } });
    // the platform's admin is not the tenant's
    const platform = await saberSignIn(app, encrypt('admin', key), { tenantId: '100002' });
    expect(platform.statusCode).toBe(400);
  });

  it('rotates the pair on refresh: the new refresh token works, the spent one is refused', async () => {
    const app = await testApp({ line });
    const first = await saberToken(app);
    const refresh = (token: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/blade-auth/token',
        headers: { authorization: BASIC },
        query: { grantType: 'refresh_token', refreshToken: String(token), scope: 'all' },
      });
    const next = await refresh(first.refreshToken);
    expect(next.statusCode, next.body).toBe(200);
    const data = (next.json() as { data: Dict }).data;
    expect(data).toMatchObject({ account: 'admin', tokenType: 'bearer' });
    expect(data.refreshToken).not.toBe(first.refreshToken);
    const again = await refresh(first.refreshToken);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 400, success: false });
    const bad = await refresh('garbage');
    expect(bad.statusCode).toBe(400);
  });

  it('signs out: the access token stops working', async () => {
    const app = await testApp({ line });
    const { accessToken } = await saberToken(app);
    const out = await call(app, String(accessToken), { method: 'POST', url: '/api/blade-auth/logout' });
    expect(out.json()).toMatchObject({ code: 200, success: true });
    const after = await call(app, String(accessToken), { method: 'GET', url: '/api/blade-system/user/info' });
    // the public line answers HTTP 200 with code 401, BladeX HTTP 401
    const unauthorised = line === 'springblade' ? 200 : 401;
    expect([after.statusCode, (after.json() as { code: number }).code]).toEqual([unauthorised, 401]);
    const anonymous = await app.inject({ method: 'POST', url: '/api/blade-auth/logout' });
    expect([anonymous.statusCode, (anonymous.json() as { code: number }).code]).toEqual([unauthorised, 401]);
  });

  it('keeps the key pair across restarts of the same data directory', async () => {
    const app = await testApp({ line });
    const before = await publicKeyOf(app);
    expect(before).toMatch(/^04[0-9a-f]{128}$/);
    const { buildApp } = await import('../src/app');
    const again = await buildApp({ ...app.ctx.options, logger: false });
    try {
      expect(await publicKeyOf(again)).toBe(before);
    } finally {
      await again.close();
    }
  });
});

describe('the public SpringBlade dialect: services', () => {
  it('serves the user service under /blade-system/user as under /blade-user, plain passwords hashed', async () => {
    const app = await testApp();
    const { accessToken } = await saberToken(app);
    const token = String(accessToken);
    const list = await call(app, token, {
      method: 'GET',
      url: '/api/blade-system/user/list?current=1&size=10',
    });
    const bladexList = await call(app, token, {
      method: 'GET',
      url: '/api/blade-user/list?current=1&size=10',
    });
    expect(list.json()).toMatchObject({ code: 200 });
    expect(list.json()).toEqual(bladexList.json());
    const admin = (list.json() as { data: { records: Dict[] } }).data.records.find(
      (r) => r.account === 'admin',
    )!;
    // Saber's user form: the password in plain text
    const add = await call(app, token, {
      method: 'POST',
      url: '/api/blade-system/user/submit',
      payload: {
        account: 'saber_user',
        name: 'saber',
        realName: 'Saber User',
        password: 'plain-pass-1',
        roleId: admin.roleId,
        deptId: admin.deptId,
      },
    });
    expect(add.json(), add.body).toMatchObject({ code: 200 });
    const signed = await saberToken(app, 'saber_user', 'plain-pass-1');
    expect(signed).toMatchObject({ account: 'saber_user' });
    // and update-password with query parameters in plain text
    const change = await call(app, String(signed.accessToken), {
      method: 'POST',
      url: '/api/blade-system/user/update-password',
      query: { oldPassword: 'plain-pass-1', newPassword: 'plain-pass-2', newPassword1: 'plain-pass-2' },
    });
    expect(change.json(), change.body).toMatchObject({ code: 200 });
    await saberToken(app, 'saber_user', 'plain-pass-2');
    // the BladeX client keeps sending md5, on either path
    const bladex = await login(app, 'saber_user', 'plain-pass-2');
    const viaSystem = await call(app, bladex.token, { method: 'GET', url: '/api/blade-system/user/info' });
    expect(viaSystem.json()).toMatchObject({ code: 200, data: { account: 'saber_user' } });
    const template = await call(app, token, { method: 'GET', url: '/api/blade-system/user/export-template' });
    expect(template.statusCode).toBe(200);
    // a guest's registration in plain text too: stored as the argon2id of the md5, pending approval
    const guest = await call(app, token, {
      method: 'POST',
      url: '/api/blade-system/user/register-guest',
      query: { tenantId: '000000', account: 'guest_plain', password: 'guest-pass', password2: 'guest-pass' },
    });
    expect(guest.json(), guest.body).toMatchObject({ code: 200 });
    const stored = app.ctx.sqlite
      .prepare("SELECT password, status FROM blade_user WHERE account = 'guest_plain'")
      .get() as { password: string; status: number };
    expect(Number(stored.status)).toBe(2);
    expect(verifyPassword(stored.password, md5('guest-pass'))).toBe(true);
  });

  it('hands each dialect its own menu icons', async () => {
    const app = await testApp();
    const source = async (token: string) => {
      const res = await call(app, token, { method: 'GET', url: '/api/blade-system/menu/routes' });
      const roots = (res.json() as { data: Dict[] }).data;
      return roots.find((r) => r.code === 'system')!;
    };
    const bladex = await source((await login(app)).token);
    expect(bladex.source).toBe('SettingOutlined');
    const saber = await source(String((await saberToken(app)).accessToken));
    expect(saber.source).toBe('iconfont iconicon_setting');
    const key = await captchaKey(app);
    const sword = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/token',
      headers: { authorization: SWORD, 'captcha-key': key, 'captcha-code': CAPTCHA },
      query: { account: 'admin', password: encrypt('admin', await publicKeyOf(app)), grantType: 'captcha' },
    });
    const swordToken = String((sword.json() as { data: Dict }).data.accessToken);
    expect((await source(swordToken)).source).toBe('setting');
    const buttons = await call(app, swordToken, { method: 'GET', url: '/api/blade-system/menu/buttons' });
    const sources = JSON.stringify((buttons.json() as { data: unknown }).data);
    expect(sources).toContain('"source":"plus"');
    expect(sources).not.toContain('Outlined');
  });

  it('answers Sword’s auth-routes and dashboard from our tables', async () => {
    const app = await testApp();
    const anonymous = await app.inject({ method: 'GET', url: '/api/blade-system/menu/auth-routes' });
    expect(anonymous.json()).toMatchObject({ code: 200, data: {} });
    const token = String((await saberToken(app)).accessToken);
    const routes = await call(app, token, { method: 'GET', url: '/api/blade-system/menu/auth-routes' });
    expect((routes.json() as { data: Dict }).data['/system/user']).toEqual({ authority: ['administrator'] });

    const notice = await call(app, token, {
      method: 'POST',
      url: '/api/blade-desk/notice/submit',
      payload: {
        title: 'Dashboard notice',
        category: 1,
        releaseTime: '2026-11-01 10:00:00',
        content: '<p>Hello</p>',
      },
    });
    expect(notice.json(), notice.body).toMatchObject({ code: 200 });
    const activities = await call(app, token, { method: 'GET', url: '/api/blade-desk/dashboard/activities' });
    expect((activities.json() as { data: Dict[] }).data[0]).toMatchObject({
      project: { name: 'Dashboard notice' },
      updatedAt: '2026-11-01 10:00:00',
    });
    const cards = await call(app, token, { method: 'GET', url: '/api/blade-desk/dashboard/notices' });
    expect((cards.json() as { data: Dict[] }).data[0]).toMatchObject({
      title: 'Dashboard notice',
      description: 'Hello',
    });
    const mine = await call(app, token, { method: 'GET', url: '/api/blade-desk/dashboard/my-notices' });
    const items = (mine.json() as { data: Dict[] }).data;
    expect(items.some((i) => i.type === 'notification' && i.title === 'Dashboard notice')).toBe(true);
    const refused = await app.inject({ method: 'GET', url: '/api/blade-desk/dashboard/my-notices' });
    expect(refused.statusCode).toBe(401);
  });

  it('fills the defaults of the fields the public clients leave out', async () => {
    const app = await testApp();
    const token = String((await saberToken(app)).accessToken);
    const dict = await call(app, token, {
      method: 'POST',
      url: '/api/blade-system/dict/submit',
      payload: { parentId: '0', code: 'public_dialect', dictKey: '-1', dictValue: 'Public', sort: 1 },
    });
    expect(dict.json(), dict.body).toMatchObject({ code: 200 });
    const dept = await call(app, token, {
      method: 'POST',
      url: '/api/blade-system/dept/submit',
      payload: {
        parentId: '0',
        deptName: 'Public dept',
        fullName: 'Public dept',
        sort: 9,
        tenantId: '000000',
      },
    });
    expect(dept.json(), dept.body).toMatchObject({ code: 200 });
    const row = app.ctx.sqlite
      .prepare("SELECT dept_category AS c FROM blade_dept WHERE dept_name = 'Public dept'")
      .get() as { c: number };
    expect(Number(row.c)).toBe(1);
    // sent empty, a required field is still refused
    const empty = await call(app, token, {
      method: 'POST',
      url: '/api/blade-system/dept/submit',
      payload: { parentId: '0', deptName: 'Empty', fullName: 'Empty', sort: 9, deptCategory: '' },
    });
    expect(empty.json()).toMatchObject({ code: 400 });
  });

  it('documents the public dialect under its own tag', async () => {
    const app = await testApp();
    const doc = (await app.inject({ method: 'GET', url: '/v3/api-docs' })).json() as {
      tags: { name: string }[];
      paths: Record<string, Record<string, { tags: string[] }>>;
    };
    expect(doc.tags.map((t) => t.name)).toContain('springblade-public');
    for (const path of [
      '/blade-auth/token',
      '/blade-auth/captcha',
      '/blade-auth/logout',
      '/blade-auth/public-key',
      '/blade-system/user/list',
      '/blade-system/menu/auth-routes',
      '/blade-desk/dashboard/my-notices',
    ]) {
      const ops = Object.values(doc.paths[path] ?? {});
      expect(ops.length, path).toBeGreaterThan(0);
      expect(ops[0].tags, path).toEqual(['springblade-public']);
    }
    expect(Object.values(doc.paths['/blade-user/list'])[0].tags).toEqual(['blade-user']);
  });
});

describe('the SM2 key pair from the settings', () => {
  it('derives the public key, refuses a pair that does not belong together, keeps a generated one', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { sm2KeysFor } = await import('../src/modules/auth/sm2');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-sm2-'));
    try {
      const pair = sm2.generateKeyPairHex();
      expect(sm2KeysFor(dir, pair.privateKey)).toEqual(pair);
      expect(sm2KeysFor(dir, pair.privateKey, pair.publicKey)).toEqual(pair);
      const other = sm2.generateKeyPairHex();
      expect(() => sm2KeysFor(dir, pair.privateKey, other.publicKey)).toThrow(/does not belong/);
      expect(() => sm2KeysFor(dir, undefined, pair.publicKey)).toThrow(/without SM2_PRIVATE_KEY/);
      expect(() => sm2KeysFor(dir, 'not hex')).toThrow(/hex/);
      // nothing written while the settings name the pair; then one generated pair, kept
      expect(fs.existsSync(path.join(dir, 'sm2-keys.json'))).toBe(false);
      const generated = sm2KeysFor(dir);
      expect(sm2KeysFor(dir)).toEqual(generated);
      fs.writeFileSync(path.join(dir, 'sm2-keys.json'), '{"publicKey":"04","privateKey":"01"}');
      expect(() => sm2KeysFor(dir)).toThrow(/usable SM2 key pair/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
