import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { addTenant, BASIC, login, md5, testApp } from '../helpers';
import { adminClient, as, data, get, menuIds, post, refused } from './helpers';

describe('logs', () => {
  it('writes api logs for writes (redacted, timed), error logs for server errors, usual logs for sign-ins and lockouts', async () => {
    const app = await testApp();
    app.get('/api/test/boom', { config: { access: 'user' } }, async () => {
      throw new Error('kaboom inside');
    });
    const admin = await adminClient(app);
    data(
      await post(admin, '/api/blade-system/param/submit', {
        paramName: 'n',
        paramKey: 'log.k',
        paramValue: 'v',
        password: 'p4ss',
      }),
    );
    data(await get(admin, '/api/blade-system/param/list'));
    expect((await get(admin, '/api/test/boom')).statusCode).toBe(500);
    for (let i = 0; i < 6; i++)
      await app.inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        headers: { authorization: BASIC, 'tenant-id': '000000' },
        query: { tenantId: '000000', username: 'ghost', password: md5('x'), grant_type: 'password' },
      });

    const apiLogs = data<{ records: Record<string, unknown>[]; total: number }>(
      await get(admin, '/api/blade-log/api/list?size=50'),
    );
    const submit = apiLogs.records.find((r) => r.requestUri === '/api/blade-system/param/submit')!;
    expect(submit).toMatchObject({
      method: 'POST',
      createBy: 'admin',
      serviceId: 'blade-system',
      title: '/api/blade-system/param/submit',
    });
    expect(submit.params).toBeUndefined();
    expect(Number(submit.time)).toBeGreaterThanOrEqual(0);
    expect(apiLogs.records.some((r) => r.method === 'GET')).toBe(false);
    const detail = data<{ params: string }>(
      await get(admin, `/api/blade-log/api/detail?id=${String(submit.id)}`),
    );
    expect(detail.params).toContain('log.k');
    expect(detail.params).toContain('******');
    expect(detail.params).not.toContain('p4ss');

    const errors = data<{
      records: { exceptionName: string; message: string; requestUri: string; id: string }[];
    }>(await get(admin, '/api/blade-log/error/list?requestUri=boom'));
    expect(errors.records).toEqual([
      expect.objectContaining({ exceptionName: 'Error', message: 'kaboom inside' }),
    ]);
    const error = data<{ stackTrace: string }>(
      await get(admin, `/api/blade-log/error/detail?id=${errors.records[0].id}`),
    );
    expect(error.stackTrace).toContain('kaboom inside');

    const usual = data<{ records: { logId: string; logLevel: string }[] }>(
      await get(admin, '/api/blade-log/usual/list?size=50'),
    );
    expect(usual.records.filter((r) => r.logId === 'login').length).toBeGreaterThanOrEqual(1);
    expect(usual.records.filter((r) => r.logId === 'lockout')).toEqual([
      expect.objectContaining({ logLevel: 'warn' }),
    ]);

    addTenant(app, '600013', ['notice']);
    const other = as(app, (await login(app, 'admin', 'secret', '600013')).token);
    refused(await get(other, '/api/blade-log/api/list'), 403, 403);
    refused(await get(other, `/api/blade-log/api/detail?id=${String(submit.id)}`), 403, 403);
  });
});

