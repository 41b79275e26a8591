import { defineResource } from '../../resource';
import { t } from '../../text';
import {
  dictField,
  englishNameField,
  field,
  parentField,
  remarkField,
  required,
  sortField,
  yesNoField,
} from './common';

export const menuResource = defineResource({
  key: 'menu',
  api: '/blade-system/menu',
  title: t('菜单管理', 'Menus'),
  permission: 'menu',
  tenant: 'none',
  fields: [
    parentField(t('上级菜单', 'Parent menu'), '/blade-system/menu/tree'),
    required(
      field('text', 'name', '菜单名称', 'Menu name', { priority: 'key', maxLength: 64, search: 'like' }),
    ),
    englishNameField(),
    required(
      field('text', 'code', '菜单编号', 'Menu code', {
        priority: 'key',
        maxLength: 64,
        pattern: {
          regex: '^[a-z][a-z0-9_]*$',
          message: t(
            '菜单编号只能包含小写字母、数字和下划线',
            'The code may hold lower-case letters, digits and _',
          ),
        },
        search: 'like',
      }),
    ),
    required(
      field('text', 'alias', '菜单别名', 'Alias', { maxLength: 64, search: 'like', defaultValue: 'menu' }),
    ),
    field('text', 'path', '路由地址', 'Route path', { maxLength: 255 }),
    field('text', 'source', '菜单图标', 'Icon', { maxLength: 255 }),
    required(
      dictField('category', 'menu_category', '菜单类型', 'Type', {
        priority: 'key',
        options: [
          { value: 1, label: t('菜单', 'Menu') },
          { value: 2, label: t('按钮', 'Button') },
        ],
        search: 'equal',
        defaultValue: 1,
      }),
    ),
    dictField('action', 'button_func', '按钮功能', 'Button position', {
      options: [
        { value: 0, label: t('无', 'None') },
        { value: 1, label: t('工具栏', 'Toolbar') },
        { value: 2, label: t('操作栏', 'Row') },
        { value: 3, label: t('工具操作栏', 'Toolbar and row') },
      ],
      defaultValue: 0,
      inTable: false,
    }),
    yesNoField('isOpen', '新窗口打开', 'Open in a new window', 1),
    sortField(t('请输入菜单排序', 'Please enter the sort order')),
    remarkField(),
  ],
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  unique: [{ fields: ['code'], label: t('菜单编号', 'Menu code') }],
  dialogWidth: 880,
  lazy: true,
});

export const topMenuResource = defineResource({
  key: 'topmenu',
  api: '/blade-system/topmenu',
  title: t('顶部菜单', 'Top menus'),
  permission: 'topmenu',
  tenant: 'scoped',
  fields: [
    required(
      field('text', 'name', '菜单名称', 'Menu name', { priority: 'key', maxLength: 64, search: 'like' }),
    ),
    englishNameField(),
    required(
      field('text', 'code', '菜单编号', 'Menu code', { priority: 'key', maxLength: 64, search: 'like' }),
    ),
    required(field('text', 'source', '菜单图标', 'Icon', { maxLength: 255 })),
    field('text', 'path', '路由地址', 'Route path', { maxLength: 255 }),
    sortField(t('请输入菜单排序', 'Please enter the sort order')),
  ],
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  unique: [{ fields: ['code'], label: t('菜单编号', 'Menu code') }],
});
