import { defineResource } from '../../resource';
import { t } from '../../text';
import { createTimeField, remarkField, sortField, tenantIdField } from './common';

export const postResource = defineResource({
  key: 'post',
  api: '/blade-system/post',
  title: t('岗位管理', 'Posts'),
  permission: 'post',
  tenant: 'scoped',
  fields: [
    tenantIdField(),
    {
      name: 'category',
      kind: 'dict',
      dict: { code: 'post_category' },
      numeric: true,
      label: t('岗位类型', 'Category'),
      required: true,
      message: t('请选择岗位类型', 'Please select the category'),
      search: 'equal',
      sortable: true,
    },
    {
      name: 'postCode',
      kind: 'text',
      label: t('岗位编号', 'Post code'),
      required: true,
      message: t('请输入岗位编号', 'Please enter the post code'),
      maxLength: 12,
      search: 'like',
      sortable: true,
    },
    {
      name: 'postName',
      kind: 'text',
      label: t('岗位名称', 'Post name'),
      required: true,
      message: t('请输入岗位名称', 'Please enter the post name'),
      maxLength: 64,
      search: 'like',
      sortable: true,
    },
    sortField(t('请输入岗位排序', 'Please enter the sort order')),
    remarkField(),
    createTimeField(),
  ],
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  unique: [{ fields: ['postCode'], label: t('岗位编号', 'Post code') }],
});
