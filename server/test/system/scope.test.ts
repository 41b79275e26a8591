import { describe, expect, it } from 'vitest';
import { addTenant, login, testApp } from '../helpers';
import { scopePathMatches } from '../../src/core/access';
import {
  adminClient,
  as,
  createRole,
  createUser,
  data,
  FIN_DEPT,
  get,
  menuIds,
  OPS_DEPT,
  post,
  refused,
} from './helpers';

const DATA_SCOPE = '/api/blade-system/data-scope';
const API_SCOPE = '/api/blade-system/api-scope';
const NOTICE = '/api/blade-desk/notice';

describe('data scopes', () => {
  it('limits list rows to the own department and below', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const [noticeMenu] = menuIds(app, ['notice']);
    const missing = refused(await post(admin, `${DATA_SCOPE}/submit`, {}), 400, 400);
    expect(missing.msg).toBe('请选择菜单; 请输入数据权限名称; 请输入数据权限编号; 请选择数据权限类型');
    data(
      await post(admin, `${DATA_SCOPE}/submit`, {
        menuId: noticeMenu,
        scopeName: '本部门及以下',
        resourceCode: 'notice',
        scopeColumn: 'create_dept',
        scopeType: 4,
      }),
    );
    const scope = data<{ records: { id: string; scopeType: number }[] }>(
      await get(admin, `${DATA_SCOPE}/list?menuId=${noticeMenu}`),
    ).records[0];
    expect(scope.scopeType).toBe(4);
    const grantTree = data<{ dataScope: { id: string; children?: { id: string }[] }[] }>(
      await get(admin, '/api/blade-system/menu/grant-tree'),
    );
    expect(grantTree.dataScope).toEqual([
      expect.objectContaining({ id: noticeMenu, children: [expect.objectContaining({ id: scope.id })] }),
    ]);

    const role = await createRole(admin, app, 'scoped');
    // the dialog also sends the menu that groups the scope: only real scope ids are kept
    data(
      await post(admin, '/api/blade-system/role/grant', {
        roleIds: [role],
        menuIds: menuIds(app, ['notice', 'notice_add']),
        dataScopeIds: [noticeMenu, scope.id],
        apiScopeIds: [],
      }),
    );
    data(
      await post(admin, '/api/blade-system/dept/submit', {
        parentId: OPS_DEPT,
        deptName: '一组',
        fullName: '运营一组',
        deptCategory: 3,
        sort: 1,
      }),
    );
    const team = String(
      (app.ctx.sqlite.prepare(`SELECT id FROM blade_dept WHERE dept_name = '一组'`).get() as { id: bigint })
        .id,
    );
    await createUser(admin, app, { account: 'ops', roleId: role, deptId: OPS_DEPT });
    await createUser(admin, app, { account: 'team', roleId: role, deptId: team });
    await createUser(admin, app, { account: 'fin', roleId: role, deptId: FIN_DEPT });
    const callers = Object.fromEntries(
      await Promise.all(
        ['ops', 'team', 'fin'].map(
          async (a) => [a, as(app, (await login(app, a, 'secret1')).token)] as const,
        ),
      ),
    );
    for (const who of ['ops', 'team', 'fin'])
      data(
        await post(callers[who], `${NOTICE}/submit`, {
          title: `by ${who}`,
          category: 1,
          releaseTime: '2025-01-01',
        }),
      );
    const titles = async (c: (typeof callers)[string]) =>
      data<{ records: { title: string }[] }>(await get(c, `${NOTICE}/list?size=50`))
        .records.map((r) => r.title)
        .sort();
    expect(await titles(callers.ops)).toEqual(['by ops', 'by team']);
    expect(await titles(callers.team)).toEqual(['by team']);
    expect(await titles(callers.fin)).toEqual(['by fin']);
    expect(await titles(admin)).toEqual(['by fin', 'by ops', 'by team']);

    // "own rows" narrows further; removing the scope from the role lifts it
    data(await post(admin, `${DATA_SCOPE}/submit`, { id: scope.id, scopeType: 2 }));
    expect(await titles(callers.ops)).toEqual(['by ops']);
    data(await post(admin, `${DATA_SCOPE}/remove?ids=${scope.id}`));
    expect(await titles(callers.ops)).toEqual(['by fin', 'by ops', 'by team']);
    addTenant(app, '600011', ['datascope', 'datascope_add']);
    const other = as(app, (await login(app, 'admin', 'secret', '600011')).token);
    refused(
      await post(other, `${DATA_SCOPE}/submit`, {
        menuId: noticeMenu,
        scopeName: 'x',
        resourceCode: 'x',
        scopeType: 1,
      }),
      403,
      403,
    );
  });
});

