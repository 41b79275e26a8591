import { defineResource } from '../../resource';
import { t } from '../../text';
import { createTimeField, parentField, remarkField, sortField, tenantIdField } from './common';

export const deptResource = defineResource({
  key: 'dept',
  api: '/blade-system/dept',
  title: t('部门管理', 'Departments'),
  permission: 'dept',
  tenant: 'scopedAdminAll',
  fields: [
    tenantIdField(true),
    parentField(t('上级部门', 'Parent department'), '/blade-system/dept/tree'),
    {
      name: 'deptName',
      kind: 'text',
      label: t('部门名称', 'Department name'),
      required: true,
      message: t('请输入部门名称', 'Please enter the department name'),
      maxLength: 45,
      search: 'like',
      sortable: true,
    },
    {
      name: 'fullName',
      kind: 'text',
      label: t('部门全称', 'Full name'),
      required: true,
      message: t('请输入部门全称', 'Please enter the full name'),
      maxLength: 100,
      search: 'like',
    },
    {
      name: 'deptCategory',
      kind: 'dict',
      dict: { code: 'org_category' },
      numeric: true,
      label: t('机构类型', 'Category'),
      required: true,
      message: t('请选择机构类型', 'Please select the category'),
      options: [
        { value: 1, label: t('公司', 'Company') },
        { value: 2, label: t('部门', 'Department') },
        { value: 3, label: t('小组', 'Team') },
      ],
      search: 'equal',
      defaultValue: 1,
      leftOutTakesDefault: true,
    },
    sortField(t('请输入部门排序', 'Please enter the sort order')),
    remarkField(),
    {
      name: 'ancestors',
      kind: 'text',
      label: t('祖级列表', 'Ancestors'),
      readOnly: true,
      inForm: false,
      inTable: false,
    },
    createTimeField(),
  ],
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  lazy: true,
});
