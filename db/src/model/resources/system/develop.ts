import { defineResource } from '../../resource';
import { t } from '../../text';
import { createTimeField, field, remarkField, required, yesNoField } from './common';

export const datasourceResource = defineResource({
  key: 'datasource',
  api: '/blade-develop/datasource',
  title: t('数据源管理', 'Data sources'),
  permission: 'datasource',
  tenant: 'none',
  fields: [
    field('text', 'name', '名称', 'Name', {
      required: true,
      message: t('请输入数据源名称', 'Please enter the name'),
      maxLength: 100,
      search: 'like',
    }),
    required(field('text', 'driverClass', '驱动类', 'Driver', { maxLength: 100 })),
    field('text', 'url', '连接地址', 'URL', {
      required: true,
      message: t('请输入连接地址', 'Please enter the URL'),
      maxLength: 500,
      span: 24,
    }),
    field('text', 'username', '用户名', 'User name', { maxLength: 50 }),
    field('password', 'password', '密码', 'Password', { maxLength: 100, secret: true, inTable: false }),
    remarkField(),
    createTimeField(),
  ],
  unique: [{ fields: ['name'], label: t('名称', 'Name') }],
});

export const codeResource = defineResource({
  key: 'code',
  api: '/blade-develop/code',
  title: t('代码生成', 'Code generator'),
  permission: 'code',
  tenant: 'none',
  fields: [
    field('ref', 'datasourceId', '数据源', 'Data source', {
      tree: { url: '/blade-develop/datasource/select' },
      inTable: false,
    }),
    required(field('text', 'codeName', '模块名', 'Module name', { maxLength: 64, search: 'like' })),
    required(
      field('text', 'serviceName', '服务名', 'Service name', {
        maxLength: 64,
        pattern: {
          regex: '^[a-z][a-z0-9-]*$',
          message: t(
            '服务名只能包含小写字母、数字和短横线',
            'The service may hold lower-case letters, digits and -',
          ),
        },
        defaultValue: 'blade-psi',
      }),
    ),
    field('text', 'tableName', '表名', 'Table', {
      required: true,
      message: t('请输入表名', 'Please enter the table name'),
      maxLength: 64,
      pattern: {
        regex: '^[a-z][a-z0-9_]*$',
        message: t(
          '表名只能包含小写字母、数字和下划线',
          'The table may hold lower-case letters, digits and _',
        ),
      },
      search: 'like',
    }),
    field('text', 'tablePrefix', '表前缀', 'Table prefix', { maxLength: 64, defaultValue: 'psi_' }),
    field('text', 'pkName', '主键名', 'Primary key', { maxLength: 32, defaultValue: 'id', inTable: false }),
    field('text', 'packageName', '包名', 'Package', { maxLength: 500, inTable: false }),
    yesNoField('baseMode', '基础业务', 'Base entity', 2),
    yesNoField('wrapMode', '包装器', 'Wrapper', 2),
    field('text', 'apiPath', '后端路径', 'Server path', { maxLength: 2000, inTable: false }),
    field('text', 'webPath', '前端路径', 'Web path', { maxLength: 2000, inTable: false }),
    createTimeField(),
  ],
  access: { detail: { button: 'code_view' } },
});
