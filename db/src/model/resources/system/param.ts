import { defineResource } from '../../resource';
import { t } from '../../text';
import { field, required } from './common';

export const paramResource = defineResource({
  key: 'param',
  api: '/blade-system/param',
  title: t('参数管理', 'Parameters'),
  permission: 'param',
  tenant: 'none',
  fields: [
    required(
      field('text', 'paramName', '参数名称', 'Parameter name', {
        maxLength: 255,
        search: 'like',
        sortable: true,
        priority: 'key',
      }),
    ),
    required(
      field('text', 'paramKey', '参数键名', 'Parameter key', {
        maxLength: 255,
        search: 'like',
        sortable: true,
        priority: 'key',
      }),
    ),
    required(field('textarea', 'paramValue', '参数键值', 'Parameter value', { maxLength: 2000, span: 24 })),
    field('textarea', 'remark', '备注', 'Remark', { maxLength: 255, span: 24, inTable: false }),
    field('datetime', 'createTime', '创建时间', 'Created at', {
      readOnly: true,
      inForm: false,
      search: 'dateRange',
      sortable: true,
    }),
  ],
  unique: [{ fields: ['paramKey'], label: t('参数键名', 'Parameter key') }],
});
