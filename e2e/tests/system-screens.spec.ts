import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAsAdmin } from '../support/login';
import { apiGet, apiPost } from '../support/system';
import { confirm, expectToast, formItem, resourceDialog, resourcePage, rows, search } from '../support/ui';

const DESK = '1123598815738675201';

/** The current message under a field (not one fading out). */
function fieldError(container: Locator, name: string): Locator {
  return container.locator(
    `.ant-form-item:has([data-field="${name}"]) .ant-form-item-explain-error:not(.ant-form-show-help-item-leave)`,
  );
}

function modal(page: Page, testId: string): Locator {
  return page.locator('.ant-modal-container').filter({ has: page.getByTestId(`${testId}-submit`) });
}

async function ok<T>(call: Promise<{ success: boolean; msg: string; data: T }>): Promise<T> {
  const result = await call;
  expect(result.success, result.msg).toBe(true);
  return result.data;
}

test('tenants: add, search, licence settings, data source and package binding, delete', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const name = `E2E租户${stamp}`;
  await signInAsAdmin(page);
  await ok(
    apiPost(page, '/blade-develop/datasource/submit', {
      name: `ds${stamp}`,
      driverClass: 'org.sqlite.JDBC',
      url: 'jdbc:sqlite:e2e.db',
      username: 'e2e',
      password: 'e2e',
    }),
  );
  await ok(apiPost(page, '/blade-system/tenant-package/submit', { packageName: `包${stamp}`, menuId: DESK }));

  await page.goto('/system/tenant/index');
  const list = resourcePage(page);
  await expect(rows(list).first()).toBeVisible();
  await list.getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  await expect(formItem(dialog, 'tenantName').locator('input')).toBeVisible();
  await formItem(dialog, 'tenantName').locator('input').fill(name);
  await formItem(dialog, 'linkman').locator('input').fill('联系人');
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '新增成功');
  await search(list, { tenantName: name });
  await expect(rows(list)).toHaveCount(1);
  const row = rows(list).first();
  const tenants = await apiGet<{ records: { id: string; tenantId: string }[] }>(
    page,
    '/blade-system/tenant/list',
    {
      tenantName: name,
    },
  );
  const { id, tenantId } = tenants.data.records[0];

  // licence: the account limit is -1 or positive
  await row.getByTestId('row-setting').click();
  const setting = modal(page, 'tenant-setting-dialog');
  await setting
    .locator('[data-field=accountNumber] input, input[data-field=accountNumber]')
    .first()
    .fill('0');
  await page.getByTestId('tenant-setting-dialog-submit').click();
  await expect(fieldError(setting, 'accountNumber')).toHaveText('账号额度须为 -1 或正整数');
  await setting
    .locator('[data-field=accountNumber] input, input[data-field=accountNumber]')
    .first()
    .fill('5');
  await setting.locator('.ant-picker input').fill('2030-06-30 12:00:00');
  await setting.locator('.ant-picker input').press('Enter');
  await page.getByTestId('tenant-setting-dialog-submit').click();
  await expectToast(page, '操作成功');
  await expect(row).toContainText('2030-06-30 12:00:00');
  let detail = await apiGet<Record<string, unknown>>(page, '/blade-system/tenant/detail', { id });
  expect(Number(detail.data.accountNumber)).toBe(5);

  // data source
  await row.getByTestId('row-datasource').click();
  await page.locator('[data-field=datasourceId]').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: `ds${stamp}` })
    .click();
  await page.getByTestId('tenant-datasource-dialog-submit').click();
  await expectToast(page, '操作成功');
  detail = await apiGet<Record<string, unknown>>(page, '/blade-system/tenant/detail', { id });
  expect(detail.data.datasourceId).toBeTruthy();

  // package
  await row.getByTestId('row-package').click();
  await page.locator('[data-field=packageId]').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: `包${stamp}` })
    .click();
  await page.getByTestId('tenant-package-dialog-submit').click();
  await expectToast(page, '操作成功');
  const pkg = await apiGet<Record<string, unknown> | null>(page, '/blade-system/tenant/package-detail', {
    tenantId,
  });
  expect(pkg.data?.packageName).toBe(`包${stamp}`);

  await row.getByTestId('row-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expectToast(page, '删除成功');
  await expect(rows(list)).toHaveCount(0);
});

