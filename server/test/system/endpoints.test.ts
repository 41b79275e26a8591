import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BASIC, md5, testApp } from '../helpers';
import { adminClient, as, data, get, post, type Client } from './helpers';

/**
 * The seed's section 7 ("The calls it makes") for the auth, system, user, desk, resource, log,
 * develop and report services, one line per call as the seed lists it. (The workflow service and the
 * leave process belong to the workflow issue; the PSI calls to the PSI issue.)
 */
const SEED_CALLS: string[] = [
  // Generic resource pattern for the System list: param, tenant-package, data-scope, api-scope, client, dept, post
  ...['param', 'tenant-package', 'data-scope', 'api-scope', 'client', 'dept', 'post'].flatMap((r) => [
    `GET /blade-system/${r}/list`,
    `GET /blade-system/${r}/detail`,
    `POST /blade-system/${r}/remove`,
    `POST /blade-system/${r}/submit`,
  ]),
  'GET /blade-system/post/select',
  ...['dict', 'dict-biz'].flatMap((r) => [
    `GET /blade-system/${r}/list`,
    `GET /blade-system/${r}/detail`,
    `POST /blade-system/${r}/remove`,
    `POST /blade-system/${r}/submit`,
    `GET /blade-system/${r}/parent-list`,
    `GET /blade-system/${r}/child-list`,
    `GET /blade-system/${r}/tree`,
    `GET /blade-system/${r}/dictionary`,
  ]),
  'GET /blade-system/role/list',
  'POST /blade-system/role/grant',
  'GET /blade-system/role/tree',
  'GET /blade-system/role/tree-by-id',
  'GET /blade-system/role/select',
  'GET /blade-system/menu/list',
  'GET /blade-system/menu/detail',
  'POST /blade-system/menu/remove',
  'POST /blade-system/menu/submit',
  'GET /blade-system/menu/grant-tree',
  'GET /blade-system/menu/role-tree-keys',
  'GET /blade-system/menu/grant-top-tree',
  'GET /blade-system/menu/top-tree-keys',
  'GET /blade-system/menu/lazy-list',
  'GET /blade-system/menu/lazy-menu-list',
  'GET /blade-system/menu/menu-list',
  'GET /blade-system/menu/tree',
  'GET /blade-system/menu/top-menu',
  'GET /blade-system/menu/routes',
  'GET /blade-system/menu/buttons',
  'GET /blade-system/topmenu/list',
  'GET /blade-system/topmenu/detail',
  'POST /blade-system/topmenu/remove',
  'POST /blade-system/topmenu/submit',
  'POST /blade-system/topmenu/grant',
  'GET /blade-system/region/list',
  'GET /blade-system/region/lazy-tree',
  'GET /blade-system/region/detail',
  'POST /blade-system/region/remove',
  'POST /blade-system/region/submit',
  'GET /blade-system/dept/lazy-list',
  'GET /blade-system/dept/tree',
  'GET /blade-system/dept/lazy-tree',
  'GET /blade-system/dept/select',
  'GET /blade-system/tenant/list',
  'GET /blade-system/tenant/detail',
  'POST /blade-system/tenant/remove',
  'POST /blade-system/tenant/submit',
  'POST /blade-system/tenant/setting',
  'POST /blade-system/tenant/datasource',
  'GET /blade-system/tenant/info',
  'GET /blade-system/tenant/package-detail',
  'POST /blade-system/tenant/package-setting',
  // Users
  'GET /blade-user/page',
  'POST /blade-user/remove',
  'POST /blade-user/submit',
  'POST /blade-user/update',
  'POST /blade-user/update-platform',
  'GET /blade-user/detail',
  'GET /blade-user/platform-detail',
  'GET /blade-user/info',
  'POST /blade-user/reset-password',
  'POST /blade-user/update-password',
  'POST /blade-user/update-info',
  'POST /blade-user/grant',
  'POST /blade-user/unlock',
  'POST /blade-user/register-guest',
  // Excel of issue 3's user build list
  'GET /blade-user/export-user',
  'GET /blade-user/export-template',
  'POST /blade-user/import-user',
  // Auth
  'POST /blade-auth/oauth/token',
  'POST /blade-auth/oauth/token/refresh',
  'GET /blade-auth/oauth/captcha',
  'GET /blade-auth/oauth/logout',
  'POST /blade-auth/oauth/logout',
  'GET /blade-auth/oauth/user-info',
  'GET /blade-auth/oauth/clear-cache',
  // Other services
  'GET /blade-desk/notice/list',
  'POST /blade-desk/notice/remove',
  'POST /blade-desk/notice/submit',
  'GET /blade-desk/notice/detail',
  ...['sms', 'oss'].flatMap((r) => [
    `GET /blade-resource/${r}/list`,
    `GET /blade-resource/${r}/detail`,
    `POST /blade-resource/${r}/remove`,
    `POST /blade-resource/${r}/submit`,
    `POST /blade-resource/${r}/enable`,
  ]),
  'POST /blade-resource/sms/endpoint/send-message',
  'POST /blade-resource/oss/endpoint/put-file',
  'GET /blade-resource/attach/list',
  'GET /blade-resource/attach/detail',
  'POST /blade-resource/attach/remove',
  'GET /blade-develop/code/list',
  'GET /blade-develop/code/gen-code',
  'POST /blade-develop/code/remove',
  'POST /blade-develop/code/submit',
  'POST /blade-develop/code/copy',
  'GET /blade-develop/code/detail',
  'GET /blade-develop/datasource/list',
  'GET /blade-develop/datasource/detail',
  'POST /blade-develop/datasource/remove',
  'POST /blade-develop/datasource/submit',
  ...['usual', 'api', 'error'].flatMap((r) => [`GET /blade-log/${r}/list`, `GET /blade-log/${r}/detail`]),
  'GET /blade-report/report/rest/list',
  'POST /blade-report/report/rest/remove',
];

