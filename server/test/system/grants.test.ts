import { describe, expect, it } from 'vitest';
import { addTenant, login, testApp } from '../helpers';
import {
  ADMIN_ROLE,
  adminClient,
  as,
  createRole,
  createUser,
  data,
  get,
  idsOf,
  leafCodes,
  menuIds,
  post,
  refused,
} from './helpers';

const MENU = '/api/blade-system/menu';
const ROLE = '/api/blade-system/role';

describe('role grants', () => {
  it('round-trips: routes and buttons show exactly the granted subset, and ungranted buttons are refused', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const roleId = await createRole(admin, app, 'clerk');
    const granted = menuIds(app, ['notice', 'notice_view', 'param', 'param_add']);
    // a scope-less grant: data and api scope arrays may be left out
    data(await post(admin, `${ROLE}/grant`, { roleIds: [roleId], menuIds: granted }));
    const keys = data<{ menu: string[]; dataScope: string[]; apiScope: string[] }>(
      await get(admin, `${MENU}/role-tree-keys?roleIds=${roleId}`),
    );
    expect(keys.menu.sort()).toEqual([...granted].sort());
    expect(keys).toMatchObject({ dataScope: [], apiScope: [] });

    await createUser(admin, app, { account: 'clerk1', roleId });
    const clerk = as(app, (await login(app, 'clerk1', 'secret1')).token);
    const routes = data<{ id: string; children?: unknown[] }[]>(await get(clerk, `${MENU}/routes`));
    expect(idsOf(routes).sort()).toEqual(menuIds(app, ['desk', 'notice', 'system', 'param']).sort());
    const buttons = data<{ code: string; children?: unknown[] }[]>(await get(clerk, `${MENU}/buttons`));
    expect(leafCodes(buttons).sort()).toEqual(['notice_view', 'param_add']);
    expect(JSON.stringify(buttons)).not.toContain('"children":[]');

    data(await get(clerk, '/api/blade-desk/notice/list'));
    refused(
      await post(clerk, '/api/blade-desk/notice/submit', {
        title: 't',
        category: 1,
        releaseTime: '2025-01-01',
      }),
      403,
      403,
      '无权限',
    );
    data(
      await post(clerk, '/api/blade-system/param/submit', {
        paramName: 'n',
        paramKey: 'clerk.k',
        paramValue: 'v',
      }),
    );
    refused(await post(clerk, '/api/blade-system/param/remove?ids=1'), 403, 403);
    refused(await get(clerk, `${ROLE}/list`), 403, 403);

    // a second grant replaces the first
    data(
      await post(admin, `${ROLE}/grant`, {
        roleIds: [roleId],
        menuIds: menuIds(app, ['notice']),
        dataScopeIds: [],
        apiScopeIds: [],
      }),
    );
    const after = data<{ code: string }[]>(await get(clerk, `${MENU}/buttons`));
    expect(leafCodes(after)).toEqual([]);
    refused(
      await post(clerk, '/api/blade-system/param/submit', {
        paramName: 'n',
        paramKey: 'clerk.k2',
        paramValue: 'v',
      }),
      403,
      403,
    );
  });

  it('keeps a tenant admin to its own tenant, its own menus and away from the super-admin role', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    addTenant(app, '600001', [
      'role',
      'role_add',
      'role_edit',
      'role_delete',
      'role_grant',
      'notice',
      'notice_add',
      'user',
      'user_add',
    ]);
    const tenantAdmin = as(app, (await login(app, 'admin', 'secret', '600001')).token);

    refused(
      await post(tenantAdmin, `${ROLE}/submit`, { roleName: 'x', roleAlias: 'administrator', sort: 1 }),
      403,
      403,
      '无权限创建超管角色',
    );
    // tenantId in the body is overwritten for everyone but the platform super-admin
    data(
      await post(tenantAdmin, `${ROLE}/submit`, {
        roleName: '店员',
        roleAlias: 'staff',
        sort: 2,
        tenantId: '000000',
      }),
    );
    const staff = app.ctx.sqlite
      .prepare(`SELECT id, tenant_id AS t FROM blade_role WHERE role_alias = 'staff'`)
      .get() as { id: bigint; t: string };
    expect(staff.t).toBe('600001');

    refused(
      await post(tenantAdmin, `${ROLE}/grant`, {
        roleIds: [String(staff.id)],
        menuIds: menuIds(app, ['param']),
      }),
      403,
      403,
      '无权授予本人未拥有的菜单',
    );
    data(
      await post(tenantAdmin, `${ROLE}/grant`, {
        roleIds: [String(staff.id)],
        menuIds: menuIds(app, ['notice']),
      }),
    );
    refused(
      await post(tenantAdmin, `${ROLE}/grant`, { roleIds: [ADMIN_ROLE], menuIds: [] }),
      403,
      400,
      '无权操作非本租户的数据',
    );
    refused(
      await post(tenantAdmin, `${ROLE}/submit`, { id: ADMIN_ROLE, roleName: 'hacked' }),
      403,
      400,
      '无权操作非本租户的数据',
    );
    refused(await post(tenantAdmin, `${ROLE}/remove?ids=${ADMIN_ROLE},${String(staff.id)}`), 403, 400);
    // a tenant admin cannot hand the super-admin role to a user of its own either
    refused(
      await post(tenantAdmin, '/api/blade-user/submit', {
        account: 'u1',
        name: 'u1',
        realName: 'u1',
        roleId: ADMIN_ROLE,
        deptId: '1123598813738675201',
      }),
      403,
      400,
    );

    const ownRoles = data<{ tenantId: string }[]>(await get(tenantAdmin, `${ROLE}/list`));
    expect(ownRoles.length).toBeGreaterThan(0);
    expect(new Set(ownRoles.map((r) => r.tenantId))).toEqual(new Set(['600001']));
    const allRoles = data<{ tenantId: string; children?: unknown[] }[]>(await get(admin, `${ROLE}/list`));
    const tenants = new Set<string>();
    const walk = (nodes: { tenantId: string; children?: unknown[] }[]) =>
      nodes.forEach((n) => {
        tenants.add(n.tenantId);
        walk((n.children ?? []) as typeof nodes);
      });
    walk(allRoles);
    expect(tenants).toEqual(new Set(['000000', '600001']));

    // trees and selects: own tenant, never the super-admin role for others
    const tree = data<{ title: string; key: string; value: string; id: string }[]>(
      await get(tenantAdmin, `${ROLE}/tree`),
    );
    expect(tree.every((n) => n.key === n.id && n.value === n.id)).toBe(true);
    expect(tree.map((n) => n.title)).not.toContain('超级管理员');
    const platformTree = data<{ title: string }[]>(await get(admin, `${ROLE}/tree?tenantId=600001`));
    expect(platformTree.map((n) => n.title).sort()).toEqual(['店员', '管理员'].sort());
    const select = data<{ roleAlias: string }[]>(await get(admin, `${ROLE}/select`));
    expect(select.map((r) => r.roleAlias)).toContain('administrator');
    const byId = data<{ id: string }[]>(await get(admin, `${ROLE}/tree-by-id?roleId=${ADMIN_ROLE}`));
    expect(idsOf(byId)).not.toContain(ADMIN_ROLE);
    refused(await get(tenantAdmin, `${ROLE}/tree-by-id?roleId=${ADMIN_ROLE}`), 403, 400);
  });

  it('validates role fields and refuses unknown roles in a grant', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const missing = refused(await post(admin, `${ROLE}/submit`, {}), 400, 400);
    expect(missing.msg).toBe('请输入角色名称; 请输入角色别名; 请输入角色排序');
    refused(
      await post(admin, `${ROLE}/submit`, { roleName: 'x', roleAlias: 'admin', sort: 1 }),
      400,
      400,
      '角色别名已存在',
    );
    refused(await post(admin, `${ROLE}/grant`, { roleIds: [], menuIds: [] }), 400, 400, '请选择角色');
    refused(await post(admin, `${ROLE}/grant`, { roleIds: ['123'], menuIds: [] }), 400, 400);
    refused(await post(admin, `${ROLE}/grant`, { roleIds: 'x,y' }), 400, 400, 'roleIds');
    const child = await createRole(admin, app, 'child');
    data(await post(admin, `${ROLE}/submit`, { id: child, parentId: ADMIN_ROLE }));
    refused(
      await post(admin, `${ROLE}/submit`, { id: ADMIN_ROLE, parentId: child }),
      400,
      400,
      '上级节点不能是自身的下级',
    );
    refused(await post(admin, `${ROLE}/remove?ids=${ADMIN_ROLE}`), 400, 400, '请先删除子节点');
    const detail = data<{ roleAlias: string; parentId: string }>(
      await get(admin, `${ROLE}/detail?id=${child}`),
    );
    expect(detail).toMatchObject({ roleAlias: 'child', parentId: ADMIN_ROLE });
  });
});

