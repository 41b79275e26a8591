import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MenuNode } from '../src/api/types';
import { appRoutes } from '../src/app/router';
import { useLock } from '../src/stores/lock';
import { useSession } from '../src/stores/session';
import { registerGuard } from '../src/components/discard/registry';
import { resetStores, serveShellDefaults, signIn } from './helpers';
import { server } from './msw-server';
import { renderRoutes } from './render';

const envelope = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '' });

const menus: MenuNode[] = [
  {
    id: '10',
    parentId: '0',
    code: 'system',
    name: '系统管理',
    path: '/system',
    source: 'SettingOutlined',
    children: [{ id: '11', parentId: '10', code: 'user', name: '用户管理', path: '/system/user' }],
  },
  { id: '20', parentId: '0', code: 'doc', name: '接口文档', path: 'https://example.com/doc', isOpen: 2 },
];

/** One menu leading to the parameter list, and that list empty. */
function serveParamMenu() {
  server.use(
    http.get('/api/blade-system/menu/routes', () =>
      envelope([
        {
          id: '10',
          parentId: '0',
          code: 'system',
          name: '系统管理',
          path: '/system',
          children: [{ id: '12', parentId: '10', code: 'param', name: '参数管理', path: '/system/param' }],
        },
      ]),
    ),
    http.get('/api/blade-system/param/list', () =>
      envelope({ records: [], total: 0, size: 10, current: 1, pages: 0 }),
    ),
  );
}

function serveBackend() {
  const calls = { logout: 0 };
  server.use(
    http.get('/api/blade-auth/oauth/captcha', () =>
      envelope({ key: 'k', image: 'data:image/png;base64,AA==' }),
    ),
    http.get('/api/blade-system/menu/routes', () => envelope(menus)),
    http.get('/api/blade-system/menu/buttons', () => envelope([])),
    http.get('/api/blade-auth/oauth/logout', () => {
      calls.logout += 1;
      return envelope({});
    }),
  );
  return calls;
}

describe('routes and guard', () => {
  beforeEach(() => {
    resetStores();
    serveShellDefaults();
  });

  it('sends a visitor without a token to /login, titled login', async () => {
    serveBackend();
    const { router } = renderRoutes(appRoutes, '/wel/index');
    expect(await screen.findByTestId('login-submit')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(document.title).toBe('登录 - 书籍征订系统'));
  });

  it('sends a signed-in user from /login to the home page, with menus from the server', async () => {
    serveBackend();
    signIn({ nick_name: '王老师', role_name: 'administrator' });
    const { router } = renderRoutes(appRoutes, '/login');

    const welcome = await screen.findByTestId('welcome-card');
    expect(router.state.location.pathname).toBe('/wel/index');
    expect(within(welcome).getByText('王老师，欢迎回来')).toBeTruthy();
    expect(within(welcome).getByText('000000')).toBeTruthy();
    // the role by its name, never its alias
    expect(within(welcome).getByTestId('welcome-role').textContent).toBe('超级管理员');

    const menuLinks = await screen.findByTestId('welcome-menus');
    const userLink = await within(menuLinks).findByText('系统管理 / 用户管理');
    expect(userLink.closest('a')?.getAttribute('href')).toBe('/system/user/index');
    expect(within(menuLinks).getByText('接口文档').closest('a')?.getAttribute('target')).toBe('_blank');
    expect(within(screen.getByTestId('side-menu')).getByText('系统管理')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('首页 - 书籍征订系统'));
  });

  it('redirects / through /wel to /wel/index', async () => {
    serveBackend();
    signIn();
    const { router } = renderRoutes(appRoutes, '/');
    await screen.findByTestId('welcome-card');
    expect(router.state.location.pathname).toBe('/wel/index');
  });

  it('shows 404 for an unknown path, with a way back home', async () => {
    serveBackend();
    const { router } = renderRoutes(appRoutes, '/no/such/page');
    expect(await screen.findByTestId('back-home')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('logs out from the user menu after confirmation', async () => {
    const calls = serveBackend();
    signIn({ nick_name: '王老师' });
    const { router } = renderRoutes(appRoutes, '/wel/index');
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByText('退出登录'));
    // antd spaces out two-character Chinese button labels ("确 定").
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));

    await screen.findByTestId('login-submit');
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.logout).toBe(1);
    expect(useSession.getState().token).toBeNull();
  });

  it('sends every page of a locked session to the lock screen', async () => {
    serveBackend();
    signIn({ nick_name: '王老师' });
    await useLock.getState().setPassword('secret');
    useLock.getState().lock('/wel/index');
    const { router } = renderRoutes(appRoutes, '/wel/index');
    expect(await screen.findByTestId('lock-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/lock');
    expect(screen.getByText('王老师')).toBeTruthy();
  });

  it('opens a menu path with the generic page of its declaration, as a titled tab', async () => {
    serveBackend();
    serveParamMenu();
    signIn();
    renderRoutes(appRoutes, '/system/param/index');
    const page = await screen.findByTestId('resource-page');
    expect(page.getAttribute('data-resource')).toBe('param');
    await waitFor(() => expect(document.title).toBe('参数管理 - 书籍征订系统'));
    const tabs = within(screen.getByTestId('tab-bar')).getAllByTestId('tab');
    await waitFor(() => expect(tabs.map((tab) => tab.textContent)).toEqual(['首页', '参数管理']));
  });

  it('asks before closing a tab whose page holds unsaved work; keeping it keeps the tab', async () => {
    serveBackend();
    serveParamMenu();
    signIn();
    const { router } = renderRoutes(appRoutes, '/system/param/index');
    await screen.findByTestId('resource-page');
    let discarded = 0;
    // an editor of the page holding changes (what useDiscardGuard registers)
    const unregister = registerGuard({
      path: '/system/param/index',
      urlBound: false,
      isDirty: () => discarded === 0,
      discard: () => void discarded++,
    });
    const tabBar = screen.getByTestId('tab-bar');
    await waitFor(() => expect(within(tabBar).getAllByTestId('tab')).toHaveLength(2));
    fireEvent.click(within(tabBar).getByTestId('tab-close'));
    fireEvent.click((await screen.findAllByTestId('discard-cancel')).at(-1)!);
    expect(within(tabBar).getAllByTestId('tab')).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/system/param/index');
    expect(discarded).toBe(0);

    fireEvent.click(within(tabBar).getByTestId('tab-close'));
    fireEvent.click((await screen.findAllByTestId('discard-ok')).at(-1)!);
    await waitFor(() => expect(within(tabBar).getAllByTestId('tab')).toHaveLength(1));
    expect(discarded).toBe(1);
    unregister();
  });

  it('shows 404 for a signed-in user on a path no menu leads to', async () => {
    serveBackend();
    signIn();
    const { router } = renderRoutes(appRoutes, '/system/nothing/index');
    expect(await screen.findByTestId('back-home')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });
});
