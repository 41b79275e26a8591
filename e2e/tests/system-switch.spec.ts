import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { signIn, signInAsAdmin } from '../support/login';
import { saveScreenshot } from '../support/screenshots';
import { apiPost, md5, signOut } from '../support/system';
import { expectToast } from '../support/ui';

/** The second server of the config: the same build and demo data with `SWITCH_MODE=true`. */
const SWITCH_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT || 18080) + 1}`;

// demo tenant 000000: two departments, and two roles whose menus differ (人事专员 also has 流程管理)
const OPS_DEPT = '1123598813738675202';
const FIN_DEPT = '1123598813738675203';
const EMPLOYEE = '1123598816738675601';
const HR = '1123598816738675603';
const PASSWORD = 'Switch#123';

const isTokenRequest = (req: Request) =>
  req.method() === 'POST' && new URL(req.url()).pathname === '/api/blade-auth/oauth/token';
const grantOf = (req: Request) => new URL(req.url()).searchParams.get('grant_type');

function switchDialog(page: Page): Locator {
  return page.locator('.ant-modal-container').filter({ has: page.locator('#deptId') });
}

async function openSwitchDialog(page: Page): Promise<Locator> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-switch').click();
  const dialog = switchDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('switch-role')).toContainText(/\S/);
  // the opening animation has finished (screenshots show the whole dialog)
  await expect(page.locator('.ant-modal').filter({ has: dialog })).not.toHaveClass(/zoom/);
  return dialog;
}

/** Empties a select of the dialog with its clear button (shown on hover). */
async function clearSelect(dialog: Locator, testId: string) {
  const select = dialog.getByTestId(testId);
  await select.hover();
  await dialog.page().locator(`[data-testid="${testId}"] .ant-select-clear`).click();
  await expect(select.locator('.ant-select-placeholder')).toBeVisible();
}

async function choose(dialog: Locator, testId: string, label: string) {
  await dialog.getByTestId(testId).click();
  await dialog
    .page()
    .locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`)
    .click();
  await expect(dialog.getByTestId(testId)).toContainText(label);
  await expect(dialog.page().locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

test.describe('switch mode on (SWITCH_MODE=true)', () => {
  test.use({ baseURL: SWITCH_URL });

  test('switch department and role: required messages, token refreshed with the choice, menus reload, kept on reload and at the next sign-in', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const account = `sw_${Date.now().toString(36)}`;
    await signInAsAdmin(page);
    const created = await apiPost(page, '/blade-user/submit', {
      account,
      password: md5(PASSWORD),
      name: account,
      realName: account,
      roleId: `${EMPLOYEE},${HR}`,
      deptId: `${OPS_DEPT},${FIN_DEPT}`,
    });
    expect(created.success, created.msg).toBe(true);
    await signOut(page);

    // first sign-in: nothing chosen yet, so no header; the token holds both departments and roles
    const firstLogin = page.waitForRequest(isTokenRequest);
    await signIn(page, account, PASSWORD);
    const firstHeaders = (await firstLogin).headers();
    expect(firstHeaders['dept-id']).toBeUndefined();
    expect(firstHeaders['role-id']).toBeUndefined();
    await expect(page).toHaveURL(/\/wel\/index$/);
    const menu = page.getByTestId('side-menu');
    await expect(menu.getByText('流程管理', { exact: true })).toBeVisible();
    await expect(menu.getByText('我的事务', { exact: true })).toBeVisible();
    await expect(page.getByTestId('user-menu-assignment')).toHaveText('运营部、财务部 · 员工、人事专员');

    // the dialog: both fields required, with the seed's messages
    let dialog = await openSwitchDialog(page);
    await expect(dialog).toContainText('切换部门与角色');
    await expect(dialog.getByTestId('switch-dept')).toContainText('运营部');
    await expect(dialog.getByTestId('switch-role')).toContainText('员工');
    await clearSelect(dialog, 'switch-dept');
    await clearSelect(dialog, 'switch-role');
    let refreshes = 0;
    page.on('request', (req) => {
      if (isTokenRequest(req) && grantOf(req) === 'refresh_token') refreshes += 1;
    });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText(['请选择部门', '请选择角色']);
    expect(refreshes).toBe(0);

    // choose the other department and the role without 流程管理
    await choose(dialog, 'switch-dept', '财务部');
    await choose(dialog, 'switch-role', '员工');
    await expect(dialog.locator('.ant-form-item-explain-error')).toHaveCount(0);
    await saveScreenshot(page, 'system-switch-dialog-zh');
    const refresh = page.waitForRequest((req) => isTokenRequest(req) && grantOf(req) === 'refresh_token');
    const routes = page.waitForResponse((res) => res.url().includes('/api/blade-system/menu/routes'));
    const buttons = page.waitForResponse((res) => res.url().includes('/api/blade-system/menu/buttons'));
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const refreshHeaders = (await refresh).headers();
    expect(refreshHeaders['dept-id']).toBe(FIN_DEPT);
    expect(refreshHeaders['role-id']).toBe(EMPLOYEE);
    const refreshed = (await (await (await refresh).response())!.json()) as Record<string, string>;
    expect(refreshed).toMatchObject({ dept_id: FIN_DEPT, role_id: EMPLOYEE, role_name: 'employee' });
    // the menus and the button permissions of the new role
    for (const response of [await routes, await buttons]) {
      const request = response.request();
      expect(await request.headerValue('blade-auth')).toBe(`bearer ${refreshed.access_token}`);
    }
    await expectToast(page, '切换成功');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/wel\/index$/);
    await expect(menu.getByText('我的事务', { exact: true })).toBeVisible();
    await expect(menu.getByText('流程管理', { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('user-menu-assignment')).toHaveText('财务部 · 员工');

    // a reload keeps the choice (the stored token) and loads that role's menus again
    await page.reload();
    await expect(menu.getByText('我的事务', { exact: true })).toBeVisible();
    await expect(menu.getByText('流程管理', { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('user-menu-assignment')).toHaveText('财务部 · 员工');

    // the dialog opens on the current choice
    dialog = await openSwitchDialog(page);
    await expect(dialog.getByTestId('switch-dept')).toContainText('财务部');
    await expect(dialog.getByTestId('switch-role')).toContainText('员工');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await expect(dialog).toBeHidden();

    // signing in again sends the chosen department and role
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page).toHaveURL(/\/login/);
    const secondLogin = page.waitForRequest(isTokenRequest);
    await signIn(page, account, PASSWORD);
    const secondHeaders = (await secondLogin).headers();
    expect(secondHeaders['dept-id']).toBe(FIN_DEPT);
    expect(secondHeaders['role-id']).toBe(EMPLOYEE);
    await expect(page).toHaveURL(/\/wel\/index$/);
    await expect(menu.getByText('我的事务', { exact: true })).toBeVisible();
    await expect(menu.getByText('流程管理', { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('user-menu-assignment')).toHaveText('财务部 · 员工');

    // in English: the entry, the dialog and a required message
    await page.getByTestId('header-language').click();
    await page.getByTestId('language-option-en').click();
    await expect(page.getByTestId('user-menu-assignment')).toHaveText('财务部 · 员工');
    dialog = await openSwitchDialog(page);
    await expect(dialog).toContainText('Switch department and role');
    await expect(dialog).toContainText('Department');
    await saveScreenshot(page, 'system-switch-dialog-en');
    await clearSelect(dialog, 'switch-role');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText(['Please select the role']);
    await saveScreenshot(page, 'system-switch-dialog-en-required');
    // the other role brings its workflow menu back
    await choose(dialog, 'switch-role', '人事专员');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expectToast(page, 'Switched');
    await expect(menu.getByText('Workflow', { exact: true })).toBeVisible();
    await expect(menu.getByText('My tasks', { exact: true })).toBeVisible();
    await expect(page.getByTestId('user-menu-assignment')).toHaveText('财务部 · 人事专员');
  });
});

test('switch mode off (the default): the user menu offers no switch entry', async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-menu-info')).toBeVisible();
  await expect(page.getByTestId('user-menu-logout')).toBeVisible();
  await expect(page.getByTestId('user-menu-switch')).toHaveCount(0);
  await expect(page.getByTestId('user-menu-assignment')).toHaveCount(0);
  const html = await (await page.request.get('/login')).text();
  expect(html).toContain('{&quot;switchMode&quot;:false,');
});
