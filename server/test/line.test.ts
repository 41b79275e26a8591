import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BLADE_LINES, OPTIONAL_FEATURES, lineHasRoute, type BladeLine } from '@psi/db/model';
import { BASIC, call, login, publicLogin, sm2PublicKeyOf, testApp } from './helpers';
import { multipart, PNG } from './system/helpers';
import { FILE_LINK_TTL_SECONDS, signedFileLink } from '../src/core/file-links';

type Body = { code: number; success: boolean; data: unknown; msg: string };

/** The answer of a route this server does not have (or its line lacks). */
const unknownAnswer = (method: string, url: string, lang: 'zh' | 'en' = 'zh') => ({
  code: 404,
  success: false,
  data: {},
  msg: `${lang === 'zh' ? '404 没找到请求' : '404 request not found'}: ${method} ${url.split('?')[0]}`,
});

/** The routes of the app (methods but HEAD) that the public line lacks, with `:params` filled. */
function bladexOnly(app: FastifyInstance) {
  const seen = new Set<string>();
  return app.routeTable
    .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD')
    .filter((r) => !lineHasRoute('springblade', r.url.slice('/api'.length)))
    .map((r) => ({ method: r.method, url: r.url.replace(/:\w+/g, '1') }))
    .filter((r) => !seen.has(`${r.method} ${r.url}`) && !!seen.add(`${r.method} ${r.url}`));
}

