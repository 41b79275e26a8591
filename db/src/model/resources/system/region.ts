import { defineResource } from '../../resource';
import { t } from '../../text';
import { remarkField, sortField } from './common';

/** Regions are keyed by their GB/T 2260 code, not a snowflake id. */
export const regionResource = defineResource({
  key: 'region',
  api: '/blade-system/region',
  title: t('行政区划', 'Regions'),
  permission: 'region',
  tenant: 'none',
  fields: [
    {
      name: 'parentCode',
      kind: 'tree',
      label: t('上级区划', 'Parent region'),
      tree: { url: '/blade-system/region/lazy-tree' },
      required: true,
      message: t('请选择上级区划', 'Please select the parent region'),
      search: 'equal',
      editableOnEdit: false,
    },
    {
      name: 'code',
      kind: 'text',
      label: t('区划编号', 'Region code'),
      required: true,
      message: t('请输入区划编号', 'Please enter the region code'),
      maxLength: 12,
      pattern: { regex: '^\\d{2,12}$', message: t('区划编号为2到12位数字', 'The code is 2 to 12 digits') },
      search: 'like',
      editableOnEdit: false,
    },
    {
      name: 'name',
      kind: 'text',
      label: t('区划名称', 'Region name'),
      required: true,
      message: t('请输入区划名称', 'Please enter the region name'),
      maxLength: 32,
      search: 'like',
    },
    {
      name: 'level',
      kind: 'dict',
      dict: { code: 'region' },
      numeric: true,
      label: t('区划层级', 'Level'),
      readOnly: true,
      inForm: false,
      search: 'equal',
    },
    sortField(t('请输入区划排序', 'Please enter the sort order')),
    remarkField(),
  ],
  defaultSort: [{ field: 'sort', dir: 'asc' }],
});
