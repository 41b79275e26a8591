import { defineResource } from '../../resource';
import { t } from '../../text';
import { createTimeField, field, remarkField, required } from './common';

export const tenantResource = defineResource({
  key: 'tenant',
  api: '/blade-system/tenant',
  title: t('租户管理', 'Tenants'),
  permission: 'tenant',
  tenant: 'none',
  fields: [
    field('text', 'tenantId', '租户ID', 'Tenant ID', {
      priority: 'key',
      maxLength: 6,
      pattern: { regex: '^\\d{6}$', message: t('租户ID为6位数字', 'The tenant ID is six digits') },
      search: 'like',
      sortable: true,
      editableOnEdit: false,
    }),
    required(
      field('text', 'tenantName', '租户名称', 'Tenant name', {
        priority: 'key',
        maxLength: 50,
        search: 'like',
        sortable: true,
      }),
    ),
    required(
      field('text', 'linkman', '联系人', 'Contact', { priority: 'key', maxLength: 20, search: 'like' }),
    ),
    field('text', 'contactNumber', '联系电话', 'Phone', { maxLength: 20, search: 'like' }),
    field('text', 'address', '联系地址', 'Address', { maxLength: 255, inTable: false }),
    field('text', 'domain', '绑定域名', 'Domain', { maxLength: 255, inTable: false }),
    field('upload', 'backgroundUrl', '系统背景', 'Login background', { maxLength: 1000, inTable: false }),
    field('number', 'accountNumber', '账号额度', 'Account limit', {
      unlimited: -1,
      readOnly: true,
      inForm: false,
    }),
    field('datetime', 'expireTime', '过期时间', 'Expires at', {
      readOnly: true,
      inForm: false,
      sortable: true,
    }),
    field('ref', 'packageId', '产品包', 'Package', { readOnly: true, inForm: false, inTable: false }),
    field('ref', 'datasourceId', '数据源', 'Data source', { readOnly: true, inForm: false, inTable: false }),
    createTimeField(),
  ],
  defaultSort: [{ field: 'tenantId', dir: 'asc' }],
});

export const tenantPackageResource = defineResource({
  key: 'tenantpackage',
  api: '/blade-system/tenant-package',
  title: t('租户产品包', 'Tenant packages'),
  permission: 'tenantpackage',
  tenant: 'none',
  dialogWidth: 600,
  ops: { view: false },
  fields: [
    field('text', 'packageName', '产品包名', 'Package name', {
      required: true,
      message: t('请输入产品包名称', 'Please enter the package name'),
      maxLength: 100,
      search: 'like',
      span: 24,
    }),
    field('tree', 'menuId', '菜单列表', 'Menus', {
      tree: { url: '/blade-system/menu/tree', multiple: true },
      required: true,
      message: t('请选择菜单', 'Please select the menus'),
      maxLength: 100000,
      inTable: false,
      span: 24,
    }),
    remarkField(),
    createTimeField(),
  ],
  unique: [{ fields: ['packageName'], label: t('产品包名', 'Package name') }],
});
