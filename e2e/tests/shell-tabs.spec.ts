import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from '../support/login';
import { confirm, expectToast } from '../support/ui';

const tabs = (page: Page) => page.getByTestId('tab-bar').getByTestId('tab');

async function openFromSider(page: Page, group: string, item: string) {
  const menu = page.getByTestId('side-menu');
  // A menu item's accessible name starts with its icon's name ("control 参数管理").
  const entry = menu.getByRole('menuitem', { name: new RegExp(`\\s${item}$`) });
  if (!(await entry.isVisible())) await menu.getByText(group, { exact: true }).click();
  await entry.click();
}

/**
 * Runs a context-menu action of a tab until its effect shows (closing is idempotent): on a busy
 * machine a click can land while the dropdown is still animating and be lost.
 */
async function tabMenu(page: Page, label: string, action: string, effect: () => Promise<void>) {
  const item = page.locator('.ant-dropdown:visible').getByTestId(`tab-action-${action}`);
  // The page may still be settling (menus arriving); open the context menu until it shows. (Not
  // "network idle": the header bell keeps its live stream open.)
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(async () => {
    if (!(await item.isVisible())) await tabs(page).filter({ hasText: label }).click({ button: 'right' });
    await item.click({ timeout: 2000 });
    await effect();
  }).toPass({ timeout: 30_000 });
  await expect(page.locator('.ant-dropdown:visible')).toHaveCount(0);
}

test.describe('tab bar', () => {
  test.beforeEach(async ({ page }) => signInAsAdmin(page));

  test('opens a tab per page, keeps pages alive, and never closes the home tab', async ({ page }) => {
    await openFromSider(page, '系统管理', '参数管理');
    await expect(page).toHaveURL(/\/system\/param\/index$/);
    await expect(page).toHaveTitle('参数管理 - 书籍征订系统');
    await openFromSider(page, '系统管理', '租户产品包');
    await expect(page).toHaveURL(/\/system\/tenantpackage\/index$/);
    await expect(tabs(page)).toHaveText(['首页', '参数管理', '租户产品包']);

    // What was typed on a page survives switching tabs (the page is kept alive, not remounted).
    await tabs(page).filter({ hasText: '参数管理' }).click();
    const name = page.locator('[data-page="/system/param/index"] [data-field="paramName"]').first();
    await name.fill('账号');
    await tabs(page).filter({ hasText: '首页' }).click();
    await expect(page).toHaveURL(/\/wel\/index$/);
    await expect(page.getByTestId('welcome-card')).toBeVisible();
    await tabs(page).filter({ hasText: '参数管理' }).click();
    await expect(name).toHaveValue('账号');

    // × closes a tab and shows its neighbour; the home tab has no ×.
    const paramTab = page.locator('.psi-tabs__tab').filter({ hasText: '参数管理' });
    await paramTab.getByTestId('tab-close').click();
    await expect(tabs(page)).toHaveText(['首页', '租户产品包']);
    await expect(page).toHaveURL(/\/system\/tenantpackage\/index$/);
    await expect(
      page.locator('.psi-tabs__tab').filter({ hasText: '首页' }).getByTestId('tab-close'),
    ).toHaveCount(0);

    // Reopened, a closed page starts afresh.
    await openFromSider(page, '系统管理', '参数管理');
    await expect(
      page.locator('[data-page="/system/param/index"] [data-field="paramName"]').first(),
    ).toHaveValue('');
  });

  test('context menu: close others, close all, and the last tab stays', async ({ page }) => {
    await page.goto('/system/param/index');
    await expect(tabs(page)).toHaveText(['首页', '参数管理']);
    await page.goto('/system/tenantpackage/index');
    await expect(tabs(page)).toHaveText(['首页', '参数管理', '租户产品包']);
    await page.goto('/dict-horizontal/index');
    await expect(tabs(page)).toHaveText(['首页', '参数管理', '租户产品包', '字典管理（横向）']);

    await tabMenu(page, '租户产品包', 'closeOthers', () =>
      expect(tabs(page)).toHaveText(['首页', '租户产品包'], { timeout: 2000 }),
    );
    await expect(page).toHaveURL(/\/system\/tenantpackage\/index$/);

    await tabMenu(page, '租户产品包', 'closeAll', () =>
      expect(tabs(page)).toHaveText(['首页'], { timeout: 2000 }),
    );
    await expect(page).toHaveURL(/\/wel\/index$/);

    // The home tab is the last one: its "close" is disabled.
    await tabs(page).first().click({ button: 'right' });
    await expect(page.locator('.ant-dropdown:visible .ant-dropdown-menu-item-disabled')).toContainText(
      '关闭当前',
    );
    await page.keyboard.press('Escape');
  });

  test('context menu: clear cache asks first, then clears the caches', async ({ page }) => {
    await page.goto('/system/param/index');
    const cleared = page.waitForRequest((request) =>
      request.url().includes('/api/blade-auth/oauth/clear-cache'),
    );
    const reloaded = page.waitForRequest((request) => request.url().includes('/api/blade-system/param/list'));
    await tabMenu(page, '参数管理', 'clearCache', () =>
      expect(page.locator('.ant-modal-confirm')).toBeVisible({ timeout: 2000 }),
    );
    await confirm(page, '是否需要清除缓存?');
    await cleared;
    await reloaded;
    await expectToast(page, '清除缓存成功');
  });
});
