import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiHeaders, CAPTCHA, signIn, signInAsAdmin } from '../support/login';

test.describe('login page', () => {
  test('shows the message of each missing field, in Chinese and in English', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('登录 - 书籍征订系统');
    await page.getByTestId('login-tenant').fill('');
    await page.getByTestId('login-submit').click();
    for (const text of ['请输入租户ID', '请输入账号', '请输入密码', '请输入验证码']) {
      await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
    }

    await page.getByTestId('language-switch').getByText('English').click();
    await expect(page).toHaveTitle('Login - Book Ordering System');
    await page.getByTestId('login-submit').click();
    for (const text of [
      'Please enter the tenant ID',
      'Please enter your account',
      'Please enter your password',
      'Please enter the captcha',
    ]) {
      await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
    }
  });

  test('refuses a wrong captcha, a wrong password and an unknown tenant with the server message', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByTestId('login-account').fill('admin');
    await page.getByTestId('login-password').fill('admin');
    await expect(page.getByTestId('login-captcha-image')).toBeVisible();
    await page.getByTestId('login-captcha').fill('zzzzz');
    await page.getByTestId('login-submit').click();
    await expect(page.locator('.ant-message').getByText('验证码不正确')).toBeVisible();
    // A used captcha is replaced and its input cleared.
    await expect(page.getByTestId('login-captcha')).toHaveValue('');
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, 'admin', 'not-the-password');
    await expect(page.locator('.ant-message').getByText('用户名或密码错误').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, 'admin', 'admin', '999999');
    await expect(page.locator('.ant-message').getByText('用户名或密码错误').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signs in, lands on the home tab with menus, and goes back to the page asked for', async ({
    page,
  }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/wel\/index$/);
    await expect(page.locator('.ant-message').getByText('登录成功')).toBeVisible();
    await expect(page).toHaveTitle('首页 - 书籍征订系统');
    await expect(page.getByTestId('tab-bar').getByTestId('tab')).toHaveText(['首页']);

    // A signed-in user who opens /login is sent home.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/wel\/index$/);

    // Signed out, a deep link goes through the login page and back. The session is dropped away from
    // the running app, which would otherwise write it back before the next page loads.
    await page.goto('/healthz');
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await page.goto('/system/param/index');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2Fparam%2Findex$/);
    await page.getByTestId('login-account').fill('admin');
    await page.getByTestId('login-password').fill('admin');
    await expect(page.getByTestId('login-captcha-image')).toBeVisible();
    await page.getByTestId('login-captcha').fill(CAPTCHA);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/system\/param\/index$/);
    await expect(page.getByTestId('resource-page')).toBeVisible();
  });

  test('hides the tenant field on a site whose domain belongs to a tenant, and signs in under it', async ({
    page,
    request,
    baseURL,
  }) => {
    await signInAsAdmin(page);
    const headers = await apiHeaders(page);
    const setDomain = async (api: APIRequestContext, domain: string) => {
      const listed = await api.get('/api/blade-system/tenant/list', {
        headers,
        params: { tenantId: '100001', current: '1', size: '10' },
      });
      const tenant = (
        (await listed.json()) as { data: { records: Record<string, unknown>[] } }
      ).data.records.find((row) => row.tenantId === '100001');
      expect(tenant).toBeTruthy();
      const saved = await api.post('/api/blade-system/tenant/submit', {
        headers,
        data: { ...tenant, domain },
      });
      expect(((await saved.json()) as { success: boolean }).success).toBe(true);
    };
    const signOut = async (current: Page) => {
      // away from the running app, which would write the session back
      await current.goto('/healthz');
      await current.evaluate(() => localStorage.clear());
      await current.context().clearCookies();
    };

    await setDomain(request, baseURL ?? '');
    try {
      await signOut(page);
      await page.goto('/login');
      await expect(page.getByTestId('login-account')).toBeVisible();
      await expect(page.getByTestId('login-tenant')).toHaveCount(0);
      const token = page.waitForRequest((req) => req.url().includes('/api/blade-auth/oauth/token'));
      await page.getByTestId('login-account').fill('pt_admin');
      await page.getByTestId('login-password').fill('Demo@2025');
      await page.getByTestId('login-captcha').fill(CAPTCHA);
      await page.getByTestId('login-submit').click();
      expect((await token).headers()['tenant-id']).toBe('100001');
      await expect(page).toHaveURL(/\/wel\/index$/);
    } finally {
      await setDomain(request, '');
    }
    // the site is nobody's again: the field is back
    await signOut(page);
    await page.goto('/login');
    await expect(page.getByTestId('login-tenant')).toBeVisible();
  });
});
