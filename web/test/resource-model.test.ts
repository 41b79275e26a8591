import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dictResource, paramResource, tenantPackageResource, type FieldDef } from '@psi/db/model';
import {
  adaptResource,
  buttonPermissions,
  detailFields,
  dialogWidthOf,
  fieldRules,
  formItems,
  initialFormValues,
  isEmptyValue,
  searchFieldsOf,
  tableColumns,
  toFormValue,
  toQuery,
  toSubmitBody,
  validateField,
} from '../src/components/resource/model';
import { defaultPrefs, shownColumns } from '../src/components/table/prefs';
import { resourceForMenu } from '../src/components/resource/registry';
import { dictScreens } from '../src/components/dict/dict-screens';

const field = (def: { fields: FieldDef[] }, name: string): FieldDef => {
  const found = def.fields.find((entry) => entry.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
};

describe('declaration → table columns', () => {
  it('shows the table fields in declaration order, with their labels in the current language', () => {
    expect(tableColumns(paramResource, 'zh').map((column) => column.title)).toEqual([
      '参数名称',
      '参数键名',
      '参数键值',
      '创建时间',
    ]);
    expect(tableColumns(paramResource, 'en').map((column) => column.title)[0]).toBe('Parameter name');
    const created = tableColumns(paramResource, 'zh').find((column) => column.field.name === 'createTime');
    expect(created).toMatchObject({ width: 170, sortable: true });
  });

  it('keeps hidden-in-table fields out (tenant package menus) and the user hidden columns', () => {
    const columns = tableColumns(tenantPackageResource, 'zh');
    expect(columns.map((column) => column.field.name)).toEqual(['packageName']);
    expect(
      shownColumns(tableColumns(paramResource, 'zh'), {
        ...defaultPrefs(tableColumns(paramResource, 'zh')),
        hidden: ['paramValue'],
      }).map((c) => c.field.name),
    ).toEqual(['paramName', 'paramKey', 'createTime']);
  });

  it('finds the declaration of a menu by its code (key, else permission)', () => {
    expect(resourceForMenu('param')).toBe(paramResource);
    expect(resourceForMenu('tenantpackage')).toBe(tenantPackageResource);
    expect(resourceForMenu('no_such_menu')).toBeUndefined();
  });
});

describe('declaration → search bar and list filters', () => {
  it('offers the searchable fields', () => {
    expect(searchFieldsOf(paramResource).map((entry) => entry.name)).toEqual([
      'paramName',
      'paramKey',
      'createTime',
    ]);
  });

  it('drops empty values (null, blank, empty list, empty object) and trims text', () => {
    expect(isEmptyValue(null)).toBe(true);
    expect(isEmptyValue('  ')).toBe(true);
    expect(isEmptyValue([])).toBe(true);
    expect(isEmptyValue({})).toBe(true);
    expect(isEmptyValue(0)).toBe(false);
    expect(toQuery(paramResource, { paramName: '  账号 ', paramKey: '', createTime: null })).toEqual({
      paramName: '账号',
    });
  });

  it('sends a date range as createTime_dategt / createTime_datelt over whole days', () => {
    const query = toQuery(paramResource, { createTime: [dayjs('2026-11-01'), dayjs('2026-11-22')] });
    expect(query).toEqual({
      createTime_dategt: '2026-11-01 00:00:00',
      createTime_datelt: '2026-11-22 23:59:59',
    });
    expect(toQuery(paramResource, { createTime: [null, dayjs('2026-11-22')] })).toEqual({
      createTime_datelt: '2026-11-22 23:59:59',
    });
  });

  it('sends numbers and dictionary keys as they are', () => {
    expect(toQuery(dictResource, { isSealed: 0, dictKey: '3' })).toEqual({ isSealed: 0, dictKey: '3' });
  });
});

describe('declaration → form rules (the same zod schema as the server)', () => {
  it('gives the seed messages of the parameter screen, in both languages', () => {
    const check = (name: string, lang: 'zh' | 'en') =>
      validateField(paramResource, field(paramResource, name), '', lang, 'add');
    expect(['paramName', 'paramKey', 'paramValue'].map((name) => check(name, 'zh'))).toEqual([
      '请输入参数名称',
      '请输入参数键名',
      '请输入参数键值',
    ]);
    expect(check('paramName', 'en')).toBe('Please enter the parameter name');
    expect(validateField(paramResource, field(paramResource, 'paramName'), 'x', 'zh', 'add')).toBeNull();
    expect(validateField(paramResource, field(paramResource, 'remark'), '', 'zh', 'add')).toBeNull();
  });

  it('checks length and pattern', () => {
    const tooLong = 'x'.repeat(256);
    expect(validateField(paramResource, field(paramResource, 'paramName'), tooLong, 'zh', 'add')).toBe(
      '参数名称长度不能超过255个字符',
    );
    expect(validateField(dictResource, field(dictResource, 'code'), '9abc', 'zh', 'add')).toBe(
      '字典编号只能包含字母、数字、下划线、点和短横线',
    );
  });

  it('gives the tenant package messages; an empty menu selection counts as missing', () => {
    expect(
      validateField(tenantPackageResource, field(tenantPackageResource, 'packageName'), '', 'zh', 'add'),
    ).toBe('请输入产品包名称');
    expect(
      validateField(tenantPackageResource, field(tenantPackageResource, 'menuId'), [], 'zh', 'add'),
    ).toBe('请选择菜单');
    expect(
      validateField(tenantPackageResource, field(tenantPackageResource, 'menuId'), ['1', '2'], 'zh', 'add'),
    ).toBeNull();
  });

  it('gives the dictionary messages, the key required in the child list only', () => {
    const { parent, child } = dictScreens(dictResource);
    const message = (def: typeof parent, name: string, value: unknown = '') =>
      validateField(def, field(def, name), value, 'zh', 'add');
    expect(message(parent, 'code')).toBe('请输入字典编号');
    expect(message(parent, 'dictValue')).toBe('请输入字典名称');
    expect(message(parent, 'sort', null)).toBe('请输入字典排序');
    expect(message(parent, 'isSealed', null)).toBe('请选择是否封存');
    expect(message(child, 'dictKey')).toBe('请输入字典键值');
    expect(parent.fields.map((entry) => entry.name)).not.toContain('dictKey');
  });

  it('marks required fields and skips fields that cannot be edited in the mode', async () => {
    const [rule] = fieldRules(paramResource, field(paramResource, 'paramName'), 'zh', 'add');
    expect(rule).toMatchObject({ required: true });
    const validator = (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator;
    await expect(validator({}, '')).rejects.toThrow('请输入参数名称');
    await expect(validator({}, 'name')).resolves.toBeUndefined();
    const { child } = dictScreens(dictResource);
    expect(fieldRules(child, field(child, 'code'), 'zh', 'add')).toEqual([]);
    expect(fieldRules(child, field(child, 'parentId'), 'zh', 'edit')).toEqual([]);
  });
});

describe('declaration → dialog', () => {
  it('lays out the form fields, disabled where the mode does not allow a change', () => {
    const { child } = dictScreens(dictResource);
    const add = formItems(child, 'add');
    expect(add.filter((item) => item.disabled).map((item) => item.field.name)).toEqual(['code', 'parentId']);
    expect(formItems(dictResource, 'edit').find((item) => item.field.name === 'code')?.disabled).toBe(true);
    expect(formItems(paramResource, 'add').map((item) => [item.field.name, item.span])).toEqual([
      ['paramName', 12],
      ['paramKey', 12],
      ['paramValue', 24],
      ['remark', 24],
    ]);
    expect(detailFields(paramResource).map((entry) => entry.name)).toContain('createTime');
  });

  it('uses the declared width: 600 for tenant packages, 880 for dictionaries', () => {
    expect(dialogWidthOf(tenantPackageResource)).toBe(600);
    expect(dialogWidthOf(dictResource)).toBe(880);
    expect(dialogWidthOf(paramResource)).toBe(880);
  });

  it('starts an add from the defaults and fixed values, an edit from the record', () => {
    const { child } = dictScreens(dictResource);
    expect(initialFormValues(child, 'add', null, { code: 'sex', parentId: '100' })).toMatchObject({
      code: 'sex',
      parentId: '100',
      isSealed: 0,
    });
    const edit = initialFormValues(tenantPackageResource, 'edit', {
      id: '9',
      packageName: 'p',
      menuId: '1,2,3',
    });
    expect(edit.menuId).toEqual(['1', '2', '3']);
    expect(toFormValue(field(paramResource, 'createTime'), '2026-11-22 08:00:00')).toSatisfy(dayjs.isDayjs);
  });

  it('sends menu ids comma-joined, the id on edit, fixed values on add, and null to clear', () => {
    expect(
      toSubmitBody(
        tenantPackageResource,
        { packageName: ' 基础包 ', menuId: ['1', '2'], remark: '' },
        'add',
        null,
      ),
    ).toEqual({ packageName: '基础包', menuId: '1,2' });
    expect(
      toSubmitBody(tenantPackageResource, { packageName: 'p', menuId: ['3'], remark: '' }, 'edit', {
        id: '77',
      }),
    ).toEqual({ id: '77', packageName: 'p', menuId: '3', remark: null });
    const { parent } = dictScreens(dictResource);
    expect(
      toSubmitBody(parent, { code: 'c', dictValue: 'v', sort: 2, isSealed: 0 }, 'add', null, {
        parentId: '0',
      }),
    ).toEqual({ code: 'c', dictValue: 'v', sort: 2, isSealed: 0, parentId: '0' });
  });
});

describe('buttons by permission', () => {
  it('shows an operation only with its button code, and never one the declaration leaves out', () => {
    expect(buttonPermissions(paramResource, { param_add: true, param_view: true })).toEqual({
      add: true,
      edit: false,
      remove: false,
      view: true,
      export: false,
    });
    const all = {
      tenantpackage_add: true,
      tenantpackage_edit: true,
      tenantpackage_delete: true,
      tenantpackage_view: true,
    };
    expect(buttonPermissions(tenantPackageResource, all)).toMatchObject({
      add: true,
      edit: true,
      remove: true,
      view: false,
    });
  });

  it('offers export only where declared, behind its button', () => {
    const exported = adaptResource(paramResource, { resource: { ops: { export: true } } });
    expect(buttonPermissions(exported, {}).export).toBe(true);
    const guarded = { ...exported, access: { export: { button: 'param_export' } } };
    expect(buttonPermissions(guarded, {}).export).toBe(false);
    expect(buttonPermissions(guarded, { param_export: true }).export).toBe(true);
  });
});