test('top menus: add and edit in the dialog, search, view, grant menus (checked again from top-tree-keys), delete', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const name = `顶部${stamp}`;
  await signInAsAdmin(page);
  await page.goto('/system/topmenu/index');
  const list = resourcePage(page);
  await expect(list.locator('[data-testid=resource-table]')).toBeVisible();
  await list.getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  await expect(dialog).toContainText('新增 · 顶部菜单');
  await dialog.getByTestId('dialog-submit').click();
  await expect(fieldError(dialog, 'name')).toHaveText('请输入菜单名称');
  await expect(fieldError(dialog, 'code')).toHaveText('请输入菜单编号');
  await expect(fieldError(dialog, 'source')).toHaveText('请输入菜单图标');
  await formItem(dialog, 'name').locator('input').fill(name);
  await formItem(dialog, 'code').locator('input').fill(`top${stamp}`);
  await formItem(dialog, 'source').locator('input').fill('AppstoreOutlined');
  await formItem(dialog, 'sort').locator('input').fill('9');
  const added = page.waitForRequest((req) => req.url().includes('/api/blade-system/topmenu/submit'));
  await dialog.getByTestId('dialog-submit').click();
  expect((await added).postDataJSON()).toMatchObject({
    name,
    code: `top${stamp}`,
    source: 'AppstoreOutlined',
    sort: 9,
  });
  await expectToast(page, '新增成功');
  await expect(dialog).toBeHidden();

  // the code is unique
  await list.getByTestId('toolbar-add').click();
  await formItem(dialog, 'name').locator('input').fill(`${name}b`);
  await formItem(dialog, 'code').locator('input').fill(`top${stamp}`);
  await formItem(dialog, 'source').locator('input').fill('AppstoreOutlined');
  await formItem(dialog, 'sort').locator('input').fill('10');
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '菜单编号已存在');
  await dialog.locator('.psi-dialog-footer .ant-btn').first().click();
  // the refused top menu is still unsaved work: cancelling asks before it is thrown away
  await page.getByTestId('discard-ok').last().click();
  await expect(dialog).toBeHidden();

  await search(list, { name });
  await expect(rows(list)).toHaveCount(1);
  const row = rows(list).first();
  await row.getByTestId('row-view').click();
  await expect(page.getByTestId('resource-detail')).toContainText(`top${stamp}`);
  await expect(page.getByTestId('resource-detail')).toContainText('AppstoreOutlined');
  await dialog.getByTestId('dialog-close').click();

  await row.getByTestId('row-edit').click();
  await expect(formItem(dialog, 'name').locator('input')).toHaveValue(name);
  await formItem(dialog, 'name').locator('input').fill(`${name}改`);
  await formItem(dialog, 'path').locator('input').fill('/desk');
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '修改成功');
  await search(list, { name: `${name}改` });
  await expect(rows(list)).toHaveCount(1);
  await expect(row).toContainText('/desk');

  // grant menus in the dialog
  await row.getByTestId('row-topmenu-setting').click();
  const tree = page.getByTestId('topmenu-grant-tree');
  await tree
    .locator('.ant-tree-treenode')
    .filter({ has: page.locator('[title="工作台"]') })
    .locator('.ant-tree-checkbox')
    .click();
  const sent = page.waitForRequest((req) => req.url().includes('/api/blade-system/topmenu/grant'));
  await page.getByTestId('topmenu-grant-submit').click();
  const body = (await sent).postDataJSON() as { menuIds: string[] };
  expect(body.menuIds).toContain(DESK);
  await expectToast(page, '操作成功');
  await row.getByTestId('row-topmenu-setting').click();
  await expect(
    tree
      .locator('.ant-tree-treenode')
      .filter({ has: page.locator('[title="工作台"]') })
      .locator('.ant-tree-checkbox-checked'),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tree).toBeHidden();
  const ids = await apiGet<{ records: { id: string }[] }>(page, '/blade-system/topmenu/list', {
    name: `${name}改`,
  });
  const keys = await apiGet<{ menu: string[] }>(page, '/blade-system/menu/top-tree-keys', {
    topMenuIds: ids.data.records[0].id,
  });
  expect(keys.data.menu).toContain(DESK);

  await row.getByTestId('row-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expectToast(page, '删除成功');
  await expect(rows(list)).toHaveCount(0);
});

test('logs: filters and the detail drawer with readable data', async ({ page }) => {
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  // a write to find in the api log
  await ok(
    apiPost(page, '/blade-system/param/submit', {
      paramName: `日志${stamp}`,
      paramKey: `e2e.log.${stamp}`,
      paramValue: 'v',
    }),
  );
  await page.goto('/monitor/log/usual/index');
  const usual = resourcePage(page);
  await search(usual, { logId: 'login' });
  await expect(rows(usual).first()).toBeVisible();
  await expect(rows(usual).first().getByTestId('row-view')).toHaveCount(0);
  await rows(usual).first().getByTestId('row-detail').click();
  await expect(page.locator('.ant-drawer-title')).toHaveText('日志详情');
  // the data as indented JSON
  await expect(page.getByTestId('log-logData')).toContainText('"account": "admin"');
  await page.keyboard.press('Escape');

  await page.goto('/monitor/log/api/index');
  const api = resourcePage(page);
  const listed = page.waitForRequest(
    (req) => req.url().includes('/api/blade-log/api/list') && req.url().includes('method=POST'),
  );
  await search(api, { method: 'POST' });
  await listed;
  await expect(rows(api).first()).toContainText('POST');
  await search(api, { method: 'POST', requestUri: '/blade-system/param/submit' });
  await rows(api).first().getByTestId('row-detail').click();
  await expect(page.getByTestId('log-params')).toContainText(`"paramKey": "e2e.log.${stamp}"`);

  await page.goto('/monitor/log/error/index');
  const errors = resourcePage(page);
  await expect(errors.getByTestId('resource-search')).toBeVisible();
  await expect(errors.locator('[data-testid=resource-table]')).toBeVisible();
});

