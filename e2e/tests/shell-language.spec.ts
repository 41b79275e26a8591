import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/login';

test('switching the language changes menus, antd components and dates', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/system/param/index');
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByText('系统管理', { exact: true })).toBeVisible();
  await expect(page.locator('.ant-pagination')).toContainText('10 条/页');

  await page.getByTestId('header-language').click();
  await page.getByTestId('language-option-en').click();

  // menus and tabs in English, from the menu codes
  await expect(menu.getByText('System', { exact: true })).toBeVisible();
  await expect(menu.getByText('Parameters', { exact: true })).toBeVisible();
  await expect(page.getByTestId('tab-bar').getByTestId('tab')).toHaveText(['Home', 'Parameters']);
  await expect(page).toHaveTitle('Parameters - Book Ordering System');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // antd's own texts follow (pagination, empty table, confirm buttons)
  await expect(page.locator('.ant-pagination')).toContainText('10 / page');
  await page.getByTestId('toolbar-delete').click();
  await expect(page.locator('.ant-message').getByText('Please select at least one record')).toBeVisible();

  // dates follow: the date picker's month and weekday names
  await page.getByTestId('resource-search').locator('[data-field="createTime"] input').first().click();
  const panel = page.locator('.ant-picker-dropdown:visible');
  await expect(panel.locator('thead').first()).toContainText('Mo');
  await expect(panel.locator('.ant-picker-header-view').first()).toContainText(
    /Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec/,
  );
  await page.keyboard.press('Escape');

  // form validation in English, from the same declaration
  await page.getByTestId('toolbar-add').click();
  await page.getByTestId('dialog-submit').click();
  await expect(page.getByText('Please enter the parameter name')).toBeVisible();
  await page.locator('.psi-resource-dialog .ant-modal-close').click();

  // and back to Chinese, kept across a reload
  await page.getByTestId('header-language').click();
  await page.getByTestId('language-option-zh').click();
  await page.reload();
  await expect(menu.getByText('参数管理', { exact: true })).toBeVisible();
  await page.getByTestId('resource-search').locator('[data-field="createTime"] input').first().click();
  await expect(page.locator('.ant-picker-dropdown:visible thead').first()).toContainText('一');
});
