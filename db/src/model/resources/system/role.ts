import { defineResource } from '../../resource';
import { t } from '../../text';
import { field, parentField, required, sortField, tenantIdField } from './common';

export const roleResource = defineResource({
  key: 'role',
  api: '/blade-system/role',
  title: t('角色管理', 'Roles'),
  permission: 'role',
  tenant: 'scopedAdminAll',
  fields: [
    tenantIdField(true),
    required(
      field('text', 'roleName', '角色名称', 'Role name', { maxLength: 64, search: 'like', sortable: true }),
    ),
    required(
      field('text', 'roleAlias', '角色别名', 'Role alias', {
        maxLength: 64,
        pattern: {
          regex: '^[A-Za-z][A-Za-z0-9_-]*$',
          message: t(
            '角色别名只能包含字母、数字、下划线和短横线',
            'The alias may hold letters, digits, _ and -',
          ),
        },
        search: 'like',
        sortable: true,
      }),
    ),
    parentField(t('上级角色', 'Parent role'), '/blade-system/role/tree'),
    sortField(t('请输入角色排序', 'Please enter the sort order')),
  ],
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  unique: [{ fields: ['roleAlias'], label: t('角色别名', 'Role alias') }],
});
