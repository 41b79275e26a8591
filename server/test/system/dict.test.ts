import { describe, expect, it } from 'vitest';
import { addTenant, login, testApp } from '../helpers';
import { adminClient, as, data, get, idsOf, post, refused } from './helpers';

const DICT = '/api/blade-system/dict';
const BIZ = '/api/blade-system/dict-biz';
const PARAM = '/api/blade-system/param';

describe('dictionaries', () => {
  it("validates with the seed's dictionary messages and serves parents, children, trees and dictionaries", async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    // a left-out isSealed takes its default (tested with the public dialect); sent empty it is refused
    const missing = refused(await post(admin, `${DICT}/submit`, { isSealed: '' }), 400, 400);
    expect(missing.msg).toBe('请输入字典编号; 请输入字典名称; 请输入字典排序; 请选择是否封存');
    const en = refused(
      await post(admin, `${DICT}/submit`, { isSealed: '' }, { 'accept-language': 'en' }),
      400,
      400,
    );
    expect(en.msg).toBe(
      'Please enter the dictionary code; Please enter the dictionary name; Please enter the dictionary sort order; Please choose whether the entry is sealed',
    );
    data(await post(admin, `${DICT}/submit`, { code: 'color', dictValue: '颜色', sort: 1, isSealed: 0 }));
    refused(
      await post(admin, `${DICT}/submit`, { code: 'color', dictValue: '颜色2', sort: 1, isSealed: 0 }),
      400,
      400,
      '当前字典编号已存在',
    );
    const parent = data<{ records: { id: string; code: string; dictKey: number }[] }>(
      await get(admin, `${DICT}/parent-list?code=color`),
    ).records[0];
    expect(parent).toMatchObject({ code: 'color', dictKey: -1 });
    const noKey = refused(
      await post(admin, `${DICT}/submit`, {
        parentId: parent.id,
        code: 'x',
        dictValue: '红',
        sort: 2,
        isSealed: 0,
      }),
      400,
      400,
    );
    expect(noKey.msg).toBe('请输入字典键值');
    refused(
      await post(admin, `${DICT}/submit`, {
        parentId: parent.id,
        code: 'color',
        dictValue: '红',
        dictKey: 'red',
        sort: 2,
        isSealed: 0,
      }),
      400,
      400,
      '系统字典键值须为整数',
    );
    // the entry takes its dictionary's code whatever the body says
    data(
      await post(admin, `${DICT}/submit`, {
        parentId: parent.id,
        code: 'other',
        dictValue: '绿',
        dictKey: '2',
        sort: 2,
        isSealed: 0,
      }),
    );
    data(
      await post(admin, `${DICT}/submit`, {
        parentId: parent.id,
        code: 'color',
        dictValue: '红',
        dictKey: 1,
        sort: 1,
        isSealed: 1,
      }),
    );
    refused(
      await post(admin, `${DICT}/submit`, {
        parentId: parent.id,
        code: 'color',
        dictValue: '蓝',
        dictKey: 1,
        sort: 3,
        isSealed: 0,
      }),
      400,
      400,
      '当前字典键值已存在',
    );
    const entries = data<
      { dictKey: number; dictValue: string; sort: number; isSealed: number; id: string }[]
    >(await get(admin, `${DICT}/dictionary?code=color`));
    expect(entries.map((e) => [e.dictKey, e.dictValue])).toEqual([
      [1, '红'],
      [2, '绿'],
    ]);
    const children = data<{ records: { code: string }[]; total: number }>(
      await get(admin, `${DICT}/child-list?parentId=${parent.id}`),
    );
    expect(children.total).toBe(2);
    expect(children.records.every((c) => c.code === 'color')).toBe(true);
    refused(await get(admin, `${DICT}/child-list`), 400, 400, 'parentId');
    const tree = data<{ id: string; title: string }[]>(await get(admin, `${DICT}/tree?code=DICT`));
    expect(idsOf(tree)).toContain(parent.id);
    const list = data<{ id: string; children?: unknown[] }[]>(await get(admin, `${DICT}/list?code=color`));
    expect(list).toHaveLength(1);
    expect(list[0].children).toHaveLength(2);

    // sealed entries cannot be changed or removed, only unsealed
    const red = entries.find((e) => e.dictKey === 1)!;
    refused(await post(admin, `${DICT}/submit`, { id: red.id, dictValue: '深红' }), 400, 400, '已封存');
    refused(await post(admin, `${DICT}/remove?ids=${red.id}`), 400, 400, '已封存');
    data(await post(admin, `${DICT}/submit`, { id: red.id, isSealed: 0 }));
    data(await post(admin, `${DICT}/submit`, { id: red.id, dictValue: '深红' }));
    refused(await post(admin, `${DICT}/remove?ids=${parent.id}`), 400, 400, '请先删除子节点');
    const detail = data<{ parentName: string; dictKey: number }>(
      await get(admin, `${DICT}/detail?id=${red.id}`),
    );
    expect(detail).toMatchObject({ parentName: '颜色', dictKey: 1 });

    // the seed's notice dictionary is sorted by sort with numeric keys, for every signed-in user
    addTenant(app, '600004', []);
    const nobody = as(app, (await login(app, 'admin', 'secret', '600004')).token);
    const notice = data<{ dictKey: number; sort: number }[]>(
      await get(nobody, `${DICT}/dictionary?code=notice`),
    );
    expect(notice.map((n) => n.dictKey)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    refused(await get(nobody, `${DICT}/parent-list`), 403, 403);
  });

  it('keeps system dictionaries to the platform and business dictionaries to each tenant', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    addTenant(app, '600005', [
      'dict',
      'dict_add',
      'dictbiz',
      'dictbiz_add',
      'dictbiz_edit',
      'dictbiz_config',
    ]);
    const other = as(app, (await login(app, 'admin', 'secret', '600005')).token);
    refused(
      await post(other, `${DICT}/submit`, { code: 'x', dictValue: 'x', sort: 1, isSealed: 0 }),
      403,
      403,
      '无权操作平台数据',
    );
    data(await post(other, `${BIZ}/submit`, { code: 'grade', dictValue: '年级', sort: 1, isSealed: 0 }));
    const parent = data<{ records: { id: string }[] }>(await get(other, `${BIZ}/parent-list`)).records[0];
    data(
      await post(other, `${BIZ}/submit`, {
        parentId: parent.id,
        code: 'grade',
        dictValue: '一年级',
        dictKey: 'g1',
        sort: 1,
        isSealed: 0,
      }),
    );
    const entries = data<{ dictKey: string }[]>(await get(other, `${BIZ}/dictionary?code=grade`));
    expect(entries.map((e) => e.dictKey)).toEqual(['g1']);
    expect(data<unknown[]>(await get(admin, `${BIZ}/dictionary?code=grade`))).toEqual([]);
    data(await post(admin, `${BIZ}/submit`, { code: 'grade', dictValue: '年级', sort: 1, isSealed: 0 }));
    refused(await post(admin, `${BIZ}/submit`, { id: parent.id, dictValue: 'x' }), 403, 400);
    const children = data<{ total: number }>(await get(other, `${BIZ}/child-list?parentId=${parent.id}`));
    expect(children.total).toBe(1);
  });
  it('serves the English label of each entry, of the seed and of an edit, and English tree titles', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    type Entry = { dictKey: number; dictValue: string; dictValueEn?: string };
    const trades = data<Entry[]>(await get(admin, `${DICT}/dictionary?code=trade_type`));
    expect(trades.map((e) => [e.dictValue, e.dictValueEn])).toContainEqual(['订单扣款', 'Order debit']);
    const stages = data<Entry[]>(await get(admin, `${DICT}/dictionary?code=school_stage`));
    expect(stages.find((e) => e.dictValue === '初中')?.dictValueEn).toBe('Junior secondary');
    const parent = data<{ records: { id: string }[] }>(await get(admin, `${DICT}/parent-list?code=sex`))
      .records[0];
    const male = data<{ records: { id: string; dictValueEn: string }[] }>(
      await get(admin, `${DICT}/child-list?parentId=${parent.id}&dictKey=1`),
    ).records[0];
    expect(male.dictValueEn).toBe('Male');
    data(await post(admin, `${DICT}/submit`, { ...male, dictValueEn: 'Man' }));
    const sexes = data<Entry[]>(await get(admin, `${DICT}/dictionary?code=sex`));
    expect(sexes.find((e) => e.dictKey === 1)?.dictValueEn).toBe('Man');
    const tree = async (lang: string) =>
      data<{ title: string; children?: { title: string }[] }[]>(
        await get(admin, `${DICT}/tree?code=sex`, { 'accept-language': lang }),
      );
    expect((await tree('en')).flatMap((n) => n.children ?? []).map((n) => n.title)).toContain('Man');
    expect((await tree('zh')).flatMap((n) => n.children ?? []).map((n) => n.title)).toContain('男');
  });
});

