import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defineResource, resources, t } from '@psi/db/model';
import type { MenuNode } from '../src/api/types';
import { lazyPage } from '../src/app/lazy-page';
import { BasicLayout, MenuResourcePage, menuPages } from '../src/app/pages';
import { appRoutes } from '../src/app/router';
import { envelope, resetStores, serveShellDefaults, signIn } from './helpers';
import { server } from './msw-server';
import { renderRoutes } from './render';

/*
 * The worked examples of docs/architecture.md on the web side, with test-only declarations: (a) a
 * declared resource shown by the generic page of the menu whose code is its key, (c) a screen of its
 * own registered at its menu path. Both are reached through the app's real routes and menus.
 */

// (a) the declaration (in the product: db/src/model/resources/<area>/<key>.ts, listed in its area's index)
const noteResource = defineResource({
  key: 'archnote',
  api: '/blade-arch/note',
  title: t('架构示例', 'Architecture example'),
  permission: 'archnote',
  tenant: 'scoped',
  fields: [
    {
      name: 'title',
      kind: 'text',
      label: t('标题', 'Title'),
      required: true,
      message: t('请输入标题', 'Please enter the title'),
      maxLength: 64,
      search: 'like',
    },
    { name: 'remark', kind: 'textarea', label: t('备注', 'Remark'), maxLength: 255, inTable: false },
  ],
});

// (c) the screen (in the product: web/src/pages/<menu folder>/index.tsx)
function ReportBoard() {
  return <section data-testid="arch-board">看板：本周新增 3 条</section>;
}
const BOARD_PATH = '/arch/board/index';
/** The first render of the signed-in layout (menus, then the page) on a busy machine. */
const FIRST_RENDER = { timeout: 25_000 };
/** Each test renders the whole signed-in shell. */
const SHELL_TEST = 60_000;

/** The server's menus: a group with the resource's menu and the screen's menu, and their buttons. */
function serveMenus() {
  const menus: MenuNode[] = [
    {
      id: '90',
      parentId: '0',
      code: 'arch',
      name: '架构示例',
      path: '/arch',
      children: [
        { id: '91', parentId: '90', code: 'archnote', name: '示例记录', path: '/arch/note' },
        { id: '92', parentId: '90', code: 'archboard', name: '示例看板', path: '/arch/board' },
      ],
    },
  ];
  const buttons: MenuNode[] = [
    {
      id: '91',
      parentId: '90',
      code: 'archnote',
      name: '示例记录',
      path: '/arch/note',
      children: [{ id: '93', parentId: '91', code: 'archnote_add', name: '新增', path: '' }],
    },
  ];
  const empty = { total: 0, unread: 0, records: [] };
  server.use(
    http.get('/api/blade-system/menu/routes', () => envelope(menus)),
    http.get('/api/blade-system/menu/buttons', () => envelope(buttons)),
    // the header's bell and user menu
    http.get('/api/blade-desk/notice/inbox', () => envelope({ todo: empty, message: empty, notice: empty })),
    http.get('/api/blade-desk/notice/stream', () => new HttpResponse(null, { status: 404 })),
    http.get('/api/demo/info', () => envelope({ resettable: false })),
    http.get('/api/blade-arch/note/list', () =>
      envelope({ records: [{ id: '7', title: '第一条' }], total: 1, size: 10, current: 1, pages: 1 }),
    ),
  );
}

describe('worked examples on the web: declarations and screens reached by their menus', () => {
  // the layout and the generic page are their own chunks: load them first, as the app does at sign-in,
  // so a busy machine's first import does not count against the screens' waits
  beforeAll(async () => {
    await Promise.all([BasicLayout.preload(), MenuResourcePage.preload()]);
  }, 60_000);

  beforeEach(() => {
    resetStores();
    serveShellDefaults();
    serveMenus();
    signIn();
    // (a) register the declaration as the product's resource index does; (c) register the page
    resources[noteResource.key] = noteResource;
    menuPages[BOARD_PATH] = lazyPage(async () => ({ default: ReportBoard }));
  });

  afterEach(() => {
    delete resources[noteResource.key];
    delete menuPages[BOARD_PATH];
  });

  it(
    '(a) shows a table and a form from a declaration, at the path of the menu whose code is its key',
    async () => {
      renderRoutes(appRoutes, '/arch/note/index');
      const page = await screen.findByTestId('resource-page', {}, FIRST_RENDER);
      expect(page.getAttribute('data-resource')).toBe('archnote');
      expect(await screen.findByText('第一条', {}, FIRST_RENDER)).toBeTruthy();
      const headers = within(screen.getByTestId('resource-table'))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent);
      expect(headers).toContain('标题');
      expect(headers).not.toContain('备注');

      fireEvent.click(screen.getByTestId('toolbar-add'));
      const form = await screen.findByTestId('resource-form');
      expect(form.querySelector('[data-field="title"]')).toBeTruthy();
      expect(form.querySelector('[data-field="remark"]')).toBeTruthy();
      fireEvent.click(screen.getByTestId('dialog-submit'));
      expect(await screen.findByText('请输入标题')).toBeTruthy();
    },
    SHELL_TEST,
  );

  it(
    '(c) shows a registered screen at its menu path, as a titled tab',
    async () => {
      const { router } = renderRoutes(appRoutes, BOARD_PATH);
      expect((await screen.findByTestId('arch-board', {}, FIRST_RENDER)).textContent).toBe(
        '看板：本周新增 3 条',
      );
      expect(router.state.location.pathname).toBe(BOARD_PATH);
      const tabs = within(screen.getByTestId('tab-bar')).getAllByTestId('tab');
      await waitFor(() => expect(tabs.map((tab) => tab.textContent)).toContain('示例看板'));
    },
    SHELL_TEST,
  );

  it(
    '(c) a registered screen is still only reachable through a menu the user has',
    async () => {
      server.use(http.get('/api/blade-system/menu/routes', () => envelope([])));
      const { router } = renderRoutes(appRoutes, BOARD_PATH);
      expect(await screen.findByTestId('back-home')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/404');
    },
    SHELL_TEST,
  );
});