describe('develop', () => {
  it('manages data sources and code rows, copies them and generates a zip for this stack', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const DS = '/api/blade-develop/datasource';
    const CODE = '/api/blade-develop/code';
    const missing = refused(await post(admin, `${DS}/submit`, {}), 400, 400);
    expect(missing.msg).toBe('请输入数据源名称; 请输入驱动类; 请输入连接地址');
    data(
      await post(admin, `${DS}/submit`, {
        name: 'main',
        driverClass: 'better-sqlite3',
        url: 'file:data/psi.db',
        password: 'pw',
      }),
    );
    const ds = data<{ records: Record<string, unknown>[] }>(await get(admin, `${DS}/list`)).records[0];
    expect(ds.password).toBe('');
    expect(data<{ id: string; name: string }[]>(await get(admin, `${DS}/select`))).toEqual([
      expect.objectContaining({ id: ds.id, name: 'main' }),
    ]);

    const codeMissing = refused(await post(admin, `${CODE}/submit`, {}), 400, 400);
    expect(codeMissing.msg).toBe('请输入模块名; 请输入服务名; 请输入表名');
    refused(
      await post(admin, `${CODE}/submit`, {
        codeName: 'x',
        serviceName: 'blade-psi',
        tableName: 'x',
        datasourceId: '123',
      }),
      400,
      400,
      '数据源不存在',
    );
    data(
      await post(admin, `${CODE}/submit`, {
        codeName: '公告',
        serviceName: 'blade-desk',
        tableName: 'blade_notice',
        tablePrefix: 'blade_',
        datasourceId: ds.id,
      }),
    );
    data(
      await post(admin, `${CODE}/submit`, {
        codeName: '新资源',
        serviceName: 'blade-psi',
        tableName: 'psi_book_tag',
        tablePrefix: 'psi_',
      }),
    );
    const codes = data<{ records: { id: string; codeName: string }[] }>(
      await get(admin, `${CODE}/list`),
    ).records;
    const notice = codes.find((c) => c.codeName === '公告')!;
    const copy = data<{ id: string }>(await post(admin, `${CODE}/copy?id=${notice.id}`));
    expect(data<{ codeName: string }>(await get(admin, `${CODE}/detail?id=${copy.id}`)).codeName).toBe(
      '公告-copy',
    );

    const res = await get(admin, `${CODE}/gen-code?ids=${codes.map((c) => c.id).join(',')}&system=saber`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files)
      .filter((n) => !zip.files[n].dir)
      .sort();
    expect(names).toEqual(
      [
        'booktag/README.md',
        'booktag/db/src/model/resources/psi/booktag.ts',
        'booktag/db/src/schema/booktag.ts',
        'booktag/fixtures/menus.booktag.json',
        'booktag/server/src/modules/psi/booktag.ts',
        'booktag/web/src/pages/psi/booktag/index.tsx',
        'notice/README.md',
        'notice/db/src/model/resources/desk/notice.ts',
        'notice/db/src/schema/notice.ts',
        'notice/fixtures/menus.notice.json',
        'notice/server/src/modules/desk/notice.ts',
        'notice/web/src/pages/desk/notice/index.tsx',
      ].sort(),
    );
    const schema = await zip.file('notice/db/src/schema/notice.ts')!.async('string');
    expect(schema).toContain("title: text('title').notNull(),");
    expect(schema).toContain("releaseTime: datetime('release_time'),");
    const resource = await zip.file('notice/db/src/model/resources/desk/notice.ts')!.async('string');
    expect(resource).toContain("api: '/blade-desk/notice'");
    const menus = JSON.parse(await zip.file('booktag/fixtures/menus.booktag.json')!.async('string')) as {
      code: string;
    }[];
    expect(menus.map((m) => m.code)).toEqual([
      'booktag',
      'booktag_add',
      'booktag_edit',
      'booktag_delete',
      'booktag_view',
    ]);
    refused(await get(admin, `${CODE}/gen-code`), 400, 400, 'ids');
    addTenant(app, '600014', ['code', 'code_add', 'code_gen']);
    const other = as(app, (await login(app, 'admin', 'secret', '600014')).token);
    refused(
      await post(other, `${CODE}/submit`, { codeName: 'x', serviceName: 'blade-psi', tableName: 'x' }),
      403,
      403,
    );
  });
});

describe('reports', () => {
  it('lists the demo reports as saved queries and removes them per tenant', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const REPORT = '/api/blade-report/report/rest';
    const list = data<{ records: { id: string; name: string; content: string }[]; total: number }>(
      await get(admin, `${REPORT}/list`),
    );
    expect(list.records.map((r) => r.name).sort()).toEqual(['库存汇总', '征订单汇总'].sort());
    const stock = list.records.find((r) => r.name === '库存汇总')!;
    expect(JSON.parse(stock.content)).toMatchObject({
      code: 'stock_summary',
      api: '/blade-psi/depositorylog/list',
    });
    data(await post(admin, `${REPORT}/remove?ids=${stock.id}`));
    expect(data<{ total: number }>(await get(admin, `${REPORT}/list`)).total).toBe(1);
    addTenant(app, '600015', ['reportlist', 'reportlist_delete']);
    const other = as(app, (await login(app, 'admin', 'secret', '600015')).token);
    expect(data<{ total: number }>(await get(other, `${REPORT}/list`)).total).toBe(2);
    refused(await post(other, `${REPORT}/remove?ids=${list.records[0].id}`), 403, 400);
  });
});

