import { defineResource } from '../../resource';
import { t } from '../../text';
import { createTimeField, dictField, field, remarkField, required, sortField, tenantIdField } from './common';

export const postResource = defineResource({
  key: 'post',
  api: '/blade-system/post',
  title: t('岗位管理', 'Posts'),
  permission: 'post',
  tenant: 'scoped',
  fields: [
    tenantIdField(),
    required(
      dictField('category', 'post_category', '岗位类型', 'Category', {
        search: 'equal',
        sortable: true,
        labelField: 'categoryName',
      }),
    ),
    required(
      field('text', 'postCode', '岗位编号', 'Post code', { maxLength: 12, search: 'like', sortable: true }),
    ),
    required(
      field('text', 'postName', '岗位名称', 'Post name', { maxLength: 64, search: 'like', sortable: true }),
    ),
    sortField(t('请输入岗位排序', 'Please enter the sort order')),
    remarkField(),
    createTimeField(),
  ],
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  unique: [{ fields: ['postCode'], label: t('岗位编号', 'Post code') }],
});
