import { defineResource } from '../../resource';
import { t } from '../../text';
import {
  createTimeField,
  dictField,
  field,
  parentField,
  remarkField,
  required,
  sortField,
  tenantIdField,
} from './common';

export const deptResource = defineResource({
  key: 'dept',
  api: '/blade-system/dept',
  title: t('部门管理', 'Departments'),
  permission: 'dept',
  tenant: 'scopedAdminAll',
  fields: [
    tenantIdField(true),
    parentField(t('上级部门', 'Parent department'), '/blade-system/dept/tree'),
    required(
      field('text', 'deptName', '部门名称', 'Department name', {
        maxLength: 45,
        search: 'like',
        sortable: true,
      }),
    ),
    required(field('text', 'fullName', '部门全称', 'Full name', { maxLength: 100, search: 'like' })),
    required(
      dictField('deptCategory', 'org_category', '机构类型', 'Category', {
        options: [
          { value: 1, label: t('公司', 'Company') },
          { value: 2, label: t('部门', 'Department') },
          { value: 3, label: t('小组', 'Team') },
        ],
        search: 'equal',
        defaultValue: 1,
        leftOutTakesDefault: true,
      }),
    ),
    sortField(t('请输入部门排序', 'Please enter the sort order')),
    remarkField(),
    field('text', 'ancestors', '祖级列表', 'Ancestors', { readOnly: true, inForm: false, inTable: false }),
    createTimeField(),
  ],
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  lazy: true,
});
