import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from '../support/login';

test.describe('session and routes', () => {
  test('an access token the server refuses is renewed once and the page opens', async ({ page }) => {
    await signInAsAdmin(page);
    await forgeSession(page, { token: 'forged.token.value' });
    await page.goto('/system/param/index');
    await expect(page.getByTestId('resource-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await expect(page).toHaveURL(/\/system\/param\/index$/);
    const token = await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('saber-session') ?? '{}') as { state: { token: string } }).state
          .token,
    );
    expect(token).not.toBe('forged.token.value');
    await expect(page.getByTestId('side-menu')).toContainText('参数管理');
  });

  test('a 401 the refresh cannot mend logs the user out and shows the login page', async ({ page }) => {
    await signInAsAdmin(page);
    await forgeSession(page, { token: 'forged.token.value', refreshToken: 'forged.refresh.value' });
    await page.goto('/system/param/index');
    await expect(page).toHaveURL(/\/login/);
    const session = await page.evaluate(
      () =>
        JSON.parse(localStorage.getItem('saber-session') ?? '{}') as {
          state: { token: unknown; menus: unknown[] };
        },
    );
    expect(session.state.token).toBeNull();
    expect(session.state.menus).toEqual([]);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'saber-access-token')).toBeUndefined();
  });

  test('log out asks first and ends the session', async ({ page }) => {
    await signInAsAdmin(page);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await page.locator('.ant-modal-confirm').getByText('退出系统, 是否继续?').waitFor();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/wel/index');
    await expect(page).toHaveURL(/\/login/);
  });

  test('the user menu (no department switch by default, the demo reset for the super-admin) and full screen', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/system/param/index');
    await page.getByTestId('user-menu').click();
    const items = page.locator('.ant-dropdown:visible .ant-dropdown-menu-item');
    await expect(items).toHaveText(['首页', '个人信息', '重置演示数据', '退出登录']);
    await items.filter({ hasText: '首页' }).click();
    await expect(page).toHaveURL(/\/wel\/index$/);

    await page.getByTestId('header-fullscreen').click();
    await expect.poll(() => page.evaluate(() => Boolean(document.fullscreenElement))).toBe(true);
    await expect(page.getByTestId('header-fullscreen')).toHaveAttribute('aria-label', '退出全屏');
    await page.getByTestId('header-fullscreen').click();
    await expect.poll(() => page.evaluate(() => Boolean(document.fullscreenElement))).toBe(false);
    await expect(page.getByTestId('header-fullscreen')).toHaveAttribute('aria-label', '全屏');
  });

  test('an unknown path shows 404, signed in or not', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
    await signInAsAdmin(page);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await page.getByTestId('back-home').click();
    await expect(page).toHaveURL(/\/wel\/index$/);
  });

  test('an http menu opens in the embedded-page route; a type-2 menu opens a new window', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const menu = page.getByTestId('side-menu');
    await menu.getByText('研发工具', { exact: true }).click();
    await menu.getByRole('menuitem', { name: /\s组件文档$/ }).click();
    await expect(page).toHaveURL(/\/myiframe\/antd_doc$/);
    await expect(page.getByTestId('iframe-page')).toHaveAttribute(
      'src',
      'https://ant.design/components/overview-cn/',
    );
    await expect(page.getByTestId('tab-bar').getByTestId('tab')).toHaveText(['首页', '组件文档']);

    // No network in the test run: the new window gets a stand-in page at the same address.
    await page
      .context()
      .route('https://github.com/**', (route) => route.fulfill({ body: '<title>SpringBlade</title>' }));
    const popup = page.waitForEvent('popup');
    await menu.getByRole('menuitem', { name: /\s开发文档$/ }).click();
    const opened = await popup;
    expect(opened.url()).toContain('github.com/chillzhuang/SpringBlade');
    await opened.close();
    await expect(page).toHaveURL(/\/myiframe\/antd_doc$/);
  });

  test('public and workflow routes exist with their parameters', async ({ page }) => {
    await signInAsAdmin(page);
    // the three leave routes open with their parameters (unknown ids: the pages say so)
    await page.goto('/work/process/leave/handle/1/2/3');
    await expect(page.getByTestId('leave-handle').getByText('请假单不存在或无权查看')).toBeVisible();
    await page.goto('/work/process/leave/form/leave:1:4');
    await expect(page.getByTestId('leave-form').getByText('发起请假流程')).toBeVisible();
    await page.goto('/work/process/leave/detail/9/8');
    await expect(page.getByTestId('leave-detail').getByText('请假单不存在或无权查看')).toBeVisible();
    await page.goto('/wel/dashboard');
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await page.goto('/403');
    await expect(page.getByText('抱歉，您无权访问此页面')).toBeVisible();
    await page.goto('/500');
    await expect(page.getByText('抱歉，服务器出错了')).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/wel\/index$/);
  });

  test('the notice bell has the to-do, message and notice tabs', async ({ page }) => {
    await signInAsAdmin(page);
    await page.getByTestId('header-notice').click();
    for (const tab of ['todo', 'message', 'notice']) {
      await page.getByTestId(`notice-tab-${tab}`).click();
      await expect(page.getByTestId(`notice-count-${tab}`)).toHaveText(/^\d+$/);
    }
  });

  test('screen size classes follow the window width (1200 / 992 / 768)', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/test/index');
    for (const [width, screen] of [
      [1300, '3'],
      [1000, '2'],
      [800, '1'],
      [600, '0'],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await expect(page.getByTestId('test-screen')).toHaveText(screen);
      await expect(page.locator('.psi-layout')).toHaveClass(new RegExp(`psi-screen-${screen}`));
    }
    // small screens fold the sider away
    await expect(page.getByTestId('sider')).toHaveClass(/ant-layout-sider-collapsed/);
  });

  test('a top menu shows its own side menus (routes?topMenuId=), "all" shows every menu again', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const groups = page.getByTestId('side-menu').locator(':scope > li');
    await expect(groups).toHaveCount(14);
    const routes = page.waitForRequest((req) => /menu\/routes\?topMenuId=\d+/.test(req.url()));
    await page.locator('.psi-top-menu').getByText('系统', { exact: true }).click();
    await routes;
    await expect(groups.first()).toContainText('流程管理');
    await expect(page.getByTestId('side-menu')).not.toContainText('基础资料');
    await page.locator('.psi-top-menu').getByText('全部', { exact: true }).click();
    await expect(groups).toHaveCount(14);
  });
});

/** Replaces tokens of the stored session, as an expired or stolen one would look to the server. */
async function forgeSession(page: Page, tokens: { token: string; refreshToken?: string }) {
  await page.evaluate((forged) => {
    const raw = JSON.parse(localStorage.getItem('saber-session') ?? '{}') as {
      state: Record<string, unknown>;
    };
    Object.assign(raw.state, forged);
    localStorage.setItem('saber-session', JSON.stringify(raw));
  }, tokens);
}