describe('params', () => {
  it("validates with the seed's parameter messages and keeps keys unique", async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const missing = refused(await post(admin, `${PARAM}/submit`, {}), 400, 400);
    expect(missing.msg).toBe('请输入参数名称; 请输入参数键名; 请输入参数键值');
    refused(
      await post(admin, `${PARAM}/submit`, {
        paramName: 'x',
        paramKey: 'account.initPassword',
        paramValue: '1',
      }),
      400,
      400,
      '参数键名已存在',
    );
    const list = data<{ records: { paramKey: string; id: string }[] }>(
      await get(admin, `${PARAM}/list?paramKey_likeright=account.`),
    );
    expect(list.records.map((r) => r.paramKey).sort()).toEqual([
      'account.failCount',
      'account.initPassword',
      'account.registerUser',
    ]);
    const init = list.records.find((r) => r.paramKey === 'account.initPassword')!;
    data(await post(admin, `${PARAM}/submit`, { id: init.id, paramValue: '654321' }));
    expect(data<{ paramValue: string }>(await get(admin, `${PARAM}/detail?id=${init.id}`)).paramValue).toBe(
      '654321',
    );
    addTenant(app, '600006', ['param', 'param_add', 'param_delete']);
    const other = as(app, (await login(app, 'admin', 'secret', '600006')).token);
    refused(
      await post(other, `${PARAM}/submit`, { paramName: 'x', paramKey: 'x', paramValue: 'y' }),
      403,
      403,
    );
    refused(await post(other, `${PARAM}/remove?ids=${init.id}`), 403, 403);
  });
});

describe('English names of menus', () => {
  it('sends each seeded menu and top menu with its English name, and English grant trees', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    type Menu = { code: string; name: string; nameEn?: string; children?: Menu[] };
    const flat = (nodes: Menu[]): Menu[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const routes = flat(data<Menu[]>(await get(admin, '/api/blade-system/menu/routes')));
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((m) => !m.nameEn)).toEqual([]);
    expect(routes.find((m) => m.code === 'dict')).toMatchObject({ name: '字典管理', nameEn: 'Dictionaries' });
    const tops = data<Menu[]>(await get(admin, '/api/blade-system/menu/top-menu'));
    expect(tops.every((m) => m.nameEn)).toBe(true);
    type Node = { title: string; children?: Node[] };
    const titles = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.title, ...titles(n.children ?? [])]);
    const grants = async (lang: string) =>
      titles(
        data<{ menu: Node[] }>(
          await get(admin, '/api/blade-system/menu/grant-tree', { 'accept-language': lang }),
        ).menu,
      );
    expect(await grants('en')).toContain('Dictionaries');
    expect((await grants('en')).filter((t) => /[\u3400-\u9fff]/.test(t))).toEqual([]);
    expect(await grants('zh')).toContain('字典管理');
  });
});