describe('reports are written when a tenant is created, never when read', () => {
  it('reading the list writes nothing, even for a tenant without reports', async () => {
    const app = await testApp();
    addTenant(app, '600016', ['reportlist']);
    // a tenant whose reports are gone physically: the list must not bring them back
    app.ctx.sqlite.prepare("DELETE FROM blade_report_file WHERE tenant_id = '600016'").run();
    const rows = () =>
      app.ctx.sqlite
        .prepare('SELECT id, tenant_id, name, update_time FROM blade_report_file ORDER BY id')
        .all();
    const before = rows();
    const other = as(app, (await login(app, 'admin', 'secret', '600016')).token);
    const REPORT = '/api/blade-report/report/rest';
    expect(data<{ total: number }>(await get(other, `${REPORT}/list`)).total).toBe(0);
    const admin = await adminClient(app);
    expect(data<{ total: number }>(await get(admin, `${REPORT}/list`)).total).toBe(2);
    expect(rows()).toEqual(before);
  });

  it('the seed and the tenant service give every tenant the default reports', async () => {
    const app = await testApp();
    const names = (tenantId: string) =>
      (
        app.ctx.sqlite
          .prepare('SELECT name FROM blade_report_file WHERE tenant_id = ? AND is_deleted = 0 ORDER BY name')
          .all(tenantId) as { name: string }[]
      ).map((r) => r.name);
    expect(names('000000')).toEqual(['库存汇总', '征订单汇总'].sort());
    const admin = await adminClient(app);
    const tenant = data<{ tenantId: string }>(
      await post(admin, '/api/blade-system/tenant/submit', { tenantName: '报表租户', linkman: '赵六' }),
    );
    expect(names(tenant.tenantId)).toEqual(['库存汇总', '征订单汇总'].sort());
  });
});

