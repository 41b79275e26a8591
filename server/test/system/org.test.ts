import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@psi/db/model';
import { addTenant, login, testApp } from '../helpers';
import { adminClient, as, data, FIN_DEPT, get, idsOf, OPS_DEPT, post, refused, ROOT_DEPT } from './helpers';

const DEPT = '/api/blade-system/dept';
const TENANT = '/api/blade-system/tenant';

describe('departments and posts', () => {
  it('keeps ancestors, serves the lazy lists and trees, and guards parents', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    // a left-out deptCategory takes its default (tested with the public dialect); sent empty it is refused
    const missing = refused(await post(admin, `${DEPT}/submit`, { deptCategory: '' }), 400, 400);
    expect(missing.msg).toBe('请输入部门名称; 请输入部门全称; 请选择机构类型; 请输入部门排序');
    data(
      await post(admin, `${DEPT}/submit`, {
        parentId: OPS_DEPT,
        deptName: '一组',
        fullName: '运营一组',
        deptCategory: 3,
        sort: 1,
      }),
    );
    const team = app.ctx.sqlite
      .prepare(`SELECT id, ancestors FROM blade_dept WHERE dept_name = '一组'`)
      .get() as {
      id: bigint;
      ancestors: string;
    };
    expect(team.ancestors).toBe(`0,${ROOT_DEPT},${OPS_DEPT}`);
    data(
      await post(admin, `${DEPT}/submit`, {
        parentId: String(team.id),
        deptName: '小队',
        fullName: '运营一组小队',
        deptCategory: 3,
        sort: 1,
      }),
    );
    // moving a department moves everything below it
    data(await post(admin, `${DEPT}/submit`, { id: OPS_DEPT, parentId: FIN_DEPT }));
    const squad = app.ctx.sqlite
      .prepare(`SELECT ancestors FROM blade_dept WHERE dept_name = '小队'`)
      .get() as {
      ancestors: string;
    };
    expect(squad.ancestors).toBe(`0,${ROOT_DEPT},${FIN_DEPT},${OPS_DEPT},${team.id}`);
    refused(
      await post(admin, `${DEPT}/submit`, { id: FIN_DEPT, parentId: String(team.id) }),
      400,
      400,
      '上级节点不能是自身的下级',
    );
    refused(
      await post(admin, `${DEPT}/submit`, { id: FIN_DEPT, parentId: '999' }),
      400,
      400,
      '上级节点不存在',
    );
    refused(await post(admin, `${DEPT}/remove?ids=${OPS_DEPT}`), 400, 400, '请先删除子节点');

    const list = data<{ id: string; children?: unknown[] }[]>(await get(admin, `${DEPT}/list`));
    expect(list.map((d) => d.id)).toEqual([ROOT_DEPT]);
    const lazy = data<{ id: string; hasChildren: boolean }[]>(
      await get(admin, `${DEPT}/lazy-list?parentId=${ROOT_DEPT}`),
    );
    expect(lazy).toEqual([expect.objectContaining({ id: FIN_DEPT, hasChildren: true })]);
    const tree = data<{ id: string; title: string; key: string }[]>(await get(admin, `${DEPT}/tree`));
    expect(idsOf(tree)).toHaveLength(5);
    expect(tree[0]).toMatchObject({ title: '书籍征订平台', key: ROOT_DEPT });
    const lazyTree = data<{ id: string; hasChildren: boolean }[]>(
      await get(admin, `${DEPT}/lazy-tree?parentId=${FIN_DEPT}`),
    );
    expect(lazyTree).toEqual([expect.objectContaining({ id: OPS_DEPT, hasChildren: true })]);
    const select = data<{ deptName: string }[]>(await get(admin, `${DEPT}/select`));
    expect(select).toHaveLength(5);
  });

  it('shows the super-admin every tenant and everyone else their own; refuses cross-tenant writes', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    addTenant(app, '600003', [
      'dept',
      'dept_add',
      'dept_edit',
      'dept_delete',
      'user',
      'user_edit',
      'user_delete',
      'post',
      'post_add',
      'post_edit',
      'role',
    ]);
    const other = as(app, (await login(app, 'admin', 'secret', '600003')).token);
    data(
      await post(other, `${DEPT}/submit`, {
        deptName: '分部',
        fullName: '六号分部',
        deptCategory: 1,
        sort: 1,
        tenantId: '000000',
      }),
    );
    const own = data<{ tenantId: string }[]>(await get(other, `${DEPT}/list`));
    expect(own.map((d) => d.tenantId)).toEqual(['600003']);
    const everything = data<{ tenantId: string }[]>(await get(admin, `${DEPT}/list`));
    expect(new Set(everything.map((d) => d.tenantId))).toEqual(new Set(['000000', '600003']));
    const users = data<{ records: { tenantId: string }[] }>(
      await get(admin, '/api/blade-user/page?size=100'),
    );
    expect(new Set(users.records.map((u) => u.tenantId))).toEqual(new Set(['000000', '600003']));
    const ownUsers = data<{ records: { tenantId: string }[] }>(
      await get(other, '/api/blade-user/page?tenantId=000000'),
    );
    expect(ownUsers.records.map((u) => u.tenantId)).toEqual(['600003']);

    refused(
      await post(other, `${DEPT}/submit`, { id: ROOT_DEPT, deptName: 'x' }),
      403,
      400,
      '无权操作非本租户的数据',
    );
    refused(await post(other, `${DEPT}/remove?ids=${FIN_DEPT}`), 403, 400);
    refused(
      await post(other, `${DEPT}/submit`, {
        deptName: 'y',
        fullName: 'y',
        deptCategory: 1,
        sort: 1,
        parentId: ROOT_DEPT,
      }),
      403,
      400,
    );
    refused(await post(other, '/api/blade-user/remove?ids=1123598821738675201'), 403, 400);
    refused(
      await post(other, '/api/blade-user/submit', { id: '1123598821738675201', realName: 'x' }),
      403,
      400,
    );
    expect(data(await get(other, `${DEPT}/detail?id=${ROOT_DEPT}`))).toEqual({});

    // the super-admin may put a department into another tenant
    data(
      await post(admin, `${DEPT}/submit`, {
        deptName: '代建',
        fullName: '代建部门',
        deptCategory: 1,
        sort: 2,
        tenantId: '600003',
      }),
    );
    expect(data<unknown[]>(await get(other, `${DEPT}/list`))).toHaveLength(2);
    refused(
      await post(admin, `${DEPT}/submit`, {
        deptName: 'z',
        fullName: 'z',
        deptCategory: 1,
        sort: 2,
        tenantId: '999999',
      }),
      400,
      400,
      '租户不存在',
    );

    // posts: tenant-scoped for everyone, codes unique per tenant
    const POST = '/api/blade-system/post';
    const postMissing = refused(await post(other, `${POST}/submit`, {}), 400, 400);
    expect(postMissing.msg).toBe('请选择岗位类型; 请输入岗位编号; 请输入岗位名称; 请输入岗位排序');
    data(await post(other, `${POST}/submit`, { category: 1, postCode: 'ceo', postName: '总经理', sort: 1 }));
    refused(
      await post(other, `${POST}/submit`, { category: 1, postCode: 'ceo', postName: '副总', sort: 2 }),
      400,
      400,
      '岗位编号已存在',
    );
    refused(
      await post(other, `${POST}/submit`, { category: 99, postCode: 'x', postName: 'x', sort: 2 }),
      400,
      400,
      '岗位类型格式不正确',
    );
    const posts = data<{ postCode: string; tenantId: string }[]>(await get(other, `${POST}/select`));
    expect(posts).toEqual([expect.objectContaining({ postCode: 'ceo', tenantId: '600003' })]);
    const platformPosts = data<unknown[]>(await get(admin, `${POST}/select`));
    expect(platformPosts).toHaveLength(8);
    expect(data<unknown[]>(await get(admin, `${POST}/select?tenantId=600003`))).toHaveLength(1);
  });
});

