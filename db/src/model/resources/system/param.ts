import { defineResource } from '../../resource';
import { t } from '../../text';

export const paramResource = defineResource({
  key: 'param',
  api: '/blade-system/param',
  title: t('参数管理', 'Parameters'),
  permission: 'param',
  tenant: 'none',
  fields: [
    {
      name: 'paramName',
      kind: 'text',
      label: t('参数名称', 'Parameter name'),
      required: true,
      message: t('请输入参数名称', 'Please enter the parameter name'),
      maxLength: 255,
      search: 'like',
      sortable: true,
    },
    {
      name: 'paramKey',
      kind: 'text',
      label: t('参数键名', 'Parameter key'),
      required: true,
      message: t('请输入参数键名', 'Please enter the parameter key'),
      maxLength: 255,
      search: 'like',
      sortable: true,
    },
    {
      name: 'paramValue',
      kind: 'textarea',
      label: t('参数键值', 'Parameter value'),
      required: true,
      message: t('请输入参数键值', 'Please enter the parameter value'),
      maxLength: 2000,
      span: 24,
    },
    {
      name: 'remark',
      kind: 'textarea',
      label: t('备注', 'Remark'),
      maxLength: 255,
      span: 24,
      inTable: false,
    },
    {
      name: 'createTime',
      kind: 'datetime',
      label: t('创建时间', 'Created at'),
      readOnly: true,
      inForm: false,
      search: 'dateRange',
      sortable: true,
    },
  ],
  unique: [{ fields: ['paramKey'], label: t('参数键名', 'Parameter key') }],
});