describe('api scopes', () => {
  it('limits a role granted api scopes to their paths', async () => {
    expect(scopePathMatches('/blade-desk/notice/**', '/blade-desk/notice/list')).toBe(true);
    expect(scopePathMatches('/blade-desk/notice/**', '/blade-desk/noticeboard')).toBe(false);
    expect(scopePathMatches('/blade-desk/notice/l*', '/blade-desk/notice/list')).toBe(true);
    expect(scopePathMatches('/api/blade-desk/notice/list', '/blade-desk/notice/list')).toBe(true);
    expect(scopePathMatches('/blade-desk/notice', '/blade-desk/notice/detail')).toBe(true);
    expect(scopePathMatches('/blade-desk/notice/list', '/blade-desk/notice/detail')).toBe(false);

    const app = await testApp();
    const admin = await adminClient(app);
    const [noticeMenu, paramMenu] = menuIds(app, ['notice', 'param']);
    const missing = refused(await post(admin, `${API_SCOPE}/submit`, {}), 400, 400);
    expect(missing.msg).toBe(
      '请选择菜单; 请输入接口权限名称; 请输入接口权限编号; 请输入接口权限路径; 请选择接口权限类型',
    );
    refused(
      await post(admin, `${API_SCOPE}/submit`, {
        menuId: noticeMenu,
        scopeName: 'x',
        resourceCode: 'x',
        scopePath: 'nope',
        scopeType: 2,
      }),
      400,
      400,
      '接口路径须以/开头',
    );
    data(
      await post(admin, `${API_SCOPE}/submit`, {
        menuId: noticeMenu,
        scopeName: '公告列表',
        resourceCode: 'notice_list',
        scopePath: '/blade-desk/notice/list',
        scopeType: 2,
      }),
    );
    const noticeScope = data<{ records: { id: string }[] }>(await get(admin, `${API_SCOPE}/list`)).records[0];
    const role = await createRole(admin, app, 'limited');
    data(
      await post(admin, '/api/blade-system/role/grant', {
        roleIds: [role],
        menuIds: menuIds(app, ['notice', 'notice_view', 'param']),
        apiScopeIds: [noticeScope.id],
      }),
    );
    await createUser(admin, app, { account: 'limited', roleId: role });
    const limited = as(app, (await login(app, 'limited', 'secret1')).token);
    data(await get(limited, `${NOTICE}/list`));
    refused(await get(limited, '/api/blade-system/param/list'), 403, 403, '无权限');
    refused(await get(limited, `${NOTICE}/detail?id=1`), 403, 403);
    data(await get(limited, '/api/blade-system/menu/routes'));
    data(await get(limited, '/api/blade-user/info'));

    data(
      await post(admin, `${API_SCOPE}/submit`, {
        menuId: paramMenu,
        scopeName: '参数接口',
        resourceCode: 'param_all',
        scopePath: '/blade-system/param/**',
        scopeType: 1,
      }),
    );
    const scopes = data<{ records: { id: string; resourceCode: string }[] }>(
      await get(admin, `${API_SCOPE}/list`),
    ).records;
    data(
      await post(admin, '/api/blade-system/role/grant', {
        roleIds: [role],
        menuIds: menuIds(app, ['notice', 'notice_view', 'param']),
        apiScopeIds: scopes.map((s) => s.id),
      }),
    );
    data(await get(limited, '/api/blade-system/param/list'));
    const keys = data<{ apiScope: string[] }>(
      await get(admin, `/api/blade-system/menu/role-tree-keys?roleIds=${role}`),
    );
    expect(keys.apiScope.sort()).toEqual(scopes.map((s) => s.id).sort());
  });
});

describe('clients', () => {
  it('manages clients from the platform, never returning the secret', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const CLIENT = '/api/blade-system/client';
    const missing = refused(await post(admin, `${CLIENT}/submit`, {}), 400, 400);
    expect(missing.msg).toBe(
      '请输入客户端id; 请输入客户端密钥; 请输入授权范围; 请输入授权类型; 请输入令牌过期秒数; 请输入刷新令牌过期秒数',
    );
    const client = {
      clientId: 'mobile',
      clientSecret: 'mobile_secret',
      scope: 'all',
      authorizedGrantTypes: 'password,refresh_token',
      accessTokenValidity: 1800,
      refreshTokenValidity: 86400,
    };
    data(await post(admin, `${CLIENT}/submit`, client));
    refused(await post(admin, `${CLIENT}/submit`, client), 400, 400, '应用ID已存在');
    const list = data<{ records: Record<string, unknown>[] }>(
      await get(admin, `${CLIENT}/list?clientId=mobile`),
    );
    expect(list.records).toHaveLength(1);
    expect(list.records[0].clientSecret).toBeUndefined();
    const token = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: `Basic ${Buffer.from('mobile:mobile_secret').toString('base64')}` },
      query: {
        tenantId: '000000',
        username: 'admin',
        password: '21232f297a57a5a743894a0e4a801fc3',
        grant_type: 'password',
      },
    });
    expect(token.json()).toMatchObject({ expires_in: 1800 });
    addTenant(app, '600012', ['client', 'client_add']);
    const other = as(app, (await login(app, 'admin', 'secret', '600012')).token);
    refused(
      await post(other, `${CLIENT}/submit`, { ...client, clientId: 'x' }),
      403,
      403,
      '无权操作平台数据',
    );
  });
});
