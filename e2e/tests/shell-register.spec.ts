import { expect, test, type Route } from '@playwright/test';

/**
 * The third-party registration dialog. A provider's callback lands on /login with source, code and
 * state; the token answer is stubbed here (no provider is configured on the e2e server) as a social
 * user without a user of this system.
 */
const unboundToken = {
  access_token: 'social-access',
  refresh_token: 'social-refresh',
  token_type: 'bearer',
  expires_in: 3600,
  tenant_id: '000000',
  user_id: '-1',
  oauth_id: '1880000000000000001',
  account: 'octocat',
  user_name: 'octocat',
};

test('asks a third-party user for an account, with the seed checks in order', async ({ page }) => {
  let registered: URL | null = null;
  let answer: 'fail-silent' | 'fail-msg' | 'ok' = 'fail-silent';
  await page.route('**/api/blade-auth/oauth/token**', (route: Route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(unboundToken) }),
  );
  await page.route('**/api/blade-user/register-guest**', (route: Route) => {
    registered = new URL(route.request().url());
    const body =
      answer === 'ok'
        ? { code: 200, success: true, data: {}, msg: '操作成功' }
        : answer === 'fail-msg'
          ? { code: 400, success: false, data: {}, msg: '当前账号已被使用!' }
          : { code: 400, success: false, data: {} };
    return route.fulfill({
      status: answer === 'ok' ? 200 : 400,
      contentType: 'application/json',
      body: JSON.stringify(body),
    });
  });

  await page.goto('/login?source=github&code=abc&state=xyz');
  const dialog = page.locator('.ant-modal-container').filter({ has: page.getByTestId('register-form') });
  await expect(dialog).toBeVisible();
  const fields = dialog.locator('.ant-form-item-label label');
  await expect(fields).toHaveText(['租户ID', '用户姓名', '账号', '密码', '确认密码']);

  const submit = () => dialog.locator('.ant-btn-primary').click();
  const warning = (text: string) => expect(page.locator('.ant-message').getByText(text).last()).toBeVisible();

  await submit();
  await warning('请先输入租户ID');
  await dialog.getByTestId('register-tenant').fill('000000');
  await submit();
  await warning('请先输入账号名称');
  await dialog.getByTestId('register-account').fill('octocat');
  await submit();
  await warning('请先输入密码');
  await dialog.getByTestId('register-password').fill('secret-1');
  await dialog.getByTestId('register-password2').fill('secret-2');
  await submit();
  await warning('两次密码输入不一致');

  await dialog.getByTestId('register-password2').fill('secret-1');
  await dialog.getByTestId('register-name').fill('章鱼猫');
  await submit();
  await warning('提交失败');
  answer = 'fail-msg';
  await submit();
  await warning('当前账号已被使用!');
  answer = 'ok';
  await submit();
  await warning('注册申请已提交，请耐心等待管理员审核通过');
  await expect(dialog).toBeHidden();

  const params = registered as URL | null;
  expect(params?.searchParams.get('tenantId')).toBe('000000');
  expect(params?.searchParams.get('account')).toBe('octocat');
  expect(params?.searchParams.get('name')).toBe('章鱼猫');
  expect(params?.searchParams.get('oauthId')).toBe(unboundToken.oauth_id);
  // md5 of the password, never the password itself
  expect(params?.searchParams.get('password')).toMatch(/^[0-9a-f]{32}$/);
  await expect(page).toHaveURL(/\/login/);
});
