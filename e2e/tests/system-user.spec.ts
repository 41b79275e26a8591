import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAsAdmin } from '../support/login';
import { apiGet, apiPost, createTenant, md5, signInAs, signOut } from '../support/system';
import { confirm, expectToast, formItem, pickOption, resourcePage, rows, search } from '../support/ui';

/** The current message under a field (not one fading out). */
function fieldError(container: Locator, field: string): Locator {
  return formItem(container, field).locator(
    '.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)',
  );
}

function userDialog(page: Page): Locator {
  return page.locator('.psi-resource-dialog .ant-modal-container').last();
}

async function pickTree(page: Page, item: Locator, text: string) {
  await item.locator('.ant-select').click();
  await page.keyboard.type(text);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper')
    .filter({ hasText: text })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

async function more(page: Page, row: Locator, action: string) {
  await row.getByTestId('row-more').click();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: action }).click();
}

test('users as the super-admin: tree filter, validation, add, search, view, edit, grant, reset, unlock, platform, approve, export, delete', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const account = `e2eu${stamp}`;
  await signInAsAdmin(page);
  await page.goto('/system/user/index');
  const list = resourcePage(page);
  await expect(rows(list).first()).toBeVisible();

  // the department tree filters the list by the department and the ones below it
  await page.getByTestId('user-tenant').click();
  await pickOption(page, '000000');
  const byDept = page.waitForRequest(
    (req) => req.url().includes('/api/blade-user/list') && req.url().includes('deptId='),
  );
  await page.getByTestId('user-dept-tree').getByText('书籍征订平台', { exact: true }).click();
  const deptQuery = new URL((await byDept).url()).searchParams;
  expect(deptQuery.get('deptId')).toBe('1123598813738675201');
  expect(deptQuery.get('tenantId')).toBe('000000');
  await expect(rows(list).filter({ hasText: 'admin' }).first()).toBeVisible();
  await page.getByTestId('user-dept-tree').getByText('财务部', { exact: true }).click();
  await expect(rows(list).filter({ hasText: /^.*\badmin\b/ })).toHaveCount(0);
  await page.getByTestId('user-dept-tree').getByText('财务部', { exact: true }).click();

  // add: the seed's messages
  await list.getByTestId('toolbar-add').click();
  const dialog = userDialog(page);
  await dialog.getByTestId('dialog-submit').click();
  await expect(fieldError(dialog, 'account')).toHaveText('请输入登录账号');
  await expect(fieldError(dialog, 'password')).toHaveText('请输入密码');
  await expect(fieldError(dialog, 'password2')).toHaveText('请输入确认密码');
  await expect(fieldError(dialog, 'phone')).toHaveText('手机号码不能为空');
  await expect(fieldError(dialog, 'roleId')).toHaveText('请选择所属角色');
  await expect(fieldError(dialog, 'deptId')).toHaveText('请选择所属部门');
  const phone = formItem(dialog, 'phone').locator('input');
  await phone.fill('1380000');
  await expect(fieldError(dialog, 'phone')).toHaveText('手机号码长度不为11位');
  await phone.fill('23800000000');
  await expect(fieldError(dialog, 'phone')).toHaveText('手机号码格式不正确');
  await phone.fill('13800001111');
  await expect(fieldError(dialog, 'phone')).toHaveCount(0);
  await formItem(dialog, 'account').locator('input').fill(account);
  await formItem(dialog, 'password').locator('input').fill('Secret#1');
  await formItem(dialog, 'password2').locator('input').fill('Secret#2');
  await expect(fieldError(dialog, 'password2')).toHaveText('两次密码输入不一致');
  await formItem(dialog, 'password2').locator('input').fill('Secret#1');
  await formItem(dialog, 'name').locator('input').fill(`昵称${stamp}`);
  await formItem(dialog, 'realName').locator('input').fill(`姓名${stamp}`);
  await pickTree(page, formItem(dialog, 'roleId'), '用户');
  await pickTree(page, formItem(dialog, 'deptId'), '运营部');
  const submitted = page.waitForRequest((req) => req.url().includes('/api/blade-user/submit'));
  await dialog.getByTestId('dialog-submit').click();
  const body = (await submitted).postDataJSON() as Record<string, unknown>;
  expect(body.password).toBe(md5('Secret#1'));
  expect(body.tenantId).toBe('000000');
  expect(body.phone).toBe('13800001111');
  expect(body).not.toHaveProperty('password2');
  await expectToast(page, '新增成功');

  // search by account
  await search(list, { account });
  await expect(rows(list)).toHaveCount(1);
  const row = rows(list).first();
  await expect(row).toContainText(`姓名${stamp}`);
  await expect(row).toContainText('运营部');

  // view
  await row.getByTestId('row-view').click();
  await expect(page.getByTestId('resource-detail')).toContainText('13800001111');
  await page.getByTestId('dialog-close').click();

  // edit: no password fields, phone checked again
  await row.getByTestId('row-edit').click();
  await expect(formItem(dialog, 'password')).toHaveCount(0);
  await expect(formItem(dialog, 'account').locator('input')).toBeDisabled();
  await formItem(dialog, 'realName').locator('input').fill(`改名${stamp}`);
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '修改成功');
  await expect(row).toContainText(`改名${stamp}`);

  // role grant: a second role
  await more(page, row, '角色配置');
  const roleDialog = page.getByTestId('user-role-dialog').locator('..');
  await page.locator('[data-field=roleIds]').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper')
    .filter({ hasText: /^管理员$/ })
    .click();
  await page.keyboard.press('Escape');
  const granted = page.waitForRequest((req) => req.url().includes('/api/blade-user/grant'));
  await page.getByTestId('user-role-submit').click();
  expect(new URL((await granted).url()).searchParams.get('roleIds')?.split(',')).toHaveLength(2);
  await expectToast(page, '操作成功');
  await expect(roleDialog).toBeHidden();

  // platform settings: the extension must be JSON
  await more(page, row, '平台配置');
  await page.locator('[data-field=userExt]').fill('not json');
  await page.getByTestId('user-platform-submit').click();
  await expect(page.getByText('用户拓展须为 JSON 对象')).toBeVisible();
  await page.locator('[data-field=userExt]').fill('{"school":"e2e"}');
  await page.getByTestId('user-platform-submit').click();
  await expectToast(page, '操作成功');
  const ids = await apiGet<{ records: { id: string }[] }>(page, '/blade-user/list', { account });
  const userId = ids.data.records[0].id;
  const platform = await apiGet<{ userExt: string }>(page, '/blade-user/platform-detail', { id: userId });
  expect(platform.data.userExt).toBe('{"school":"e2e"}');

  // reset password: the initial password signs in afterwards
  await more(page, row, '密码重置');
  await confirm(page, '初始密码');
  await expectToast(page, '操作成功');

  // unlock: five failures lock the account; unlocking lets it sign in again
  for (let i = 0; i < 5; i += 1) {
    await page.request.post('/api/blade-auth/oauth/token', {
      headers: {
        'Tenant-Id': '000000',
        Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      },
      form: {
        tenantId: '000000',
        username: account,
        password: md5('wrong'),
        grant_type: 'password',
        scope: 'all',
        type: 'account',
      },
    });
  }
  const locked = await page.request.post('/api/blade-auth/oauth/token', {
    headers: {
      'Tenant-Id': '000000',
      Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
    },
    form: {
      tenantId: '000000',
      username: account,
      password: md5('123456'),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
  });
  expect(locked.status()).toBe(400);
  await more(page, row, '账号解封');
  await confirm(page, '解封');
  await expectToast(page, '操作成功');
  const unlocked = await page.request.post('/api/blade-auth/oauth/token', {
    headers: {
      'Tenant-Id': '000000',
      Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
    },
    form: {
      tenantId: '000000',
      username: account,
      password: md5('123456'),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
  });
  expect(unlocked.status(), await unlocked.text()).toBe(200);

  // approve: a pending registration becomes active
  const pending = await apiPost(page, '/blade-user/update', { id: userId, status: 2 });
  expect(pending.success, pending.msg).toBe(true);
  await list.getByTestId('toolbar-refresh').click();
  await expect(row).toContainText('待审核');
  await row.getByTestId('row-approve').click();
  await confirm(page, account);
  await expectToast(page, '操作成功');
  await expect(row).toContainText('正常');
  await expect(row.getByTestId('row-approve')).toHaveCount(0);

  // export of the current filter and the import template
  const exported = page.waitForEvent('download');
  await list.getByTestId('toolbar-export').click();
  expect((await exported).suggestedFilename()).toMatch(/\.xlsx$/);
  await list.getByTestId('toolbar-import').click();
  const template = page.waitForEvent('download');
  await page.getByTestId('user-import-template').click();
  expect((await template).suggestedFilename()).toMatch(/\.xlsx$/);
  await page.getByTestId('user-import-submit').click();
  await expectToast(page, '选择 Excel 文件');
  await page.keyboard.press('Escape');

  // delete
  await row.getByTestId('row-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expectToast(page, '删除成功');
  await expect(rows(list)).toHaveCount(0);
});

test('users as a tenant admin: own tenant only, no tenant chooser, no platform menus', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  const tenantId = await createTenant(page, `E2E租户${stamp}`);
  await signOut(page);
  await signInAs(page, 'admin', 'admin', tenantId);
  await page.goto('/system/user/index');
  const list = resourcePage(page);
  await expect(rows(list).first()).toBeVisible();
  await expect(page.getByTestId('user-tenant')).toHaveCount(0);
  // the tenant column, wherever the column settings put it
  const columns = await list
    .locator('[data-testid=resource-table] thead th')
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-column')));
  expect(columns).toContain('tenantId');
  await expect(
    list.locator(
      `[data-testid=resource-table] tbody tr.ant-table-row td:nth-child(${columns.indexOf('tenantId') + 1})`,
    ),
  ).toHaveText(Array(await rows(list).count()).fill(tenantId));
  await expect(page.getByTestId('user-dept-tree')).toContainText(`E2E租户${stamp}`);
  // the tenant admin holds the user buttons, 平台配置 included (a user's type and extension within
  // the tenant, not a platform action)
  await rows(list).first().getByTestId('row-more').click();
  await expect(page.locator('.ant-dropdown:visible')).toContainText('密码重置');
  await expect(page.locator('.ant-dropdown:visible')).toContainText('平台配置');
  await page.keyboard.press('Escape');
  // nor the platform's menus (tenants, menus, clients)
  await expect(page.getByTestId('side-menu')).not.toContainText('租户管理');
  await expect(page.getByTestId('side-menu')).not.toContainText('菜单管理');

  // add a user in the own tenant: no tenant field, the body carries none
  await list.getByTestId('toolbar-add').click();
  const dialog = userDialog(page);
  await expect(formItem(dialog, 'tenantId')).toHaveCount(0);
  await formItem(dialog, 'account').locator('input').fill(`t${stamp}`);
  await formItem(dialog, 'password').locator('input').fill('Pass#123');
  await formItem(dialog, 'password2').locator('input').fill('Pass#123');
  await formItem(dialog, 'name').locator('input').fill('租户用户');
  await formItem(dialog, 'realName').locator('input').fill('租户用户');
  await formItem(dialog, 'phone').locator('input').fill('13900002222');
  await pickTree(page, formItem(dialog, 'roleId'), '管理员');
  await pickTree(page, formItem(dialog, 'deptId'), `E2E租户${stamp}`);
  const submitted = page.waitForRequest((req) => req.url().includes('/api/blade-user/submit'));
  await dialog.getByTestId('dialog-submit').click();
  expect((await submitted).postDataJSON()).not.toHaveProperty('tenantId');
  await expectToast(page, '新增成功');
  await search(list, { account: `t${stamp}` });
  await expect(rows(list)).toHaveCount(1);
  await expect(rows(list).first()).toContainText(tenantId);
  // another tenant's users are not listed even when asked for
  const other = await apiGet<{ records: { tenantId: string }[] }>(page, '/blade-user/list', {
    tenantId: '000000',
  });
  expect(other.data.records.every((r) => r.tenantId === tenantId)).toBe(true);
});