describe('the line as a setting: routes (issue 24)', () => {
  it('answers every BladeX-only route as an unknown route on springblade, any method, any token', async () => {
    const app = await testApp({ line: 'springblade' });
    const { token } = await publicLogin(app);
    const absent = bladexOnly(app);
    const urls = new Set(absent.map((r) => r.url));
    for (const url of [
      '/api/blade-auth/oauth/token',
      '/api/blade-auth/oauth/captcha',
      '/api/blade-auth/oauth/user-info',
      '/api/blade-auth/public-key',
      '/api/blade-user/list',
      '/api/blade-system/user/page',
      '/api/blade-system/dict/parent-list',
      '/api/blade-system/dict-biz/list',
      '/api/blade-system/tenant-package/list',
      '/api/blade-system/tenant/setting',
      '/api/blade-system/dept/lazy-list',
      '/api/blade-system/dept/select',
      '/api/blade-system/role/select',
      '/api/blade-system/menu/lazy-list',
      '/api/blade-resource/oss/list',
      '/api/blade-resource/attach/list',
      '/api/blade-resource/sms/endpoint/send-message',
    ])
      expect(urls, url).toContain(url);
    for (const { url } of absent)
      for (const method of ['GET', 'POST'] as const)
        for (const t of [null, token, 'not-a-token']) {
          const res = await call(app, t, { method, url, headers: { authorization: BASIC } });
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(res.json(), `${method} ${url}`).toEqual(unknownAnswer(method, url));
        }
    const en = await app.inject({
      method: 'DELETE',
      url: '/api/blade-user/info',
      headers: { 'accept-language': 'en' },
    });
    expect(en.json()).toEqual(unknownAnswer('DELETE', '/api/blade-user/info', 'en'));
    // the public line's own routes and our business modules stay
    for (const url of [
      '/api/blade-system/user/list',
      '/api/blade-system/dept/list',
      '/api/blade-system/dict/list',
      '/api/blade-system/menu/list',
      '/api/blade-system/user/info',
      ...Object.values(OPTIONAL_FEATURES).map((p) => `/api${p}`),
    ]) {
      const res = await call(app, token, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect((res.json() as Body).code, url).toBe(200);
    }
  });

  it('keeps the BladeX-only routes on the default line, beside the public sign-in', async () => {
    const app = await testApp();
    expect(app.ctx.options.line ?? 'bladex').toBe('bladex');
    const { token } = await login(app);
    for (const url of [
      '/api/blade-system/dept/lazy-list',
      '/api/blade-system/dict/parent-list',
      '/api/blade-user/info',
      '/api/blade-auth/oauth/user-info',
      '/api/blade-auth/public-key',
    ]) {
      const res = await call(app, token, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
    // Saber's sign-in keeps working on the default line
    const saber = await publicLogin(app);
    const info = await call(app, saber.token, { method: 'GET', url: '/api/blade-system/user/info' });
    expect(info.json()).toMatchObject({ code: 200, data: { account: 'admin' } });
  });

  it('answers an unknown route 404 whether or not a token is sent, on both lines', async () => {
    for (const line of BLADE_LINES) {
      const app = await testApp({ line, seed: 'minimal' });
      const { token } = await publicLogin(app);
      for (const method of ['GET', 'POST', 'PUT'] as const)
        for (const t of [null, token, 'not-a-token']) {
          const url = '/api/blade-system/no-such/route?x=1';
          const res = await call(app, t, { method, url });
          expect(res.statusCode, `${line} ${method} ${t}`).toBe(404);
          expect(res.json(), `${line} ${method}`).toEqual(unknownAnswer(method, url));
        }
    }
  });
});

describe('the line as a setting: answers (issue 24)', () => {
  it('answers a call without a valid token HTTP 200 with code 401 on springblade', async () => {
    const app = await testApp({ line: 'springblade' });
    const unauthorised = { code: 401, success: false, data: null, msg: '请求未授权' };
    const { token } = await publicLogin(app);
    for (const t of [null, 'not-a-token', `${token.slice(0, -4)}AAAA`]) {
      const res = await call(app, t, { method: 'GET', url: '/api/blade-system/param/list' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(unauthorised);
      const post = await call(app, t, { method: 'POST', url: '/api/blade-system/param/remove?ids=1' });
      expect(post.statusCode).toBe(200);
      expect(post.json()).toEqual(unauthorised);
    }
    const en = await app.inject({
      method: 'GET',
      url: '/api/blade-system/user/info',
      headers: { 'accept-language': 'en-GB' },
    });
    expect(en.json()).toEqual({ ...unauthorised, msg: 'Request not authorised' });
    // a signed-out token likewise
    const out = await call(app, token, { method: 'POST', url: '/api/blade-auth/logout' });
    expect(out.json()).toMatchObject({ code: 200 });
    const after = await call(app, token, { method: 'GET', url: '/api/blade-system/user/info' });
    expect([after.statusCode, after.json()]).toEqual([200, unauthorised]);
  });

  it('keeps HTTP 401 with the envelope on the default line', async () => {
    const app = await testApp();
    const none = await app.inject({ method: 'GET', url: '/api/blade-system/param/list' });
    expect([none.statusCode, none.json()]).toEqual([
      401,
      { code: 401, success: false, data: {}, msg: '缺失令牌,鉴权失败' },
    ]);
    const bad = await call(app, 'not-a-token', { method: 'GET', url: '/api/blade-system/param/list' });
    expect([bad.statusCode, bad.json()]).toEqual([
      401,
      { code: 401, success: false, data: {}, msg: '请求未授权' },
    ]);
  });

  it('answers menu/auth-routes as a list of one-key objects on springblade, a map on bladex', async () => {
    const spring = await testApp({ line: 'springblade' });
    const anonymous = await spring.inject({ method: 'GET', url: '/api/blade-system/menu/auth-routes' });
    expect([anonymous.statusCode, anonymous.body]).toEqual([200, '']);
    const { token } = await publicLogin(spring);
    const res = await call(spring, token, { method: 'GET', url: '/api/blade-system/menu/auth-routes' });
    const list = (res.json() as { data: Record<string, { authority: string[] }>[] }).data;
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBeGreaterThan(5);
    for (const item of list) {
      const keys = Object.keys(item);
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatch(/^\//);
      expect(item[keys[0]].authority).toContain('administrator');
    }
    expect(list.map((i) => Object.keys(i)[0])).toContain('/system/user');

    const bladex = await testApp();
    const none = await bladex.inject({ method: 'GET', url: '/api/blade-system/menu/auth-routes' });
    expect(none.json()).toMatchObject({ code: 200, data: {} });
    const own = await login(bladex);
    const map = await call(bladex, own.token, { method: 'GET', url: '/api/blade-system/menu/auth-routes' });
    const data = (map.json() as { data: Record<string, { authority: string[] }> }).data;
    expect(Array.isArray(data)).toBe(false);
    expect(data['/system/user'].authority).toContain('administrator');
  });
});

describe('the line as a setting: served site settings (issue 24)', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-line-web-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<html><head><title>x</title></head><body></body></html>');
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  async function servedSettings(line?: BladeLine) {
    const app = await testApp({ seed: 'none', webDist: dist, ...(line ? { line } : {}) });
    const page = await app.inject({ method: 'GET', url: '/system/user' });
    const content = /<meta name="psi-site" content="([^"]*)"/.exec(page.body)?.[1] ?? '';
    return { app, settings: JSON.parse(content.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as unknown };
  }

  it('tells the web its line, the public line’s SM2 key and that every optional part is present', async () => {
    const features = { psi: true, flow: true, inbox: true, demo: true };
    const spring = await servedSettings('springblade');
    expect(spring.settings).toEqual({
      switchMode: false,
      line: 'springblade',
      sm2PublicKey: sm2PublicKeyOf(spring.app),
      features,
    });
    expect(String((spring.settings as { sm2PublicKey: string }).sm2PublicKey)).toMatch(/^04[0-9a-f]{128}$/i);
    const bladex = await servedSettings();
    expect(bladex.settings).toEqual({ switchMode: false, line: 'bladex', features });
  });
});

describe('the line as a setting: the public Saber flows on springblade (issue 24)', () => {
  it('signs in, reads its user, menus, lists, refreshes and signs out the public way', async () => {
    const app = await testApp({ line: 'springblade' });
    const { token, refresh, data } = await publicLogin(app);
    expect(data).toMatchObject({ account: 'admin', tenantId: '000000', authority: 'administrator' });
    const get = async (url: string) => {
      const res = await call(app, token, { method: 'GET', url });
      expect([res.statusCode, (res.json() as Body).code], url).toEqual([200, 200]);
      return (res.json() as Body).data;
    };
    expect(await get('/api/blade-system/user/info')).toMatchObject({ account: 'admin' });
    expect((await get('/api/blade-system/menu/routes')) as unknown[]).not.toHaveLength(0);
    expect((await get('/api/blade-system/menu/buttons')) as unknown[]).not.toHaveLength(0);
    expect(await get('/api/blade-system/user/list?current=1&size=10')).toMatchObject({ current: 1 });
    expect((await get('/api/blade-system/dict/dictionary?code=sex')) as unknown[]).not.toHaveLength(0);
    for (const url of ['dept/list', 'role/list', 'menu/list', 'dict/list', 'param/list', 'tenant/list'])
      await get(`/api/blade-system/${url}`);
    const again = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/token',
      headers: { authorization: BASIC },
      query: { grantType: 'refresh_token', refreshToken: refresh, tenantId: '000000' },
    });
    expect(again.json()).toMatchObject({ code: 200, data: { account: 'admin' } });
    const fresh = String((again.json() as { data: { accessToken: string } }).data.accessToken);
    const out = await call(app, fresh, { method: 'POST', url: '/api/blade-auth/logout' });
    expect(out.json()).toMatchObject({ code: 200 });
  });
});

describe('the label fields SpringBlade adds (issue 24)', () => {
  it('fills post and notice categoryName and the scopes’ scopeTypeName from the dictionaries', async () => {
    for (const line of BLADE_LINES) {
      const app = await testApp({ line });
      const { token } = await publicLogin(app);
      const get = async (url: string, lang = 'zh') =>
        (
          (await call(app, token, { method: 'GET', url, headers: { 'accept-language': lang } })).json() as {
            data: { records: Record<string, unknown>[] } & Record<string, unknown>;
          }
        ).data;
      const post = async (url: string, body: Record<string, unknown>) =>
        expect((await call(app, token, { method: 'POST', url, payload: body })).json()).toMatchObject({
          code: 200,
        });
      const posts = (await get('/api/blade-system/post/list')).records;
      const ceo = posts.find((p) => p.postCode === 'ceo');
      expect(ceo, line).toMatchObject({ category: 1, categoryName: '高层' });
      const en = (await get('/api/blade-system/post/list', 'en')).records.find((p) => p.postCode === 'ceo');
      expect(en).toMatchObject({ categoryName: 'Executive' });
      expect(await get(`/api/blade-system/post/detail?id=${String(ceo?.id)}`)).toMatchObject({
        categoryName: '高层',
      });

      await post('/api/blade-desk/notice/submit', { title: '开学', category: 2, releaseTime: '2025-09-01' });
      const notices = (await get('/api/blade-desk/notice/list')).records;
      expect(
        notices.find((n) => n.title === '开学'),
        line,
      ).toMatchObject({ categoryName: '批转通知' });

      const menu = (
        (await call(app, token, { method: 'GET', url: '/api/blade-system/menu/list?code=user' })).json() as {
          data: { id: string; code: string }[];
        }
      ).data.find((m) => m.code === 'user');
      await post('/api/blade-system/data-scope/submit', {
        menuId: menu?.id,
        scopeName: '本人',
        resourceCode: 'user_own',
        scopeColumn: 'create_user',
        scopeType: 2,
      });
      await post('/api/blade-system/api-scope/submit', {
        menuId: menu?.id,
        scopeName: '用户接口',
        resourceCode: 'user_api',
        scopePath: '/blade-system/user/**',
        scopeType: 1,
      });
      const data = (await get(`/api/blade-system/data-scope/list?menuId=${String(menu?.id)}`, 'en')).records;
      expect(
        data.find((s) => s.resourceCode === 'user_own'),
        line,
      ).toMatchObject({
        scopeTypeName: 'Own records',
      });
      const apis = (await get(`/api/blade-system/api-scope/list?menuId=${String(menu?.id)}`)).records;
      expect(
        apis.find((s) => s.resourceCode === 'user_api'),
        line,
      ).toMatchObject({
        scopeTypeName: '系统接口',
      });
    }
  });
});

describe('public icon names in every menu answer (issue 24)', () => {
  it('gives a public-dialect token the public icons in the menu lists, detail and top menus', async () => {
    const app = await testApp();
    const saber = (await publicLogin(app)).token;
    const bladex = (await login(app)).token;
    const json = async (token: string, url: string) =>
      JSON.stringify((await call(app, token, { method: 'GET', url })).json());
    const system = (
      (
        await call(app, bladex, { method: 'GET', url: '/api/blade-system/menu/menu-list?code=system' })
      ).json() as {
        data: { id: string; code: string }[];
      }
    ).data.find((m) => m.code === 'system');
    for (const url of [
      '/api/blade-system/menu/list',
      '/api/blade-system/menu/menu-list',
      '/api/blade-system/menu/lazy-menu-list',
      `/api/blade-system/menu/lazy-menu-list?parentId=0`,
      `/api/blade-system/menu/detail?id=${String(system?.id)}`,
      '/api/blade-system/menu/top-menu',
      '/api/blade-system/topmenu/list',
    ]) {
      const own = await json(bladex, url);
      expect(own, url).toMatch(/"source":"[A-Za-z]+Outlined"/);
      const theirs = await json(saber, url);
      expect(theirs, url).toMatch(/"source":"iconfont /);
      expect(theirs, url).not.toMatch(/"source":"[A-Za-z]+(Outlined|Filled|TwoTone)"/);
    }
    expect(await json(saber, `/api/blade-system/menu/detail?id=${String(system?.id)}`)).toContain(
      '"source":"iconfont iconicon_setting"',
    );
    // an icon a public client saved is its own already: it passes unchanged to both dialects
    const saved = await call(app, saber, {
      method: 'POST',
      url: '/api/blade-system/menu/submit',
      payload: {
        parentId: system?.id,
        code: 'saber_saved',
        alias: 'menu',
        action: 0,
        isOpen: 1,
        name: 'Saber',
        path: '/system/saber-saved',
        source: 'iconfont iconicon_study',
        category: 1,
        sort: 99,
      },
    });
    expect(saved.json(), saved.body).toMatchObject({ code: 200 });
    for (const token of [saber, bladex])
      expect(await json(token, '/api/blade-system/menu/menu-list?code=saber_saved')).toContain(
        '"source":"iconfont iconicon_study"',
      );
  });
});

describe('stored-file links an <img> can load (issue 24)', () => {
  it('answers signed links that expire, refuses forged and expired ones, and re-signs served avatars', async () => {
    const app = await testApp({ line: 'springblade' });
    const { token } = await publicLogin(app);
    const file = multipart('avatar.png', PNG, 'image/png');
    const put = await call(app, token, {
      method: 'POST',
      url: '/api/blade-resource/oss/endpoint/put-file',
      payload: file.payload,
      headers: file.headers,
    });
    const link = (put.json() as { data: { link: string } }).data.link;
    const [stored, query] = link.split('?');
    const expires = Number(new URLSearchParams(query).get('expires'));
    expect(expires - Date.now() / 1000).toBeGreaterThan(FILE_LINK_TTL_SECONDS - 60);
    // without a token: the signed link works and may be embedded elsewhere, the bare path does not
    const img = await app.inject({ method: 'GET', url: link });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload).toEqual(PNG);
    expect(img.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const bare = await app.inject({ method: 'GET', url: stored });
    expect([bare.statusCode, bare.json()]).toEqual([
      200,
      { code: 401, success: false, data: null, msg: '请求未授权' },
    ]);
    const own = await call(app, token, { method: 'GET', url: stored });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cross-origin-resource-policy']).toBe('same-origin');
    // forged: another expiry, another path, a changed signature; expired: a link signed long ago
    const other = stored.replace(/[0-9a-f]{32}/, '0'.repeat(32));
    const forged = [
      link.replace(`expires=${expires}`, `expires=${expires + 1}`),
      `${other}?${query}`,
      link.slice(0, -2) + (link.endsWith('AA') ? 'BB' : 'AA'),
      `${stored}?expires=${expires}`,
    ];
    for (const url of forged) {
      const res = await app.inject({ method: 'GET', url });
      expect([res.statusCode, res.json()], url).toEqual([
        403,
        { code: 403, success: false, data: {}, msg: '文件链接签名无效' },
      ]);
    }
    const old = signedFileLink(
      app.ctx.options.jwtSecret,
      stored,
      Date.now() - 2 * FILE_LINK_TTL_SECONDS * 1000,
    );
    const expired = await app.inject({ method: 'GET', url: old, headers: { 'accept-language': 'en' } });
    expect([expired.statusCode, expired.json()]).toEqual([
      403,
      { code: 403, success: false, data: {}, msg: 'The file link has expired' },
    ]);
    // Saber saves the link it was handed as the avatar; served, it is signed afresh
    const saved = await call(app, token, {
      method: 'POST',
      url: '/api/blade-system/user/update-info',
      payload: { avatar: old },
    });
    expect(saved.json()).toMatchObject({ code: 200 });
    const info = await call(app, token, { method: 'GET', url: '/api/blade-system/user/info' });
    const avatar = (info.json() as { data: { avatar: string } }).data.avatar;
    expect(avatar.split('?')[0]).toBe(stored);
    expect((await app.inject({ method: 'GET', url: avatar })).statusCode).toBe(200);
    const again = await publicLogin(app);
    const absolute = String(again.data.avatar);
    expect(absolute).toMatch(
      /^https?:\/\/[^/]+\/api\/blade-resource\/oss\/endpoint\/file\/.+\?expires=\d+&signature=/,
    );
    const list = await call(app, token, { method: 'GET', url: '/api/blade-system/user/list?account=admin' });
    const row = (list.json() as { data: { records: { account: string; avatar: string }[] } }).data.records[0];
    expect((await app.inject({ method: 'GET', url: row.avatar })).statusCode).toBe(200);
  });

  it('gives a file the same link all hour long, and at least a week of life', () => {
    const stored = '/api/blade-resource/oss/endpoint/file/000000/20261128/a.png';
    const hour = Date.UTC(2026, 10, 28, 10);
    const first = signedFileLink('secret', stored, hour + 1000);
    expect(signedFileLink('secret', stored, hour + 3599_000)).toBe(first);
    expect(signedFileLink('secret', stored, hour + 3601_000)).not.toBe(first);
    const expires = Number(new URL(first, 'http://x').searchParams.get('expires'));
    expect(expires - (hour + 1000) / 1000).toBeGreaterThanOrEqual(FILE_LINK_TTL_SECONDS);
    expect(expires % 3600).toBe(0);
  });

  it('serves the default avatar to other origins', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-line-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<html><head></head><body></body></html>');
    fs.writeFileSync(path.join(dist, 'avatar-default.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    try {
      const app = await testApp({ seed: 'none', webDist: dist });
      const avatar = await app.inject({ method: 'GET', url: '/avatar-default.svg' });
      expect(avatar.statusCode).toBe(200);
      expect(avatar.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
      expect(icon.headers['cross-origin-resource-policy']).toBe('same-origin');
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
