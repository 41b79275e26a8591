import { defineResource } from '../../resource';
import { t } from '../../text';
import { dictField, field, remarkField, required, sortField } from './common';

/** Regions are keyed by their GB/T 2260 code, not a snowflake id. */
export const regionResource = defineResource({
  key: 'region',
  api: '/blade-system/region',
  title: t('行政区划', 'Regions'),
  permission: 'region',
  tenant: 'none',
  fields: [
    required(
      field('tree', 'parentCode', '上级区划', 'Parent region', {
        tree: { url: '/blade-system/region/lazy-tree' },
        search: 'equal',
        editableOnEdit: false,
      }),
    ),
    required(
      field('text', 'code', '区划编号', 'Region code', {
        maxLength: 12,
        pattern: { regex: '^\\d{2,12}$', message: t('区划编号为2到12位数字', 'The code is 2 to 12 digits') },
        search: 'like',
        editableOnEdit: false,
      }),
    ),
    required(field('text', 'name', '区划名称', 'Region name', { maxLength: 32, search: 'like' })),
    dictField('level', 'region', '区划层级', 'Level', { readOnly: true, inForm: false, search: 'equal' }),
    sortField(t('请输入区划排序', 'Please enter the sort order')),
    remarkField(),
  ],
  defaultSort: [{ field: 'sort', dir: 'asc' }],
});
