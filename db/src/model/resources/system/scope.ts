import { defineResource, type FieldDef, type OptionDef } from '../../resource';
import { t, type Text } from '../../text';
import { dictField, field, remarkField } from './common';

const menuField: FieldDef = {
  name: 'menuId',
  kind: 'ref',
  label: t('菜单', 'Menu'),
  tree: { url: '/blade-system/menu/lazy-menu-list' },
  required: true,
  message: t('请选择菜单', 'Please select the menu'),
  search: 'equal',
  inTable: false,
};

/** What tells the two scope kinds apart: `word` names the kind in the required-field messages. */
interface ScopeKind {
  key: string;
  api: string;
  title: Text;
  word: string;
  type: ScopeType;
}

/** The rule/type field of a scope kind: its dictionary, label, English prompt and options. */
interface ScopeType {
  dict: string;
  label: Text;
  prompt: string;
  options: OptionDef[];
}

const scopeType = (dict: string, label: Text, prompt: string, options: OptionDef[]): ScopeType => ({
  dict,
  label,
  prompt,
  options,
});

/**
 * A scope resource of a menu (数据权限 or 接口权限): the menu, the scope's name and code, the kind's
 * target, its type, the kind's further fields, a remark.
 */
function scopeResource(declared: ScopeKind, target: FieldDef, further: FieldDef[] = []) {
  const { type } = declared;
  return defineResource({
    key: declared.key,
    api: declared.api,
    title: declared.title,
    permission: declared.key,
    tenant: 'none',
    fields: [
      menuField,
      field('text', 'scopeName', '权限名称', 'Scope name', {
        required: true,
        message: t(`请输入${declared.word}权限名称`, 'Please enter the scope name'),
        maxLength: 255,
        search: 'like',
      }),
      field('text', 'resourceCode', '权限编号', 'Resource code', {
        required: true,
        message: t(`请输入${declared.word}权限编号`, 'Please enter the resource code'),
        maxLength: 255,
        search: 'like',
      }),
      target,
      dictField('scopeType', type.dict, type.label.zh, type.label.en, {
        required: true,
        message: t(`请选择${declared.word}权限类型`, type.prompt),
        options: type.options,
        search: 'equal',
        labelField: 'scopeTypeName',
      }),
      ...further,
      remarkField(),
    ],
  });
}

export const dataScopeResource = scopeResource(
  {
    key: 'datascope',
    api: '/blade-system/data-scope',
    title: t('数据权限', 'Data scopes'),
    word: '数据',
    type: scopeType('data_scope_type', t('规则类型', 'Rule'), 'Please select the rule', [
      { value: 1, label: t('全部可见', 'Everything') },
      { value: 2, label: t('本人可见', 'Own rows') },
      { value: 3, label: t('所在机构可见', 'Own department') },
      { value: 4, label: t('所在机构及子级可见', 'Own department and below') },
      { value: 5, label: t('自定义', 'Chosen departments') },
    ]),
  },
  field('text', 'scopeColumn', '权限字段', 'Column', {
    maxLength: 255,
    pattern: {
      regex: '^[A-Za-z_][A-Za-z0-9_]*$',
      message: t('权限字段只能包含字母、数字和下划线', 'The column may hold letters, digits and _'),
    },
    defaultValue: 'create_dept',
  }),
  [
    field('textarea', 'scopeValue', '规则值', 'Rule value', { maxLength: 2000, inTable: false }),
    field('text', 'scopeField', '可见字段', 'Visible fields', { maxLength: 255, inTable: false }),
    field('text', 'scopeClass', '权限类名', 'Mapper id', { maxLength: 500, inTable: false }),
  ],
);

export const apiScopeResource = scopeResource(
  {
    key: 'apiscope',
    api: '/blade-system/api-scope',
    title: t('接口权限', 'API scopes'),
    word: '接口',
    type: scopeType('api_scope_type', t('接口类型', 'Type'), 'Please select the type', [
      { value: 1, label: t('系统接口', 'System API') },
      { value: 2, label: t('业务接口', 'Business API') },
    ]),
  },
  field('text', 'scopePath', '权限路径', 'Path', {
    required: true,
    message: t('请输入接口权限路径', 'Please enter the path'),
    maxLength: 255,
    pattern: {
      regex: '^/[A-Za-z0-9_./*-]*$',
      message: t('接口路径须以/开头', 'The path starts with / (use /** for a prefix)'),
    },
    search: 'like',
  }),
);