test('code generator: add and edit in the dialog, search, view, copy, generate downloads the zip, delete', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  await page.goto('/tool/code/index');
  const list = resourcePage(page);
  await expect(list.locator('[data-testid=resource-table]')).toBeVisible();
  await list.getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  await expect(dialog).toContainText('新增 · 代码生成');
  // defaults of a new row
  await expect(formItem(dialog, 'serviceName').locator('input')).toHaveValue('blade-psi');
  await expect(formItem(dialog, 'pkName').locator('input')).toHaveValue('id');
  await dialog.getByTestId('dialog-submit').click();
  await expect(fieldError(dialog, 'codeName')).toHaveText('请输入模块名');
  await expect(fieldError(dialog, 'tableName')).toHaveText('请输入表名');
  await formItem(dialog, 'codeName').locator('input').fill(`gen${stamp}`);
  await formItem(dialog, 'serviceName').locator('input').fill('Blade_Desk');
  await expect(fieldError(dialog, 'serviceName')).toHaveText('服务名只能包含小写字母、数字和短横线');
  await formItem(dialog, 'serviceName').locator('input').fill('blade-desk');
  await formItem(dialog, 'tableName').locator('input').fill('Blade-Notice');
  await expect(fieldError(dialog, 'tableName')).toHaveText('表名只能包含小写字母、数字和下划线');
  await formItem(dialog, 'tableName').locator('input').fill('blade_notice');
  await formItem(dialog, 'tablePrefix').locator('input').fill('blade_');
  await formItem(dialog, 'packageName').locator('input').fill('notice');
  const added = page.waitForRequest((req) => req.url().includes('/api/blade-develop/code/submit'));
  await dialog.getByTestId('dialog-submit').click();
  expect((await added).postDataJSON()).toMatchObject({
    codeName: `gen${stamp}`,
    serviceName: 'blade-desk',
    tableName: 'blade_notice',
    tablePrefix: 'blade_',
    pkName: 'id',
    packageName: 'notice',
  });
  await expectToast(page, '新增成功');
  await expect(dialog).toBeHidden();

  await search(list, { codeName: `gen${stamp}` });
  await expect(rows(list)).toHaveCount(1);
  await rows(list).first().getByTestId('row-view').click();
  await expect(page.getByTestId('resource-detail')).toContainText('blade_notice');
  await expect(page.getByTestId('resource-detail')).toContainText('notice');
  await dialog.getByTestId('dialog-close').click();

  await rows(list).first().getByTestId('row-edit').click();
  await expect(formItem(dialog, 'codeName').locator('input')).toHaveValue(`gen${stamp}`);
  await formItem(dialog, 'tableName').locator('input').fill('blade_post');
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '修改成功');
  await expect(rows(list).first()).toContainText('blade_post');

  await rows(list).first().getByTestId('row-copy').click();
  await expectToast(page, '复制成功');
  await expect(rows(list)).toHaveCount(2);
  await expect(list).toContainText(`gen${stamp}-copy`);
  const download = page.waitForEvent('download');
  await rows(list).first().getByTestId('row-generate').click();
  await confirm(page, '确定生成选中的代码?');
  const zip = await download;
  expect(zip.suggestedFilename()).toBe('code.zip');
  // a real zip archive (local file header "PK\x03\x04")
  const stream = await zip.createReadStream();
  const head: Buffer = await new Promise((resolve, reject) => {
    stream.once('data', (chunk) => resolve(Buffer.from(chunk as Buffer)));
    stream.once('error', reject);
  });
  expect(head.subarray(0, 4).toString('hex')).toBe('504b0304');

  // bulk delete: nothing selected first
  await list.getByTestId('toolbar-delete').click();
  await expect(page.locator('.ant-message').getByText('请选择至少一条数据')).toBeVisible();
  await list.locator('thead .ant-checkbox-input').check();
  await list.getByTestId('toolbar-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expectToast(page, '删除成功');
  await expect(rows(list)).toHaveCount(0);
});