type Json = Record<string, unknown>;

/** The envelope of CONTRACT.md section 2, whatever the outcome. */
function envelopeOf(res: LightMyRequestResponse, label: string): Json {
  expect(res.statusCode, `${label}: ${res.body}`).not.toBe(404);
  expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
  const body = res.json() as Json;
  expect(Object.keys(body).sort(), label).toEqual(['code', 'data', 'msg', 'success']);
  expect(body.success, label).toBe(body.code === 200);
  expect(typeof body.msg, label).toBe('string');
  expect(body.data, `${label}: data is never null`).not.toBeNull();
  return body;
}

const PAGE_KEYS = ['current', 'pages', 'records', 'size', 'total'];

function expectPage(value: unknown, label: string) {
  expect(Object.keys(value as Json).sort(), label).toEqual(PAGE_KEYS);
  const page = value as { records: Json[]; total: number; size: number; current: number; pages: number };
  expect(Array.isArray(page.records), label).toBe(true);
  expect(page.records.length, label).toBeLessThanOrEqual(page.size);
  for (const r of page.records) expectWireRow(r, label);
}

/** Ids as strings, no `null`, no secret in any row. */
function expectWireRow(row: Json, label: string) {
  for (const [k, v] of Object.entries(row)) {
    if (k === 'id' || k === 'parentId') expect(typeof v, `${label} ${k}`).toBe('string');
    if (/password|secret/i.test(k)) expect(v === '' || v === undefined, `${label} ${k}`).toBe(true);
  }
}

/** Forests: a leaf omits `children`. */
function expectForest(value: unknown, label: string) {
  expect(Array.isArray(value), label).toBe(true);
  const walk = (nodes: Json[]) => {
    for (const n of nodes) {
      expectWireRow(n, label);
      if ('children' in n) {
        expect((n.children as Json[]).length, `${label}: no empty children`).toBeGreaterThan(0);
        walk(n.children as Json[]);
      }
    }
  };
  walk(value as Json[]);
}

/** TreeNodes of CONTRACT.md section 6. */
function expectTreeNodes(value: unknown, label: string, nonEmpty = true) {
  expectForest(value, label);
  const nodes = value as Json[];
  if (nonEmpty) expect(nodes.length, label).toBeGreaterThan(0);
  for (const n of nodes) {
    expect(n, label).toMatchObject({
      id: expect.any(String),
      parentId: expect.any(String),
      title: expect.any(String),
      hasChildren: expect.any(Boolean),
    });
    expect(n.key, label).toBe(n.id);
    expect(n.value, label).toBe(n.id);
  }
}

const firstId = (app: FastifyInstance, table: string, where = '1 = 1') => {
  const row = app.ctx.sqlite
    .prepare(`SELECT id FROM ${table} WHERE is_deleted = 0 AND ${where} ORDER BY id LIMIT 1`)
    .get() as { id: bigint } | undefined;
  if (!row) throw new Error(`no row in ${table}`);
  return String(row.id);
};

