import { describe, expect, it } from 'vitest';
import { addTenant, login, testApp } from '../helpers';
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
  ROOT_DEPT,
  type Client,
} from './helpers';

const DEPT = '/api/blade-system/dept';
const MENU = '/api/blade-system/menu';

interface LazyRow {
  id: string;
  parentId: string;
  tenantId?: string;
  deptName?: string;
  name?: string;
  code?: string;
  category?: number;
  categoryName?: string;
  hasChildren: boolean;
  children?: unknown;
}

const lazy = async (c: Client, url: string) => data<LazyRow[]>(await get(c, url));

async function addDept(admin: Client, fields: Record<string, unknown>) {
  data(await post(admin, `${DEPT}/submit`, { deptCategory: 3, sort: 1, ...fields }));
}

describe('lazy tree lists', () => {
  it('departments: roots, the children of a parent, and every matching row when searching', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    await addDept(admin, { parentId: OPS_DEPT, deptName: '一组', fullName: '运营一组' });
    const team = String(
      (app.ctx.sqlite.prepare(`SELECT id FROM blade_dept WHERE dept_name = '一组'`).get() as { id: bigint })
        .id,
    );
    await addDept(admin, { parentId: team, deptName: '小队', fullName: '运营一组小队', deptCategory: 2 });

    // parentId 0 (or none): the roots only, flat, each saying whether it has children
    const roots = await lazy(admin, `${DEPT}/lazy-list?parentId=0`);
    expect(roots).toEqual([expect.objectContaining({ id: ROOT_DEPT, parentId: '0', hasChildren: true })]);
    expect(roots[0]).not.toHaveProperty('children');
    expect(await lazy(admin, `${DEPT}/lazy-list`)).toEqual(roots);
    // a parent: its direct children in sort order
    const below = await lazy(admin, `${DEPT}/lazy-list?parentId=${ROOT_DEPT}`);
    expect(below.map((d) => [d.id, d.hasChildren])).toEqual([
      [OPS_DEPT, true],
      [FIN_DEPT, false],
    ]);
    expect(below[0]).toMatchObject({ deptName: '运营部', tenantId: '000000' });
    expect((await lazy(admin, `${DEPT}/lazy-list?parentId=${team}`)).map((d) => d.deptName)).toEqual([
      '小队',
    ]);
    expect(await lazy(admin, `${DEPT}/lazy-list?parentId=${FIN_DEPT}`)).toEqual([]);

    // a search drops the parent condition: the nested rows that match, wherever they are
    const found = await lazy(admin, `${DEPT}/lazy-list?deptName=${encodeURIComponent('组')}`);
    expect(found.map((d) => [d.deptName, d.hasChildren])).toEqual([['一组', true]]);
    const byFullName = await lazy(admin, `${DEPT}/lazy-list?fullName=${encodeURIComponent('运营一组')}`);
    expect(byFullName.map((d) => d.deptName).sort()).toEqual(['一组', '小队']);
    const byCategory = await lazy(admin, `${DEPT}/lazy-list?deptCategory=3`);
    expect(byCategory.map((d) => d.deptName)).toEqual(['一组']);
    // a search with an explicit parent stays below that parent
    expect(
      await lazy(admin, `${DEPT}/lazy-list?parentId=${ROOT_DEPT}&deptName=${encodeURIComponent('组')}`),
    ).toEqual([]);
    expect(await lazy(admin, `${DEPT}/lazy-list?deptName=nothing-like-this`)).toEqual([]);

    // removing the last child turns hasChildren off
    data(await post(admin, `${DEPT}/remove?ids=${FIN_DEPT}`));
    const squad = String(
      (app.ctx.sqlite.prepare(`SELECT id FROM blade_dept WHERE dept_name = '小队'`).get() as { id: bigint })
        .id,
    );
    data(await post(admin, `${DEPT}/remove?ids=${squad}`));
    expect(
      (await lazy(admin, `${DEPT}/lazy-list?parentId=${OPS_DEPT}`)).map((d) => [d.id, d.hasChildren]),
    ).toEqual([[team, false]]);

    refused(await get(admin, `${DEPT}/lazy-list?parentId=abc`), 400, 400, 'parentId');
  });

  it('departments: a tenant admin sees their own tenant only; the super-admin every tenant', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    addTenant(app, '600021', ['dept', 'dept_add', 'dept_edit', 'dept_delete']);
    const other = as(app, (await login(app, 'admin', 'secret', '600021')).token);
    await addDept(other, { deptName: '分部', fullName: '六号分部', tenantId: '000000' });
    const branch = (await lazy(other, `${DEPT}/lazy-list?parentId=0`))[0];
    expect(branch).toMatchObject({ deptName: '分部', tenantId: '600021', hasChildren: false });
    await addDept(other, { parentId: branch.id, deptName: '分部一组', fullName: '六号分部一组' });

    const ownRoots = await lazy(other, `${DEPT}/lazy-list?parentId=0`);
    expect(ownRoots.map((d) => [d.deptName, d.tenantId, d.hasChildren])).toEqual([['分部', '600021', true]]);
    // another tenant's filter is ignored, another tenant's parent has no children for them
    expect((await lazy(other, `${DEPT}/lazy-list?parentId=0&tenantId=000000`)).map((d) => d.id)).toEqual([
      branch.id,
    ]);
    expect(await lazy(other, `${DEPT}/lazy-list?parentId=${ROOT_DEPT}`)).toEqual([]);
    // a search never reaches into the platform's departments
    const searched = await lazy(other, `${DEPT}/lazy-list?deptName=${encodeURIComponent('部')}`);
    expect(searched.map((d) => d.deptName).sort()).toEqual(['分部', '分部一组']);

    // the super-admin sees the roots of every tenant, or of the tenant it names
    const everyRoot = await lazy(admin, `${DEPT}/lazy-list?parentId=0`);
    expect(new Set(everyRoot.map((d) => d.tenantId))).toEqual(new Set(['000000', '600021']));
    const named = await lazy(admin, `${DEPT}/lazy-list?parentId=0&tenantId=600021`);
    expect(named.map((d) => d.id)).toEqual([branch.id]);
    expect((await lazy(admin, `${DEPT}/lazy-list?parentId=${branch.id}`)).map((d) => d.deptName)).toEqual([
      '分部一组',
    ]);
  });

  it('departments: a data-scoped user starts at their own department', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const [deptMenu] = menuIds(app, ['dept']);
    data(
      await post(admin, '/api/blade-system/data-scope/submit', {
        menuId: deptMenu,
        scopeName: '本部门及以下',
        resourceCode: 'dept',
        scopeColumn: 'id',
        scopeType: 4,
      }),
    );
    const scope = data<{ records: { id: string }[] }>(
      await get(admin, `/api/blade-system/data-scope/list?menuId=${deptMenu}`),
    ).records[0];
    const role = await createRole(admin, app, 'deptscoped');
    data(
      await post(admin, '/api/blade-system/role/grant', {
        roleIds: [role],
        menuIds: menuIds(app, ['dept']),
        dataScopeIds: [scope.id],
        apiScopeIds: [],
      }),
    );
    await addDept(admin, { parentId: OPS_DEPT, deptName: '一组', fullName: '运营一组' });
    await createUser(admin, app, { account: 'opsman', roleId: role, deptId: OPS_DEPT });
    const ops = as(app, (await login(app, 'opsman', 'secret1')).token);
    const roots = await lazy(ops, `${DEPT}/lazy-list?parentId=0`);
    expect(roots.map((d) => [d.id, d.hasChildren])).toEqual([[OPS_DEPT, true]]);
    expect((await lazy(ops, `${DEPT}/lazy-list?parentId=${OPS_DEPT}`)).map((d) => d.deptName)).toEqual([
      '一组',
    ]);
    // below a department out of sight, only what the scope shows (not the finance department)
    expect((await lazy(ops, `${DEPT}/lazy-list?parentId=${ROOT_DEPT}`)).map((d) => d.id)).toEqual([OPS_DEPT]);
    expect(await lazy(ops, `${DEPT}/lazy-list?deptName=${encodeURIComponent('财务')}`)).toEqual([]);
    // the administrator is never narrowed
    expect((await lazy(admin, `${DEPT}/lazy-list?parentId=0`)).map((d) => d.id)).toEqual([ROOT_DEPT]);
  });

  it('menus: roots, buttons below their menu, searches by name, code and type, refused without the menu', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const [desk, notice, noticeAdd] = menuIds(app, ['desk', 'notice', 'notice_add']);
    const roots = await lazy(admin, `${MENU}/lazy-list?parentId=0`);
    expect(roots.length).toBeGreaterThan(1);
    expect(roots.every((m) => m.parentId === '0')).toBe(true);
    expect(roots.find((m) => m.id === desk)).toMatchObject({ hasChildren: true, categoryName: '菜单' });
    expect(roots.some((m) => m.id === notice)).toBe(false);
    const below = await lazy(admin, `${MENU}/lazy-list?parentId=${desk}`);
    expect(below.find((m) => m.id === notice)).toMatchObject({ hasChildren: true });
    const buttons = await lazy(admin, `${MENU}/lazy-list?parentId=${notice}`);
    expect(buttons.find((m) => m.id === noticeAdd)).toMatchObject({
      code: 'notice_add',
      category: 2,
      categoryName: '按钮',
      hasChildren: false,
    });
    // English labels with Accept-Language: en
    const english = data<LazyRow[]>(
      await get(admin, `${MENU}/lazy-list?parentId=${notice}`, { 'accept-language': 'en' }),
    );
    expect(english.find((m) => m.id === noticeAdd)?.categoryName).toBe('Button');

    // searches answer the nested rows that match
    const byCode = await lazy(admin, `${MENU}/lazy-list?code=notice_add`);
    expect(byCode.map((m) => m.id)).toEqual([noticeAdd]);
    const byName = await lazy(admin, `${MENU}/lazy-list?name=${encodeURIComponent('通知公告')}`);
    expect(byName.map((m) => m.id)).toContain(notice);
    expect(byName.every((m) => m.name?.includes('通知公告'))).toBe(true);
    const buttonsOfNotice = await lazy(admin, `${MENU}/lazy-list?code=notice_&category=2`);
    expect(buttonsOfNotice.length).toBeGreaterThan(1);
    expect(buttonsOfNotice.every((m) => m.category === 2 && m.code?.startsWith('notice_'))).toBe(true);
    const menusOnly = await lazy(admin, `${MENU}/lazy-list?code=notice&category=1`);
    expect(menusOnly.map((m) => m.id)).toEqual([notice]);

    // a menu added under a parent shows up among its children, and makes a leaf a parent
    const [param] = menuIds(app, ['param']);
    expect(
      (await lazy(admin, `${MENU}/lazy-list?parentId=${param}`)).some((m) => m.code === 'lazy_child'),
    ).toBe(false);
    data(
      await post(admin, `${MENU}/submit`, {
        parentId: noticeAdd,
        name: '子按钮',
        code: 'lazy_child',
        alias: 'child',
        category: 2,
        sort: 9,
      }),
    );
    expect(
      (await lazy(admin, `${MENU}/lazy-list?parentId=${notice}`)).find((m) => m.id === noticeAdd),
    ).toMatchObject({
      hasChildren: true,
    });
    expect((await lazy(admin, `${MENU}/lazy-list?parentId=${noticeAdd}`)).map((m) => m.code)).toEqual([
      'lazy_child',
    ]);

    // tenant admins without the menu screen are refused
    addTenant(app, '600022', ['dept']);
    const other = as(app, (await login(app, 'admin', 'secret', '600022')).token);
    refused(await get(other, `${MENU}/lazy-list?parentId=0`), 403, 403);
  });
});
