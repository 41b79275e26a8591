import { defineResource } from '../../resource';
import { t } from '../../text';
import { createTimeField, tenantIdField } from './common';

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
    {
      name: 'account',
      priority: 'key',
      kind: 'text',
      label: t('登录账号', 'Account'),
      required: true,
      message: t('请输入登录账号', 'Please enter the account'),
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
    },
    {
      name: 'password',
      kind: 'password',
      label: t('密码', 'Password'),
      secret: true,
      inTable: false,
      inDetail: false,
      editableOnEdit: false,
      pattern: {
        regex: '^[a-fA-F0-9]{32}$',
        message: t('密码须为客户端MD5摘要', 'The password must arrive as the client md5 digest'),
      },
    },
    {
      name: 'name',
      kind: 'text',
      label: t('用户昵称', 'Nickname'),
      required: true,
      message: t('请输入用户昵称', 'Please enter the nickname'),
      maxLength: 20,
      search: 'like',
    },
    {
      name: 'realName',
      priority: 'key',
      kind: 'text',
      label: t('用户姓名', 'Real name'),
      required: true,
      message: t('请输入用户姓名', 'Please enter the real name'),
      maxLength: 20,
      search: 'like',
      sortable: true,
    },
    {
      name: 'code',
      kind: 'text',
      label: t('用户编号', 'User number'),
      maxLength: 12,
      search: 'like',
      inTable: false,
    },
    {
      name: 'userType',
      kind: 'dict',
      dict: { code: 'user_type' },
      numeric: true,
      label: t('用户平台', 'Platform'),
      options: [
        { value: 1, label: t('WEB', 'Web') },
        { value: 2, label: t('APP', 'App') },
        { value: 3, label: t('OTHER', 'Other') },
      ],
      search: 'equal',
      defaultValue: 1,
    },
    {
      name: 'roleId',
      kind: 'tree',
      label: t('所属角色', 'Roles'),
      tree: { url: '/blade-system/role/tree', multiple: true },
      required: true,
      message: t('请选择所属角色', 'Please select the roles'),
      maxLength: 1000,
      inTable: false,
    },
    {
      name: 'deptId',
      kind: 'tree',
      label: t('所属部门', 'Departments'),
      tree: { url: '/blade-system/dept/tree', multiple: true },
      required: true,
      message: t('请选择所属部门', 'Please select the departments'),
      maxLength: 1000,
      inTable: false,
    },
    {
      name: 'postId',
      kind: 'tree',
      label: t('所属岗位', 'Posts'),
      tree: { url: '/blade-system/post/select', multiple: true },
      maxLength: 1000,
      inTable: false,
    },
    {
      name: 'roleName',
      priority: 'key',
      kind: 'text',
      label: t('所属角色', 'Roles'),
      readOnly: true,
      inForm: false,
    },
    {
      name: 'deptName',
      kind: 'text',
      label: t('所属部门', 'Departments'),
      readOnly: true,
      inForm: false,
    },
    {
      name: 'postName',
      kind: 'text',
      label: t('所属岗位', 'Posts'),
      readOnly: true,
      inForm: false,
      inTable: false,
    },
    {
      name: 'phone',
      kind: 'text',
      label: t('手机号码', 'Phone'),
      maxLength: 11,
      pattern: { regex: PHONE_PATTERN, message: t('手机号码格式不正确', 'The phone number is invalid') },
      search: 'like',
    },
    {
      name: 'email',
      kind: 'text',
      label: t('电子邮箱', 'Email'),
      maxLength: 45,
      pattern: {
        regex: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
        message: t('电子邮箱格式不正确', 'The email address is invalid'),
      },
      inTable: false,
    },
    {
      name: 'sex',
      kind: 'dict',
      dict: { code: 'sex' },
      numeric: true,
      label: t('用户性别', 'Sex'),
      options: [
        { value: 1, label: t('男', 'Male') },
        { value: 2, label: t('女', 'Female') },
        { value: 3, label: t('未知', 'Unknown') },
      ],
      inTable: false,
    },
    { name: 'birthday', kind: 'date', label: t('用户生日', 'Birthday'), inTable: false },
    { name: 'avatar', kind: 'upload', label: t('头像', 'Avatar'), maxLength: 2000, inTable: false },
    {
      name: 'status',
      priority: 'key',
      kind: 'dict',
      dict: { code: 'account_status' },
      numeric: true,
      label: t('账号状态', 'Status'),
      options: [
        { value: 1, label: t('正常', 'Active') },
        { value: 2, label: t('待审核', 'Awaiting approval') },
        { value: 0, label: t('停用', 'Disabled') },
      ],
      search: 'equal',
      defaultValue: 1,
    },
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
