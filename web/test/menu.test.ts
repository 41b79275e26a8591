import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fetchButtons, fetchRoutes, flattenButtons } from '../src/api/menu';
import type { ButtonNode, MenuNode } from '../src/api/types';
import { DefaultMenuIcon, resolveMenuIcon } from '../src/components/menu/menu-icons';
import {
  filterByRoles,
  findEmbeddedMenu,
  findMenuByHref,
  menuHref,
  menuLabel,
  menuLeaves,
  openKeysFor,
  searchMenus,
  canUseDevTools,
} from '../src/api/menu-model';
import { i18n } from '../src/i18n';
import { SettingOutlined, FileTextOutlined } from '@ant-design/icons';
import { server } from './msw-server';

const node = (code: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id: code,
  parentId: '0',
  code,
  name: code,
  path: `/${code}`,
  ...extra,
});

describe('flattenButtons', () => {
  it('maps the codes of leaves (nodes without children) to true, at any depth', () => {
    const tree: ButtonNode[] = [
      node('goods', {
        children: [
          node('goodsinfo_add'),
          node('goodsinfo_edit'),
          node('sub', { children: [node('goodsinfo_view')] }),
        ],
      }),
      node('user', { children: [node('user_reset')] }),
    ];
    expect(flattenButtons(tree)).toEqual({
      goodsinfo_add: true,
      goodsinfo_edit: true,
      goodsinfo_view: true,
      user_reset: true,
    });
  });

  it('does not count parent menus, even one with an empty children list', () => {
    const tree: ButtonNode[] = [
      node('goods', { children: [] }),
      node('notice', { children: [node('notice_add')] }),
    ];
    const permission = flattenButtons(tree);
    expect(permission).toEqual({ notice_add: true });
    expect(permission.goods).toBeUndefined();
    expect(permission.notice).toBeUndefined();
  });
});

describe('menu calls', () => {
  it('reads the routes forest from the envelope, and an anonymous {} as no menus', async () => {
    const forest = [node('desk', { children: [node('notice')] })];
    server.use(
      http.get('/api/blade-system/menu/routes', () =>
        HttpResponse.json({ code: 200, success: true, data: forest, msg: '' }),
      ),
      http.get('/api/blade-system/menu/buttons', () =>
        HttpResponse.json({ code: 200, success: true, data: {}, msg: '暂无承载数据' }),
      ),
    );
    await expect(fetchRoutes()).resolves.toEqual(forest);
    await expect(fetchButtons()).resolves.toEqual([]);
  });
});