describe('reports over the demo data', () => {
  it('run as the saved list queries they describe, with every column present', async () => {
    const app = await testApp({ seed: 'demo' });
    await app.ready();
    // the tenant's platform manager (yypt_admin) reads the reports of its own tenant's data
    const admin = as(app, (await login(app, 'pt_admin', 'Demo@2025', '100001')).token);
    const reports = data<{ records: { name: string; content: string }[] }>(
      await get(admin, '/api/blade-report/report/rest/list'),
    ).records;
    expect(reports.length).toBeGreaterThanOrEqual(2);
    const registered = new Set(app.routeTable.map((r) => `${r.method} ${r.url}`));
    for (const report of reports) {
      const content = JSON.parse(report.content) as {
        api: string;
        params: Record<string, string | number>;
        groupBy: string[];
        columns: { prop: string }[];
      };
      expect(registered.has(`GET /api${content.api}`), `${report.name}: ${content.api}`).toBe(true);
      const query = new URLSearchParams(
        Object.entries(content.params).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString();
      const page = data<{ records: Record<string, unknown>[]; total: number }>(
        await get(admin, `/api${content.api}?${query}`),
      );
      expect(page.records.length, report.name).toBeGreaterThan(0);
      for (const prop of [...content.groupBy, ...content.columns.map((c) => c.prop)])
        expect(page.records[0], `${report.name}: ${prop}`).toHaveProperty(prop);
    }
  });
});

describe('regions and top menus', () => {
  it('serves the region tree lazily and edits it from the platform', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const REGION = '/api/blade-system/region';
    const provinces = data<{ id: string; title: string; hasChildren: boolean; key: string }[]>(
      await get(admin, `${REGION}/lazy-tree?parentCode=00`),
    );
    expect(provinces.length).toBeGreaterThanOrEqual(31);
    expect(provinces[0]).toMatchObject({ id: '11', title: '北京市', key: '11', hasChildren: true });
    const cities = data<{ id: string }[]>(await get(admin, `${REGION}/lazy-tree?parentCode=32`));
    expect(cities.map((c) => c.id)).toContain('3201');
    const detail = data<{ name: string; parentName: string; level: number }>(
      await get(admin, `${REGION}/detail?code=3201`),
    );
    expect(detail).toMatchObject({ name: '南京市', parentName: '江苏省', level: 2 });
    const missing = refused(await post(admin, `${REGION}/submit`, {}), 400, 400);
    expect(missing.msg).toBe('请选择上级区划; 请输入区划编号; 请输入区划名称; 请输入区划排序');
    refused(
      await post(admin, `${REGION}/submit`, { parentCode: '3201', code: '999999', name: 'x', sort: 1 }),
      400,
      400,
      '区划编号须以上级区划编号开头',
    );
    data(
      await post(admin, `${REGION}/submit`, { parentCode: '3201', code: '320199', name: '测试区', sort: 99 }),
    );
    const added = data<{ level: number; provinceName: string; cityName: string; districtCode: string }>(
      await get(admin, `${REGION}/detail?code=320199`),
    );
    expect(added).toMatchObject({
      level: 3,
      provinceName: '江苏省',
      cityName: '南京市',
      districtCode: '320199',
    });
    data(await post(admin, `${REGION}/submit`, { code: '320199', name: '改名区' }));
    expect(data<{ name: string }>(await get(admin, `${REGION}/detail?code=320199`)).name).toBe('改名区');
    refused(await post(admin, `${REGION}/remove?id=3201`), 400, 400, '请先删除子节点');
    data(await post(admin, `${REGION}/remove?id=320199`));
    expect(data(await get(admin, `${REGION}/detail?code=320199`))).toEqual({});
    const page = data<{ total: number }>(await get(admin, `${REGION}/list?parentCode=32`));
    expect(page.total).toBeGreaterThan(10);
    addTenant(app, '600016', ['region', 'region_add']);
    const other = as(app, (await login(app, 'admin', 'secret', '600016')).token);
    data(await get(other, `${REGION}/lazy-tree`));
    refused(
      await post(other, `${REGION}/submit`, { parentCode: '3201', code: '320198', name: 'x', sort: 1 }),
      403,
      403,
    );
  });

  it('grants menus to top menus', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const TOP = '/api/blade-system/topmenu';
    const missing = refused(await post(admin, `${TOP}/submit`, {}), 400, 400);
    expect(missing.msg).toBe('请输入菜单名称; 请输入菜单编号; 请输入菜单图标; 请输入菜单排序');
    data(
      await post(admin, `${TOP}/submit`, {
        name: '报表',
        code: 'reports',
        source: 'BarChartOutlined',
        sort: 9,
      }),
    );
    const top = data<{ records: { id: string; code: string }[] }>(
      await get(admin, `${TOP}/list?code=reports`),
    ).records[0];
    expect(
      (await get(admin, '/api/blade-system/menu/top-menu')).json().data.map((t: { code: string }) => t.code),
    ).not.toContain('reports');
    data(await post(admin, `${TOP}/grant`, { topMenuIds: [top.id], menuIds: menuIds(app, ['report']) }));
    const routes = data<{ code: string }[]>(
      await get(admin, `/api/blade-system/menu/routes?topMenuId=${top.id}`),
    );
    expect(routes.map((r) => r.code)).toEqual(['report']);
    expect(
      data<{ code: string }[]>(await get(admin, '/api/blade-system/menu/top-menu')).map((t) => t.code),
    ).toContain('reports');
    refused(await post(admin, `${TOP}/grant`, { menuIds: [] }), 400, 400, 'topMenuIds');
    addTenant(app, '600017', ['topmenu', 'topmenu_setting']);
    const other = as(app, (await login(app, 'admin', 'secret', '600017')).token);
    refused(await post(other, `${TOP}/grant`, { topMenuIds: [top.id], menuIds: [] }), 403, 400);
    data(await post(admin, `${TOP}/remove?ids=${top.id}`));
    expect(
      app.ctx.sqlite
        .prepare('SELECT COUNT(*) AS n FROM blade_top_menu_setting WHERE top_menu_id = ?')
        .get(BigInt(top.id)),
    ).toEqual({ n: 0n });
  });
});
