import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { login, testApp } from '../helpers';
import { adminClient, as, data, get, idsOf, leafCodes, menuIds, post, refused } from './helpers';

const TOP = '/api/blade-system/topmenu';
const MENU = '/api/blade-system/menu';

/** A new tenant made by the super-admin through the API, and a client signed in as its admin. */
async function newTenant(setup?: (app: FastifyInstance) => void) {
  const app = await testApp();
  setup?.(app);
  const admin = await adminClient(app);
  const tenant = data<{ tenantId: string }>(
    await post(admin, '/api/blade-system/tenant/submit', { tenantName: '默认菜单租户', linkman: '王五' }),
  );
  const tenantAdmin = as(app, (await login(app, 'admin', 'admin', tenant.tenantId)).token);
  return { app, admin, tenantId: tenant.tenantId, tenantAdmin };
}

interface TreeNode {
  id: string;
  children?: TreeNode[];
}

describe("a new tenant's admin (Blade's default tenant menus)", () => {
  it('gets the top menus and the logs, but not the platform-wide workflow screens', async () => {
    const { app, tenantAdmin } = await newTenant();
    const routes = idsOf(data(await get(tenantAdmin, `${MENU}/routes`)) as never);
    expect(routes).toEqual(
      expect.arrayContaining(
        menuIds(app, ['system', 'topmenu', 'monitor', 'log', 'log_usual', 'log_api', 'log_error']),
      ),
    );
    for (const code of ['flow', 'flow_model', 'flow_deploy', 'menu', 'tenant', 'param'])
      expect(routes, code).not.toContain(menuIds(app, [code])[0]);
    const buttons = leafCodes(data(await get(tenantAdmin, `${MENU}/buttons`)) as never);
    expect(buttons).toEqual(
      expect.arrayContaining([
        'topmenu_add',
        'topmenu_edit',
        'topmenu_delete',
        'topmenu_view',
        'topmenu_setting',
        'log_usual_view',
        'log_api_view',
        'log_error_view',
      ]),
    );
  });

  it('keeps top menus to its tenant: list, add, edit, remove, grant only its own menus, its own header', async () => {
    const { app, admin, tenantId, tenantAdmin } = await newTenant();
    const platformTops = data<{ records: { id: string; code: string }[] }>(
      await get(admin, `${TOP}/list`),
    ).records;
    expect(platformTops.map((t) => t.code)).toEqual(expect.arrayContaining(['workbench', 'system']));
    const platformTop = platformTops.find((t) => t.code === 'system')!;

    // none of the platform's top menus is listed or readable
    expect(data<{ total: number }>(await get(tenantAdmin, `${TOP}/list`)).total).toBe(0);
    expect(data<{ total: number }>(await get(tenantAdmin, `${TOP}/list?code=system`)).total).toBe(0);
    expect((await get(tenantAdmin, `${TOP}/detail?id=${platformTop.id}`)).json().data).toEqual({});

    // add and edit its own
    data(
      await post(tenantAdmin, `${TOP}/submit`, {
        name: '租户顶部',
        code: 'tenant_top',
        source: 'AppstoreOutlined',
        sort: 1,
        tenantId: '000000',
      }),
    );
    const own = data<{ records: { id: string; code: string; tenantId: string }[] }>(
      await get(tenantAdmin, `${TOP}/list`),
    ).records;
    expect(own).toEqual([expect.objectContaining({ code: 'tenant_top', tenantId })]);
    const top = own[0];
    data(
      await post(tenantAdmin, `${TOP}/submit`, {
        id: top.id,
        name: '租户顶部改',
        code: 'tenant_top',
        source: 'AppstoreOutlined',
        sort: 2,
      }),
    );
    expect(data<{ name: string }>(await get(tenantAdmin, `${TOP}/detail?id=${top.id}`)).name).toBe(
      '租户顶部改',
    );
    // the platform's are out of reach for writes
    expect(
      (
        await post(tenantAdmin, `${TOP}/submit`, {
          id: platformTop.id,
          name: '改平台',
          code: 'system',
          source: 'SettingOutlined',
          sort: 3,
        })
      ).json().success,
    ).toBe(false);
    const settingsOf = (id: string) =>
      app.ctx.sqlite
        .prepare('SELECT COUNT(*) AS n FROM blade_top_menu_setting WHERE top_menu_id = ?')
        .get(BigInt(id)) as { n: bigint };
    const platformSettings = settingsOf(platformTop.id).n;
    expect(platformSettings).toBeGreaterThan(0n);
    // removing another tenant's row is refused: the row and its menu settings stay
    refused(
      await post(tenantAdmin, `${TOP}/remove?ids=${platformTop.id}`),
      403,
      400,
      '无权操作非本租户的数据',
    );
    expect(settingsOf(platformTop.id).n).toBe(platformSettings);
    const platformRow = app.ctx.sqlite
      .prepare('SELECT name, is_deleted AS d FROM blade_top_menu WHERE id = ?')
      .get(BigInt(platformTop.id));
    expect(platformRow).toEqual({ name: '系统', d: 0n });
    refused(await post(tenantAdmin, `${TOP}/grant`, { topMenuIds: [platformTop.id], menuIds: [] }), 403, 400);
    expect(
      data<{ menu: string[] }>(await get(tenantAdmin, `${MENU}/top-tree-keys?topMenuIds=${platformTop.id}`))
        .menu,
    ).toEqual([]);

    // the grant tree offers only the menus the admin holds
    const offered = idsOf(
      data<{ menu: TreeNode[] }>(await get(tenantAdmin, `${MENU}/grant-top-tree`)).menu as never,
    );
    expect(offered).toEqual(expect.arrayContaining(menuIds(app, ['system', 'user', 'topmenu', 'log_api'])));
    for (const code of ['tenant', 'menu', 'param', 'flow', 'flow_model'])
      expect(offered, code).not.toContain(menuIds(app, [code])[0]);
    // the super-admin's tree still has every menu
    const platformOffered = idsOf(
      data<{ menu: TreeNode[] }>(await get(admin, `${MENU}/grant-top-tree`)).menu as never,
    );
    expect(platformOffered).toEqual(expect.arrayContaining(menuIds(app, ['tenant', 'flow'])));

    // a platform menu is refused even when sent directly, and nothing is stored
    const refusal = refused(
      await post(tenantAdmin, `${TOP}/grant`, {
        topMenuIds: [top.id],
        menuIds: menuIds(app, ['system', 'user', 'tenant']),
      }),
      403,
      403,
    );
    expect(refusal.msg).toBe('无权授予本人未拥有的菜单');
    const refusalEn = refused(
      await post(
        tenantAdmin,
        `${TOP}/grant`,
        { topMenuIds: [top.id], menuIds: menuIds(app, ['flow']) },
        { 'accept-language': 'en' },
      ),
      403,
      403,
    );
    expect(refusalEn.msg).toBe('You may not grant menus you do not hold');
    expect(
      data<{ menu: string[] }>(await get(tenantAdmin, `${MENU}/top-tree-keys?topMenuIds=${top.id}`)).menu,
    ).toEqual([]);

    // its own menus are granted; the header then shows its own top menu only
    const granted = menuIds(app, ['system', 'user']);
    data(await post(tenantAdmin, `${TOP}/grant`, { topMenuIds: [top.id], menuIds: granted }));
    expect(
      [
        ...data<{ menu: string[] }>(await get(tenantAdmin, `${MENU}/top-tree-keys?topMenuIds=${top.id}`))
          .menu,
      ].sort(),
    ).toEqual([...granted].sort());
    const header = data<{ id: string; code: string; name: string }[]>(
      await get(tenantAdmin, `${MENU}/top-menu`),
    );
    expect(header).toEqual([expect.objectContaining({ id: top.id, code: 'tenant_top', name: '租户顶部改' })]);
    const narrowed = data<{ code: string; children?: { code: string }[] }[]>(
      await get(tenantAdmin, `${MENU}/routes?topMenuId=${top.id}`),
    );
    expect(narrowed.map((n) => n.code)).toEqual(['system']);
    expect(narrowed[0].children?.map((c) => c.code)).toEqual(['user']);
    // the platform's header is unchanged
    expect(data<{ code: string }[]>(await get(admin, `${MENU}/top-menu`)).map((t) => t.code)).not.toContain(
      'tenant_top',
    );

    // remove: gone with its menu settings
    data(await post(tenantAdmin, `${TOP}/remove?ids=${top.id}`));
    expect(data<{ total: number }>(await get(tenantAdmin, `${TOP}/list`)).total).toBe(0);
    expect(
      app.ctx.sqlite
        .prepare('SELECT COUNT(*) AS n FROM blade_top_menu_setting WHERE top_menu_id = ?')
        .get(BigInt(top.id)),
    ).toEqual({ n: 0n });
  });

  it("lists only its tenant's usual, api and error logs, server errors included", async () => {
    const { admin, tenantId, tenantAdmin } = await newTenant((server) => {
      server.get('/api/test/tenant-boom', { config: { access: 'user' } }, async () => {
        throw new Error('tenant kaboom');
      });
    });
    // rows of the platform: a write, a server error and an uploaded web error
    data(
      await post(admin, '/api/blade-system/param/submit', {
        paramName: 'p',
        paramKey: 'p.k',
        paramValue: 'v',
      }),
    );
    expect((await get(admin, '/api/test/tenant-boom')).statusCode).toBe(500);
    data(
      await post(admin, '/api/blade-auth/oauth/logout', [{ type: 'error', message: 'platform web error' }]),
    );
    // rows of the tenant
    data(
      await post(tenantAdmin, '/api/blade-system/post/submit', {
        category: 1,
        postCode: 'lp',
        postName: '日志岗位',
        sort: 1,
      }),
    );
    expect((await get(tenantAdmin, '/api/test/tenant-boom')).statusCode).toBe(500);
    data(
      await post(tenantAdmin, '/api/blade-auth/oauth/logout', [
        { type: 'error', message: 'tenant web error' },
      ]),
    );

    type Log = { id: string; tenantId: string; requestUri?: string; message?: string; logId?: string };
    const list = async (kind: string, query = '') =>
      data<{ records: Log[]; total: number }>(
        await get(tenantAdmin, `/api/blade-log/${kind}/list?size=100${query}`),
      );
    const all = async (kind: string) =>
      data<{ records: Log[] }>(await get(admin, `/api/blade-log/${kind}/list?size=100`)).records;

    const usual = await list('usual');
    expect(usual.records.some((r) => r.logId === 'login')).toBe(true);
    expect(new Set(usual.records.map((r) => r.tenantId))).toEqual(new Set([tenantId]));

    const api = await list('api');
    expect(api.records.map((r) => r.requestUri)).toContain('/api/blade-system/post/submit');
    expect(api.records.map((r) => r.requestUri)).not.toContain('/api/blade-system/param/submit');
    expect(new Set(api.records.map((r) => r.tenantId))).toEqual(new Set([tenantId]));

    const errors = await list('error');
    expect(errors.records.map((r) => r.message).sort()).toEqual(['tenant kaboom', 'tenant web error']);
    expect(new Set(errors.records.map((r) => r.tenantId))).toEqual(new Set([tenantId]));
    expect((await list('error', '&message=platform')).total).toBe(0);
    expect((await list('error', '&message=tenant%20web')).records.map((r) => r.message)).toEqual([
      'tenant web error',
    ]);
    const ownError = errors.records.find((r) => r.message === 'tenant kaboom')!;
    expect(
      data<{ stackTrace: string }>(await get(tenantAdmin, `/api/blade-log/error/detail?id=${ownError.id}`))
        .stackTrace,
    ).toContain('tenant kaboom');

    // the platform's rows exist, yet their details are out of reach
    const platformErrors = (await all('error')).filter((r) => r.tenantId === '000000');
    expect(platformErrors.map((r) => r.message)).toEqual(
      expect.arrayContaining(['tenant kaboom', 'platform web error']),
    );
    for (const row of platformErrors)
      expect((await get(tenantAdmin, `/api/blade-log/error/detail?id=${row.id}`)).json().data).toEqual({});
    const platformApi = (await all('api')).find((r) => r.requestUri === '/api/blade-system/param/submit')!;
    expect((await get(tenantAdmin, `/api/blade-log/api/detail?id=${platformApi.id}`)).json().data).toEqual(
      {},
    );
  });
});
