import { defineResource } from '../../resource';
import { t } from '../../text';
import { createTimeField, dictField, field, required, tenantIdField } from './common';

export const PHONE_PATTERN = '^1\\d{10}$';

/** Users live under the separate `/blade-user` service (BladeX); `page` is their list. */
export const userResource = defineResource({
  key: 'user',
  api: '/blade-user',
  title: t('用户管理', 'Users'),
  permission: 'user',
  tenant: 'scopedAdminAll',
  fields: [
    tenantIdField(true),
    required(
      field('text', 'account', '登录账号', 'Account', {
        priority: 'key',
        maxLength: 45,
        pattern: {
          regex: '^[A-Za-z0-9_.@-]+$',
          message: t(
            '登录账号只能包含字母、数字和 _ . @ -',
            'The account may hold letters, digits and _ . @ -',
          ),
        },
        search: 'like',
        sortable: true,
        editableOnEdit: false,
      }),
    ),
    field('password', 'password', '密码', 'Password', {
      secret: true,
      inTable: false,
      inDetail: false,
      editableOnEdit: false,
      pattern: {
        regex: '^[a-fA-F0-9]{32}$',
        message: t('密码须为客户端MD5摘要', 'The password must arrive as the client md5 digest'),
      },
    }),
    required(field('text', 'name', '用户昵称', 'Nickname', { maxLength: 20, search: 'like' })),
    required(
      field('text', 'realName', '用户姓名', 'Real name', {
        priority: 'key',
        maxLength: 20,
        search: 'like',
        sortable: true,
      }),
    ),
    field('text', 'code', '用户编号', 'User number', { maxLength: 12, search: 'like', inTable: false }),
    dictField('userType', 'user_type', '用户平台', 'Platform', {
      options: [
        { value: 1, label: t('WEB', 'Web') },
        { value: 2, label: t('APP', 'App') },
        { value: 3, label: t('OTHER', 'Other') },
      ],
      search: 'equal',
      defaultValue: 1,
    }),
    required(
      field('tree', 'roleId', '所属角色', 'Roles', {
        tree: { url: '/blade-system/role/tree', multiple: true },
        maxLength: 1000,
        inTable: false,
      }),
    ),
    required(
      field('tree', 'deptId', '所属部门', 'Departments', {
        tree: { url: '/blade-system/dept/tree', multiple: true },
        maxLength: 1000,
        inTable: false,
      }),
    ),
    field('tree', 'postId', '所属岗位', 'Posts', {
      tree: { url: '/blade-system/post/select', multiple: true },
      maxLength: 1000,
      inTable: false,
    }),
    field('text', 'roleName', '所属角色', 'Roles', { priority: 'key', readOnly: true, inForm: false }),
    field('text', 'deptName', '所属部门', 'Departments', { readOnly: true, inForm: false }),
    field('text', 'postName', '所属岗位', 'Posts', { readOnly: true, inForm: false, inTable: false }),
    field('text', 'phone', '手机号码', 'Phone', {
      maxLength: 11,
      pattern: { regex: PHONE_PATTERN, message: t('手机号码格式不正确', 'The phone number is invalid') },
      search: 'like',
    }),
    field('text', 'email', '电子邮箱', 'Email', {
      maxLength: 45,
      pattern: {
        regex: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
        message: t('电子邮箱格式不正确', 'The email address is invalid'),
      },
      inTable: false,
    }),
    dictField('sex', 'sex', '用户性别', 'Sex', {
      options: [
        { value: 1, label: t('男', 'Male') },
        { value: 2, label: t('女', 'Female') },
        { value: 3, label: t('未知', 'Unknown') },
      ],
      inTable: false,
    }),
    field('date', 'birthday', '用户生日', 'Birthday', { inTable: false }),
    field('upload', 'avatar', '头像', 'Avatar', { maxLength: 2000, inTable: false }),
    dictField('status', 'account_status', '账号状态', 'Status', {
      priority: 'key',
      options: [
        { value: 1, label: t('正常', 'Active') },
        { value: 2, label: t('待审核', 'Awaiting approval') },
        { value: 0, label: t('停用', 'Disabled') },
      ],
      search: 'equal',
      defaultValue: 1,
    }),
    createTimeField(true),
  ],
  ops: { export: true },
  access: { export: { button: 'user_export' } },
});

/** `update-password`: the seed's three fields (md5 hex from the client). */
export const passwordFields = {
  oldPassword: t('请输入原密码', 'Please enter the old password'),
  newPassword: t('请输入新密码', 'Please enter the new password'),
  newPassword1: t('请输入确认密码', 'Please enter the new password again'),
};

/** `register-guest`: the seed's checks, in its order. */
export const registerMessages = {
  tenantId: t('请先输入租户ID', 'Please enter the tenant ID first'),
  account: t('请先输入账号名称', 'Please enter the account name first'),
  password: t('请先输入密码', 'Please enter the password first'),
  mismatch: t('两次密码输入不一致', 'The two passwords do not match'),
};