describe('menu model', () => {
  it('appends /index to a leaf path unless it is external or already ends with it', () => {
    expect(menuHref(node('notice', { path: '/desk/notice' }))).toBe('/desk/notice/index');
    expect(menuHref(node('wel', { path: '/wel/index' }))).toBe('/wel/index');
    expect(menuHref(node('desk', { path: '/desk', children: [node('notice')] }))).toBe('/desk');
  });

  it('opens http(s) and html paths in the embedded-page route, type-2 external paths in a new window', () => {
    expect(menuHref(node('antd_doc', { path: 'https://ant.design/components/overview-cn/' }))).toBe(
      '/myiframe/antd_doc',
    );
    expect(menuHref(node('report', { path: '/static/report.html' }))).toBe('/myiframe/report');
    expect(menuHref(node('doc', { path: 'https://example.com/doc', isOpen: 2 }))).toBe(
      'https://example.com/doc',
    );

    const forest = [
      node('tool', {
        children: [
          node('doc', { path: 'https://example.com/doc', isOpen: 2 }),
          node('antd_doc', { path: 'https://ant.design/' }),
        ],
      }),
    ];
    const [doc, antdDoc] = menuLeaves(forest, i18n.getFixedT('zh'), 'zh');
    expect(doc).toMatchObject({ external: true, newWindow: true, href: 'https://example.com/doc' });
    expect(antdDoc).toMatchObject({
      external: false,
      href: '/myiframe/antd_doc',
      src: 'https://ant.design/',
    });
    expect(findEmbeddedMenu(forest, 'antd_doc')?.path).toBe('https://ant.design/');
    expect(findMenuByHref(forest, '/myiframe/antd_doc')?.ancestors.map((entry) => entry.code)).toEqual([
      'tool',
    ]);
  });

  it('searches menu names by prefix, ignoring case', () => {
    const forest = [
      node('system', {
        name: '系统管理',
        children: [
          node('param', { name: 'Param settings', path: '/system/param' }),
          node('dict', { name: '字典管理', path: '/system/dict' }),
          node('dictbiz', { name: '业务字典', path: '/system/dictbiz' }),
        ],
      }),
    ];
    const leaves = menuLeaves(forest, i18n.getFixedT('zh'), 'zh');
    expect(searchMenus(leaves, 'PARAM').map((leaf) => leaf.href)).toEqual(['/system/param/index']);
    expect(searchMenus(leaves, '字典').map((leaf) => leaf.code)).toEqual(['dict']);
    expect(searchMenus(leaves, 'settings')).toEqual([]);
    expect(searchMenus(leaves, '  ')).toEqual([]);
  });

  it('labels menus: server name in Chinese; nameEn, then our translation, then the name in English', () => {
    const zhT = i18n.getFixedT('zh');
    const enT = i18n.getFixedT('en');
    expect(menuLabel(node('user', { name: '用户管理' }), zhT, 'zh')).toBe('用户管理');
    expect(menuLabel(node('user', { name: '用户管理', nameEn: 'People' }), enT, 'en')).toBe('People');
    expect(menuLabel(node('user', { name: '用户管理' }), enT, 'en')).toBe('Users');
    expect(menuLabel(node('custom_menu', { name: '自定义' }), enT, 'en')).toBe('自定义');
  });

  it('opens the sub-menus above the current page', () => {
    const forest = [
      node('system', { children: [node('auth', { children: [node('role', { path: '/authority/role' })] })] }),
    ];
    expect(openKeysFor(forest, '/authority/role/index')).toEqual(['menu:system', 'menu:auth']);
    expect(openKeysFor(forest, '/elsewhere/index')).toEqual([]);
  });

  it('maps antd icon names, antd 3 names and Saber iconfont names to icons', () => {
    expect(resolveMenuIcon('SettingOutlined')).toBe(SettingOutlined);
    expect(resolveMenuIcon('file-text')).toBe(FileTextOutlined);
    expect(resolveMenuIcon('iconfont iconicon_setting')).toBe(SettingOutlined);
    expect(resolveMenuIcon('no-such-icon')).toBe(DefaultMenuIcon);
    expect(resolveMenuIcon('constructor')).toBe(DefaultMenuIcon);
    expect(resolveMenuIcon(undefined)).toBe(DefaultMenuIcon);
  });

  it('shows a menu with meta.roles only to users holding one of them', () => {
    const forest = [
      node('system', {
        children: [node('tenant', { meta: { roles: ['administrator'] } }), node('param')],
      }),
      node('audit', { meta: { roles: ['auditor'] } }),
    ];
    const admin = filterByRoles(forest, ['administrator', 'admin']);
    expect(admin.map((entry) => entry.code)).toEqual(['system']);
    expect(admin[0].children?.map((entry) => entry.code)).toEqual(['tenant', 'param']);
    expect(filterByRoles(forest, ['user'])[0].children?.map((entry) => entry.code)).toEqual(['param']);
  });
});

describe('developer tools in the header', () => {
  it('show to the super administrator and to users granted the error-log menu, never to others', () => {
    const logs = [node('monitor', { children: [node('log', { children: [node('log_error')] })] })];
    const school = [node('psi_order', { children: [node('order_s')] })];
    expect(canUseDevTools(school, ['administrator'])).toBe(true);
    expect(canUseDevTools(logs, ['yypt_admin'])).toBe(true);
    expect(canUseDevTools(school, ['school_admin'])).toBe(false);
    expect(canUseDevTools([], [])).toBe(false);
  });
});
