import { expect, test } from '@playwright/test';
import { signIn } from '../support/login';

test.describe('login', () => {
  test('signs in as admin in tenant 000000 and lands on the home page with menus', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/wel\/index$/);
    // the sider is built from the server's menu routes
    await expect(page.getByRole('menu').getByText('系统管理')).toBeVisible();
    await expect(page.getByText('管理员').first()).toBeVisible();
  });

  test('shows the server message on a wrong password and stays on the login page', async ({ page }) => {
    await signIn(page, 'admin', 'wrong-password');
    await expect(page.getByText('用户名或密码错误')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('sends a visitor without a session to the login page', async ({ page }) => {
    await page.goto('/wel/index');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByTestId('login-submit')).toBeVisible();
  });
});