describe("the seed's section 7 calls", () => {
  it('are all registered, and each answers the shapes of CONTRACT.md', async () => {
    const app = await testApp();
    await app.ready();
    const registered = new Set(app.routeTable.map((r) => `${r.method} ${r.url}`));
    const missing = SEED_CALLS.filter((c) => {
      const [method, path] = c.split(' ');
      return !registered.has(`${method} /api${path}`);
    });
    expect(missing).toEqual([]);

    const admin = await adminClient(app);
    const sqlite = app.ctx.sqlite;
    // rows for the services the minimal seed leaves empty, through their own submit
    const created: Record<string, unknown>[] = [
      data(
        await post(admin, '/api/blade-desk/notice/submit', {
          title: '开学',
          category: 1,
          releaseTime: '2025-09-01 08:00:00',
        }),
      ),
      data(
        await post(admin, '/api/blade-resource/oss/submit', {
          category: 1,
          ossCode: 'local',
          endpoint: 'http://files.local',
          bucketName: 'psi',
        }),
      ),
      data(
        await post(admin, '/api/blade-resource/sms/submit', {
          category: 1,
          smsCode: 'notice',
          templateId: 'T1',
          signName: '书籍征订',
        }),
      ),
      data(
        await post(admin, '/api/blade-develop/datasource/submit', {
          name: 'main',
          driverClass: 'better-sqlite3',
          url: 'file:psi.db',
        }),
      ),
      data(
        await post(admin, '/api/blade-develop/code/submit', {
          codeName: '公告',
          serviceName: 'blade-desk',
          tableName: 'blade_notice',
        }),
      ),
      data(await post(admin, '/api/blade-auth/oauth/logout', [{ type: 'error', message: 'x', url: '/' }])),
    ];
    expect(created).toHaveLength(6);
    await get(admin, '/api/blade-report/report/rest/list');

    const ids = {
      param: firstId(app, 'blade_param'),
      dept: firstId(app, 'blade_dept'),
      post: firstId(app, 'blade_post'),
      role: firstId(app, 'blade_role'),
      menu: firstId(app, 'blade_menu', 'category = 1'),
      topMenu: firstId(app, 'blade_top_menu'),
      dict: firstId(app, 'blade_dict', "parent_id = 0 AND code = 'sex'"),
      dictBiz: (() => {
        try {
          return firstId(app, 'blade_dict_biz', 'parent_id = 0');
        } catch {
          return null;
        }
      })(),
      tenant: firstId(app, 'blade_tenant'),
      client: firstId(app, 'blade_client'),
      user: firstId(app, 'blade_user', "account = 'admin'"),
      notice: firstId(app, 'blade_notice'),
      oss: firstId(app, 'blade_oss'),
      sms: firstId(app, 'blade_sms'),
      datasource: firstId(app, 'blade_datasource'),
      code: firstId(app, 'blade_code'),
      report: firstId(app, 'blade_report_file'),
    };
    // api logs are written in batches; their list flushes the batch
    await get(admin, '/api/blade-log/api/list');
    const logId = (table: string) =>
      String((sqlite.prepare(`SELECT id FROM ${table} LIMIT 1`).get() as { id: bigint }).id);
    const logs = {
      usual: logId('blade_log_usual'),
      api: logId('blade_log_api'),
      error: logId('blade_log_error'),
    };

    const checked = new Set<string>();
    /** A read: 200 with the shape asked for. */
    const read = async (
      path: string,
      query: string,
      check: (d: unknown, label: string) => void,
      c = admin,
    ) => {
      const label = `GET ${path}?${query}`;
      const body = envelopeOf(await get(c, `/api${path}${query ? `?${query}` : ''}`), label);
      expect(body.code, `${label}: ${JSON.stringify(body)}`).toBe(200);
      check(body.data, label);
      checked.add(`GET ${path}`);
    };
    const page = (d: unknown, l: string) => expectPage(d, l);
    const forest = (d: unknown, l: string) => expectForest(d, l);
    const detailOf = (id: string) => (d: unknown, l: string) => {
      expect((d as Json).id, l).toBe(id);
      expectWireRow(d as Json, l);
    };
    /** A write with nothing (or something harmless) to do: an envelope, refused as a validation error. */
    const refusedWrite = async (path: string, payload?: unknown, c: Client = admin) => {
      const label = `POST ${path}`;
      const body = envelopeOf(await post(c, `/api${path}`, payload), label);
      expect(body.code, `${label}: ${JSON.stringify(body)}`).toBe(400);
      expect((body.msg as string).length, label).toBeGreaterThan(0);
      checked.add(label);
    };

    // generic resources
    const generic: [string, string, 'page' | 'forest', string | null][] = [
      ['/blade-system/param', 'blade_param', 'page', ids.param],
      ['/blade-system/tenant-package', 'blade_tenant_package', 'page', null],
      ['/blade-system/data-scope', 'blade_scope_data', 'page', null],
      ['/blade-system/api-scope', 'blade_scope_api', 'page', null],
      ['/blade-system/client', 'blade_client', 'page', ids.client],
      ['/blade-system/dept', 'blade_dept', 'forest', ids.dept],
      ['/blade-system/post', 'blade_post', 'page', ids.post],
      ['/blade-system/dict', 'blade_dict', 'forest', ids.dict],
      ['/blade-system/dict-biz', 'blade_dict_biz', 'forest', ids.dictBiz],
      ['/blade-system/menu', 'blade_menu', 'forest', ids.menu],
      ['/blade-system/topmenu', 'blade_top_menu', 'page', ids.topMenu],
      ['/blade-system/tenant', 'blade_tenant', 'page', ids.tenant],
      ['/blade-desk/notice', 'blade_notice', 'page', ids.notice],
      ['/blade-resource/oss', 'blade_oss', 'page', ids.oss],
      ['/blade-resource/sms', 'blade_sms', 'page', ids.sms],
      ['/blade-resource/attach', 'blade_attach', 'page', null],
      ['/blade-develop/code', 'blade_code', 'page', ids.code],
      ['/blade-develop/datasource', 'blade_datasource', 'page', ids.datasource],
    ];
    for (const [base, , shape, id] of generic) {
      await read(`${base}/list`, 'current=1&size=10', shape === 'page' ? page : forest);
      if (id) await read(`${base}/detail`, `id=${id}`, detailOf(id));
      // an id that names nothing: {} with 暂无承载数据
      const none = envelopeOf(await get(admin, `/api${base}/detail?id=42`), `${base}/detail`);
      expect(none, base).toEqual({ code: 200, success: true, data: {}, msg: '暂无承载数据' });
      checked.add(`GET ${base}/detail`);
      if (base !== '/blade-resource/attach') await refusedWrite(`${base}/submit`, {});
      await refusedWrite(`${base}/remove`);
    }

    // system extras
    await read('/blade-system/post/select', 'tenantId=000000', (d, l) => {
      expect(d, l).toEqual(expect.arrayContaining([expect.objectContaining({ id: ids.post })]));
    });
    for (const r of ['dict', 'dict-biz']) {
      await read(`/blade-system/${r}/parent-list`, 'current=1&size=10', page);
      await read(
        `/blade-system/${r}/child-list`,
        `parentId=${r === 'dict' ? ids.dict : (ids.dictBiz ?? 0)}`,
        page,
      );
      await read(`/blade-system/${r}/tree`, 'code=DICT', forest);
      await read(`/blade-system/${r}/dictionary`, 'code=sex', (d, l) => {
        expect(Array.isArray(d), l).toBe(true);
        for (const e of d as Json[])
          expect(Object.keys(e).sort(), l).toEqual(
            expect.arrayContaining(['code', 'dictKey', 'dictValue', 'id', 'isSealed', 'remark', 'sort']),
          );
      });
    }
    const sex = (await get(admin, '/api/blade-system/dict/dictionary?code=sex')).json().data as Json[];
    expect(sex.length).toBeGreaterThan(0);
    expect(sex.map((e) => e.sort)).toEqual([...sex.map((e) => e.sort)].sort((a, b) => Number(a) - Number(b)));

    await read('/blade-system/role/list', '', forest);
    await read('/blade-system/role/tree', 'tenantId=000000', (d, l) => expectTreeNodes(d, l));
    await read('/blade-system/role/tree-by-id', `roleId=${ids.role}`, (d, l) => expectTreeNodes(d, l));
    await read('/blade-system/role/select', `userId=${ids.user}`, (d, l) => {
      expect(Array.isArray(d), l).toBe(true);
      expect((d as Json[]).length, l).toBeGreaterThan(0);
    });
    await refusedWrite('/blade-system/role/grant', { roleIds: [] });

    const grantTree = async (path: string, query = '') =>
      read(path, query, (d, l) => {
        expect(Object.keys(d as Json).sort(), l).toEqual(['apiScope', 'dataScope', 'menu']);
        expectTreeNodes((d as Json).menu, `${l} menu`);
      });
    await grantTree('/blade-system/menu/grant-tree');
    await read('/blade-system/menu/role-tree-keys', `roleIds=${ids.role}`, (d, l) => {
      expect(Object.keys(d as Json).sort(), l).toEqual(['apiScope', 'dataScope', 'menu']);
      expect(((d as Json).menu as string[]).length, l).toBeGreaterThan(0);
      expect(
        ((d as Json).menu as unknown[]).every((x) => typeof x === 'string'),
        l,
      ).toBe(true);
    });
    await read('/blade-system/menu/grant-top-tree', '', (d, l) => {
      expect(Object.keys(d as Json), l).toContain('menu');
      expectTreeNodes((d as Json).menu, `${l} menu`);
    });
    await read('/blade-system/menu/top-tree-keys', `topMenuIds=${ids.topMenu}`, (d, l) => {
      expect(Array.isArray((d as Json).menu), l).toBe(true);
    });
    await read('/blade-system/menu/lazy-list', 'parentId=0', forest);
    await read('/blade-system/menu/lazy-menu-list', 'parentId=0', forest);
    await read('/blade-system/menu/menu-list', '', forest);
    await read('/blade-system/menu/tree', 'tenantId=000000', (d, l) => expectTreeNodes(d, l));
    await read('/blade-system/menu/top-menu', '', (d, l) => {
      expect(d, l).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            id: ids.topMenu,
            code: expect.any(String),
            name: expect.any(String),
            source: expect.any(String),
            path: expect.any(String),
            sort: expect.any(Number),
          }),
        ]),
      );
    });
    await read('/blade-system/menu/routes', `topMenuId=${ids.topMenu}`, forest);
    await read('/blade-system/menu/routes', '', (d, l) => {
      expectForest(d, l);
      expect((d as Json[]).length, l).toBeGreaterThan(0);
      // category-1 nodes only, each level sorted by sort
      const walk = (nodes: Json[]) => {
        const sorts = nodes.map((n) => Number(n.sort));
        expect(sorts, l).toEqual([...sorts].sort((a, b) => a - b));
        for (const n of nodes) {
          expect(n.category, l).toBe(1);
          if (n.children) walk(n.children as Json[]);
        }
      };
      walk(d as Json[]);
    });
    await read('/blade-system/menu/buttons', '', forest);
    await refusedWrite('/blade-system/topmenu/grant', {});

    await read('/blade-system/region/list', 'current=1&size=10', (d, l) => {
      // a page or a forest, as the region screen asks
      if (Array.isArray(d)) expectForest(d, l);
      else expectPage(d, l);
    });
    await read('/blade-system/region/lazy-tree', 'parentCode=00', (d, l) => {
      expectTreeNodes(d, l);
      expect((d as Json[]).length, `${l}: provinces`).toBeGreaterThanOrEqual(31);
    });
    await read('/blade-system/region/detail', 'code=11', (d, l) => {
      expect(d, l).toMatchObject({ code: '11', name: expect.stringContaining('北京') });
    });
    await refusedWrite('/blade-system/region/remove');
    await refusedWrite('/blade-system/region/submit', {});

    await read('/blade-system/dept/lazy-list', 'parentId=0', forest);
    await read('/blade-system/dept/tree', 'tenantId=000000', (d, l) => expectTreeNodes(d, l));
    await read('/blade-system/dept/lazy-tree', 'parentId=0', (d, l) => expectTreeNodes(d, l));
    await read('/blade-system/dept/select', `userId=${ids.user}`, (d, l) => {
      expect(d, l).toEqual(expect.arrayContaining([expect.objectContaining({ id: expect.any(String) })]));
    });

    await refusedWrite('/blade-system/tenant/setting');
    await refusedWrite('/blade-system/tenant/datasource');
    await refusedWrite('/blade-system/tenant/package-setting');
    await read(
      '/blade-system/tenant/info',
      'domain=nowhere.example.com',
      (d, l) => expect(d, l).toEqual({}),
      as(app, null),
    );
    await read('/blade-system/tenant/package-detail', 'tenantId=000000', (d, l) =>
      expect(typeof d, l).toBe('object'),
    );

    // users
    await read('/blade-user/page', `current=1&size=10&deptId=${ids.dept}`, (d, l) => {
      expectPage(d, l);
      const admin0 = (d as { records: Json[] }).records.find((r) => r.id === ids.user);
      expect(admin0, l).toMatchObject({
        roleName: expect.any(String),
        deptName: expect.any(String),
        postName: expect.any(String),
      });
      expect(admin0?.password ?? '', l).toBe('');
    });
    await read('/blade-user/detail', `id=${ids.user}`, detailOf(ids.user));
    await read('/blade-user/platform-detail', `id=${ids.user}`, (d, l) =>
      expect(d, l).toMatchObject({ userType: expect.any(Number) }),
    );
    await read('/blade-user/info', '', detailOf(ids.user));
    for (const p of [
      '/blade-user/remove',
      '/blade-user/submit',
      '/blade-user/update',
      '/blade-user/update-platform',
      '/blade-user/reset-password',
      '/blade-user/update-password',
      '/blade-user/grant',
      '/blade-user/unlock',
      '/blade-user/register-guest',
      '/blade-user/import-user',
    ])
      await refusedWrite(
        p,
        p.endsWith('submit') || p.endsWith('update') || p.endsWith('guest') ? {} : undefined,
      );
    await refusedWrite('/blade-user/update-info', { phone: 'not a phone' });
    for (const p of ['/blade-user/export-user', '/blade-user/export-template']) {
      const res = await get(admin, `/api${p}`);
      expect(res.statusCode, p).toBe(200);
      expect(res.headers['content-type'], p).toContain('spreadsheetml');
      expect(res.rawPayload.subarray(0, 2).toString(), p).toBe('PK');
      checked.add(`GET ${p}`);
    }

    // auth
    const captcha = envelopeOf(await get(as(app, null), '/api/blade-auth/oauth/captcha'), 'captcha');
    expect(Object.keys(captcha.data as Json).sort()).toEqual(['image', 'key']);
    checked.add('GET /blade-auth/oauth/captcha');
    const token = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: BASIC, 'tenant-id': '000000' },
      query: {
        tenantId: '000000',
        username: 'admin',
        password: md5('admin'),
        grant_type: 'password',
        scope: 'all',
        type: 'account',
      },
    });
    expect(token.json()).toMatchObject({ token_type: 'bearer', tenant_id: '000000' });
    checked.add('POST /blade-auth/oauth/token');
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token/refresh',
      headers: { authorization: BASIC, 'tenant-id': '000000' },
      query: {
        grant_type: 'refresh_token',
        refresh_token: token.json().refresh_token as string,
        scope: 'all',
      },
    });
    expect(refreshed.json()).toMatchObject({ token_type: 'bearer', tenant_id: '000000' });
    checked.add('POST /blade-auth/oauth/token/refresh');
    const fresh = as(app, refreshed.json().access_token as string);
    await read('/blade-auth/oauth/user-info', '', detailOf(ids.user), fresh);
    await read('/blade-auth/oauth/clear-cache', '', (d, l) => expect(d, l).toEqual({}), fresh);
    const badLogs = envelopeOf(await post(fresh, '/api/blade-auth/oauth/logout', { not: 'a list' }), 'logs');
    expect(badLogs.code).toBe(400);
    checked.add('POST /blade-auth/oauth/logout');
    await read('/blade-auth/oauth/logout', '', (d, l) => expect(d, l).toEqual({}), fresh);

    // resource, develop, log, report extras
    for (const r of ['sms', 'oss']) await refusedWrite(`/blade-resource/${r}/enable`);
    await refusedWrite('/blade-resource/sms/endpoint/send-message', {});
    await refusedWrite('/blade-resource/oss/endpoint/put-file', { file: 'not multipart' });
    await refusedWrite('/blade-develop/code/copy');
    const zip = await get(admin, `/api/blade-develop/code/gen-code?ids=${ids.code}&system=saber`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    checked.add('GET /blade-develop/code/gen-code');
    for (const [kind, id] of Object.entries(logs)) {
      await read(`/blade-log/${kind}/list`, 'current=1&size=10', (d, l) => {
        expectPage(d, l);
        expect((d as { total: number }).total, l).toBeGreaterThan(0);
      });
      await read(`/blade-log/${kind}/detail`, `id=${id}`, detailOf(id));
    }
    await read('/blade-report/report/rest/list', 'current=1&size=10', (d, l) => {
      expectPage(d, l);
      expect(
        (d as { records: Json[] }).records.map((r) => r.id),
        l,
      ).toContain(ids.report);
    });
    await refusedWrite('/blade-report/report/rest/remove');

    // every call of the list was made
    expect(SEED_CALLS.filter((c) => !checked.has(c))).toEqual([]);
  });
});