describe('tenants', () => {
  it('creates a tenant with its admin role, department, post and user; enforces expiry and the account limit', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const missing = refused(await post(admin, `${TENANT}/submit`, {}), 400, 400);
    expect(missing.msg).toBe('请输入租户名称; 请输入联系人');
    const created = data<{ tenantId: string; accountNumber: number; expireTime: string; id: string }>(
      await post(admin, `${TENANT}/submit`, {
        tenantName: '青桐书业',
        linkman: '李四',
        domain: 'https://books.example.com',
      }),
    );
    expect(created.tenantId).toMatch(/^\d{6}$/);
    expect(created).toMatchObject({ accountNumber: 100, expireTime: '2099-12-31 23:59:59' });
    const t = created.tenantId;
    const rows = (sql: string) => app.ctx.sqlite.prepare(sql).all(t) as Record<string, unknown>[];
    expect(rows('SELECT role_alias AS a FROM blade_role WHERE tenant_id = ?')).toEqual([{ a: 'admin' }]);
    expect(rows('SELECT dept_name AS n FROM blade_dept WHERE tenant_id = ?')).toEqual([{ n: '青桐书业' }]);
    expect(rows('SELECT post_code AS c FROM blade_post WHERE tenant_id = ?')).toEqual([{ c: 'ceo' }]);
    const tenantAdmin = as(app, (await login(app, 'admin', 'admin', t)).token);
    const info = data<{ roleName: string; deptName: string; postName: string; password: string }>(
      await get(tenantAdmin, '/api/blade-user/info'),
    );
    expect(info).toMatchObject({
      roleName: '管理员',
      deptName: '青桐书业',
      postName: '首席执行官',
      password: '',
    });
    // default menus: the tenant admin manages its users but not the platform
    data(await get(tenantAdmin, '/api/blade-user/page'));
    refused(await get(tenantAdmin, `${TENANT}/list`), 403, 403);
    refused(await post(tenantAdmin, `${TENANT}/submit`, { tenantName: 'x', linkman: 'y' }), 403, 403);
    refused(
      await post(admin, `${TENANT}/submit`, { tenantName: 'x', linkman: 'y', tenantId: t }),
      400,
      400,
      '租户ID已存在',
    );

    // info by domain is public; unknown domains give {}
    const anonymous = as(app, null);
    expect(data(await get(anonymous, `${TENANT}/info?domain=https://books.example.com`))).toEqual({
      tenantId: t,
      domain: 'https://books.example.com',
      backgroundUrl: '',
    });
    expect((await get(anonymous, `${TENANT}/info?domain=https://nope.example.com`)).json()).toMatchObject({
      code: 200,
      data: {},
      msg: '暂无承载数据',
    });

    // account limit: the tenant already has its admin
    data(await post(admin, `${TENANT}/setting?ids=${created.id}&accountNumber=1`));
    const dept = rows('SELECT id FROM blade_dept WHERE tenant_id = ?')[0].id as bigint;
    const role = rows('SELECT id FROM blade_role WHERE tenant_id = ?')[0].id as bigint;
    const newUser = {
      account: 'clerk',
      name: 'c',
      realName: 'c',
      roleId: String(role),
      deptId: String(dept),
    };
    refused(await post(tenantAdmin, '/api/blade-user/submit', newUser), 400, 400, '当前租户已到最大账号额度');
    data(await post(admin, `${TENANT}/setting?ids=${created.id}&accountNumber=-1`));
    data(await post(tenantAdmin, '/api/blade-user/submit', newUser));
    refused(await post(admin, `${TENANT}/setting?ids=${created.id}&accountNumber=abc`), 400, 400, '账号额度');

    // expiry: refused at sign-in, and no new accounts
    const past = formatDateTime(new Date(Date.now() - 86_400_000));
    data(
      await post(admin, `${TENANT}/setting`, `ids=${created.id}&expireTime=${encodeURIComponent(past)}`, {
        'content-type': 'application/x-www-form-urlencoded',
      }),
    );
    await expect(login(app, 'admin', 'admin', t)).rejects.toThrow(/租户已过期/);
    // and the signed-in users of the expired tenant are refused on their next request
    refused(await post(tenantAdmin, '/api/blade-user/submit', { ...newUser, account: 'late' }), 401, 401);

    // data source and removal
    refused(
      await post(admin, `${TENANT}/datasource?tenantId=${t}&datasourceId=123`),
      400,
      400,
      '数据源不存在',
    );
    data(await post(admin, `${TENANT}/datasource?tenantId=${t}&datasourceId=`));
    refused(await post(admin, `${TENANT}/remove?ids=1123598820738675201`), 400, 400, '不可删除平台租户');
    data(await post(admin, `${TENANT}/remove?ids=${created.id}`));
    await expect(login(app, 'clerk', 'admin', t)).rejects.toThrow(/用户名或密码错误/);
    const selectable = data<{ tenantId: string }[]>(await get(admin, `${TENANT}/select`));
    expect(selectable.map((s) => s.tenantId)).toEqual(['000000']);
  });
});
