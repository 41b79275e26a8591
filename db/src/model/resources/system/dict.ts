import { defineResource, type FieldDef, type ResourceDef } from '../../resource';
import { t } from '../../text';
import {
  createTimeField,
  englishNameField,
  field,
  parentField,
  remarkField,
  required,
  tenantIdField,
} from './common';

/** The dictionary key's message: the key is required on entries (children), not on a dictionary's own row. */
export const dictKeyMessage = t('请输入字典键值', 'Please enter the dictionary key');

const dictFields = (treeUrl: string): FieldDef[] => [
  required(
    field('text', 'code', '字典编号', 'Dictionary code', {
      priority: 'key',
      maxLength: 255,
      pattern: {
        regex: '^[A-Za-z][A-Za-z0-9_.-]*$',
        message: t(
          '字典编号只能包含字母、数字、下划线、点和短横线',
          'The code may hold letters, digits, _, . and -',
        ),
      },
      search: 'like',
      sortable: true,
      editableOnEdit: false,
    }),
  ),
  required(
    field('text', 'dictValue', '字典名称', 'Dictionary name', {
      priority: 'key',
      maxLength: 255,
      search: 'like',
    }),
  ),
  englishNameField('dictValueEn'),
  parentField(t('上级字典', 'Parent dictionary'), treeUrl),
  field('text', 'dictKey', '字典键值', 'Dictionary key', {
    priority: 'key',
    message: dictKeyMessage,
    maxLength: 255,
    search: 'equal',
  }),
  field('number', 'sort', '字典排序', 'Sort', {
    required: true,
    message: t('请输入字典排序', 'Please enter the dictionary sort order'),
    min: -999999,
    max: 999999,
    sortable: true,
  }),
  field('switch', 'isSealed', '封存', 'Sealed', {
    required: true,
    message: t('请选择是否封存', 'Please choose whether the entry is sealed'),
    options: [
      { value: 0, label: t('否', 'No') },
      { value: 1, label: t('是', 'Yes') },
    ],
    min: 0,
    max: 1,
    defaultValue: 0,
    leftOutTakesDefault: true,
    search: 'equal',
  }),
  remarkField(),
  // not shown; the lists' date-range filter (createTime_dategt / createTime_datelt)
  createTimeField(),
];

export const dictResource: ResourceDef = defineResource({
  key: 'dict',
  api: '/blade-system/dict',
  title: t('字典管理', 'Dictionaries'),
  permission: 'dict',
  tenant: 'none',
  fields: dictFields('/blade-system/dict/tree?code=DICT'),
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  dialogWidth: 880,
});

export const dictBizResource: ResourceDef = defineResource({
  key: 'dictbiz',
  api: '/blade-system/dict-biz',
  title: t('业务字典', 'Business dictionaries'),
  permission: 'dictbiz',
  tenant: 'scoped',
  fields: [...dictFields('/blade-system/dict-biz/tree?code=DICT'), tenantIdField()],
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  dialogWidth: 880,
});