describe('menus', () => {
  it('serves routes narrowed by top menu and meta.roles, the grant trees and the lazy lists', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    expect((await get(as(app, null), `${MENU}/routes`)).json()).toMatchObject({ code: 200, data: {} });

    const all = idsOf(data(await get(admin, `${MENU}/routes`)) as never);
    const tops = data<{ id: string; code: string; name: string; path: string; sort: number }[]>(
      await get(admin, `${MENU}/top-menu`),
    );
    expect(tops.map((t) => t.code)).toEqual(['workbench', 'business', 'system']);
    const business = tops.find((t) => t.code === 'business')!;
    const narrowed = data<{ code: string; children?: unknown[] }[]>(
      await get(admin, `${MENU}/routes?topMenuId=${business.id}`),
    );
    expect(narrowed.map((n) => n.code)).toEqual([
      'psi_base',
      'psi_order',
      'psi_depository',
      'psi_finance',
      'report',
    ]);
    expect(idsOf(narrowed as never).length).toBeLessThan(all.length);
    refused(await get(admin, `${MENU}/routes?topMenuId=abc`), 400, 400);

    // meta.roles: a menu marked for some role aliases is left out for everyone else
    const [notice] = menuIds(app, ['notice']);
    data(await post(admin, `${MENU}/submit`, { id: notice, remark: 'roles:admin' }));
    const withoutNotice = idsOf(data(await get(admin, `${MENU}/routes`)) as never);
    expect(withoutNotice).not.toContain(notice);
    data(await post(admin, `${MENU}/submit`, { id: notice, remark: 'roles:administrator,admin' }));
    const routes = data<{ code: string; children?: { code: string; meta: { roles?: string[] } }[] }[]>(
      await get(admin, `${MENU}/routes`),
    );
    const desk = routes.find((r) => r.code === 'desk')!;
    expect(desk.children!.find((c) => c.code === 'notice')!.meta.roles).toEqual(['administrator', 'admin']);

    const tree = data<
      { id: string; title: string; key: string; value: string; hasChildren: boolean; children?: unknown[] }[]
    >(await get(admin, `${MENU}/tree`));
    expect(tree[0]).toMatchObject({ key: tree[0].id, value: tree[0].id, hasChildren: true });
    const grantTree = data<{ menu: unknown[]; dataScope: unknown[]; apiScope: unknown[] }>(
      await get(admin, `${MENU}/grant-tree`),
    );
    expect(Object.keys(grantTree).sort()).toEqual(['apiScope', 'dataScope', 'menu']);
    expect(idsOf(grantTree.menu as never)).toContain(menuIds(app, ['notice_add'])[0]);
    const topTree = data<{ menu: unknown[] }>(await get(admin, `${MENU}/grant-top-tree`));
    expect(idsOf(topTree.menu as never)).toContain(notice);
    const topKeys = data<{ menu: string[] }>(
      await get(admin, `${MENU}/top-tree-keys?topMenuIds=${business.id}`),
    );
    expect(topKeys.menu).toContain(menuIds(app, ['psi_base'])[0]);

    const roots = data<{ parentId: string; hasChildren: boolean; category: number }[]>(
      await get(admin, `${MENU}/lazy-list`),
    );
    expect(roots.every((r) => r.parentId === '0' && r.hasChildren)).toBe(true);
    const deskChildren = data<{ code: string; hasChildren: boolean }[]>(
      await get(admin, `${MENU}/lazy-list?parentId=${menuIds(app, ['desk'])[0]}`),
    );
    expect(deskChildren).toEqual([expect.objectContaining({ code: 'notice', hasChildren: true })]);
    const lazyMenus = data<{ code: string; hasChildren: boolean }[]>(
      await get(admin, `${MENU}/lazy-menu-list?parentId=${menuIds(app, ['desk'])[0]}`),
    );
    expect(lazyMenus).toEqual([expect.objectContaining({ code: 'notice', hasChildren: false })]);
    const menuList = data<{ category: number; children?: { category: number }[] }[]>(
      await get(admin, `${MENU}/menu-list`),
    );
    expect(JSON.stringify(menuList)).not.toContain('"category":2');
    const list = data<{ code: string }[]>(await get(admin, `${MENU}/list?code=notice_`));
    expect(list.map((m) => m.code).sort()).toEqual([
      'notice_add',
      'notice_delete',
      'notice_edit',
      'notice_view',
    ]);
    const detail = data<{ parentName: string; categoryName: string }>(
      await get(admin, `${MENU}/detail?id=${notice}`),
    );
    expect(detail).toMatchObject({ parentName: '工作台', categoryName: '菜单' });
  });

  it('adds, changes and removes menus from the platform only, with messages', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const missing = refused(await post(admin, `${MENU}/submit`, {}), 400, 400);
    expect(missing.msg).toBe(
      '请输入菜单名称; 请输入菜单编号; 请输入菜单别名; 请选择菜单类型; 请输入菜单排序',
    );
    refused(
      await post(admin, `${MENU}/submit`, { name: 'x', code: 'notice', alias: 'menu', category: 1, sort: 1 }),
      400,
      400,
      '菜单编号已存在',
    );
    const [desk] = menuIds(app, ['desk']);
    data(
      await post(admin, `${MENU}/submit`, {
        name: '报告',
        code: 'my_report',
        alias: 'menu',
        category: 1,
        sort: 9,
        parentId: desk,
        path: '/desk/my',
      }),
    );
    const [mine] = menuIds(app, ['my_report']);
    refused(
      await post(admin, `${MENU}/submit`, { id: mine, parentId: mine }),
      400,
      400,
      '父节点不可选择自身',
    );
    refused(
      await post(admin, `${MENU}/submit`, { id: desk, parentId: mine }),
      400,
      400,
      '上级节点不能是自身的下级',
    );
    refused(await post(admin, `${MENU}/remove?ids=${desk}`), 400, 400, '请先删除子节点');
    data(await post(admin, `${MENU}/remove?ids=${mine}`));

    addTenant(app, '600002', ['menu', 'menu_add', 'menu_edit', 'menu_delete']);
    const tenantAdmin = as(app, (await login(app, 'admin', 'secret', '600002')).token);
    data(await get(tenantAdmin, `${MENU}/list`));
    refused(
      await post(tenantAdmin, `${MENU}/submit`, {
        name: 'x',
        code: 'x_menu',
        alias: 'menu',
        category: 1,
        sort: 1,
      }),
      403,
      403,
      '无权操作平台数据',
    );
    refused(await post(tenantAdmin, `${MENU}/remove?ids=${desk}`), 403, 403);
  });

  it('limits a tenant with a package to the package menus', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const PKG = '/api/blade-system/tenant-package';
    const empty = refused(await post(admin, `${PKG}/submit`, {}), 400, 400);
    expect(empty.msg).toBe('请输入产品包名称; 请选择菜单');
    const en = refused(
      await post(admin, `${PKG}/submit`, { packageName: 'p' }, { 'accept-language': 'en' }),
      400,
      400,
    );
    expect(en.msg).toBe('Please select the menus');
    const [notice] = menuIds(app, ['notice']);
    data(await post(admin, `${PKG}/submit`, { packageName: '公告包', menuId: [notice] }));
    const pkg = data<{ records: { id: string; menuId: string }[] }>(await get(admin, `${PKG}/list`))
      .records[0];
    expect(pkg.menuId).toBe(notice);

    const tenant = data<{ tenantId: string }>(
      await post(admin, '/api/blade-system/tenant/submit', { tenantName: '套餐租户', linkman: '张三' }),
    );
    const tenantAdmin = as(app, (await login(app, 'admin', 'admin', tenant.tenantId)).token);
    const before = idsOf(data(await get(tenantAdmin, `${MENU}/routes`)) as never);
    expect(before).toContain(menuIds(app, ['user'])[0]);

    data(
      await post(
        admin,
        `/api/blade-system/tenant/package-setting?tenantId=${tenant.tenantId}&packageId=${pkg.id}`,
      ),
    );
    const routes = idsOf(data(await get(tenantAdmin, `${MENU}/routes`)) as never);
    expect(routes.sort()).toEqual(menuIds(app, ['desk', 'notice']).sort());
    const buttons = leafCodes(data(await get(tenantAdmin, `${MENU}/buttons`)) as never);
    expect(buttons.sort()).toEqual(['notice_add', 'notice_delete', 'notice_edit', 'notice_view']);
    refused(await get(tenantAdmin, '/api/blade-user/page'), 403, 403);
    const detail = data<{ packageName: string }>(
      await get(admin, `/api/blade-system/tenant/package-detail?tenantId=${tenant.tenantId}`),
    );
    expect(detail.packageName).toBe('公告包');
    const tree = data<{ id: string }[]>(await get(admin, `${MENU}/tree?tenantId=${tenant.tenantId}`));
    expect(idsOf(tree).sort()).toEqual(menuIds(app, ['desk', 'notice']).sort());
    // the package also bounds what can be granted to the tenant's roles
    const role = app.ctx.sqlite
      .prepare(`SELECT id FROM blade_role WHERE tenant_id = ? AND role_alias = 'admin'`)
      .get(tenant.tenantId) as { id: bigint };
    refused(
      await post(admin, `${ROLE}/grant`, { roleIds: [String(role.id)], menuIds: menuIds(app, ['param']) }),
      400,
      400,
      '超出租户产品包',
    );
  });
});
