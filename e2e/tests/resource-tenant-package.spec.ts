import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAsAdmin } from '../support/login';
import {
  confirm,
  expectToast,
  fieldError,
  fillRange,
  formItem,
  isoDay,
  resourceDialog,
  resourcePage,
  rows,
  search,
} from '../support/ui';

async function checkMenus(page: Page, dialog: Locator, titles: string[]) {
  await formItem(dialog, 'menuId').locator('.ant-select').click();
  const tree = page.locator('.ant-select-dropdown:visible');
  for (const title of titles) {
    await tree
      .locator('.ant-select-tree-treenode')
      .filter({ has: page.locator(`.ant-select-tree-title:text-is("${title}")`) })
      .locator('.ant-select-tree-checkbox')
      .first()
      .click();
  }
  await page.keyboard.press('Escape');
}

test('tenant packages: no view, width 600, menus sent comma-joined, edit, search, date filter, bulk delete', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const name = `E2E产品包${stamp}`;
  await signInAsAdmin(page);
  await page.goto('/system/tenantpackage/index');
  const list = resourcePage(page);
  await expect(list.getByTestId('toolbar-add')).toBeVisible();
  await expect(list.locator('thead')).not.toContainText('菜单列表');

  await list.getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  await expect(page.locator('.psi-resource-dialog')).toHaveCSS('width', '600px');
  // A click during the dialog's opening animation can be lost on a busy machine: press until it answers.
  await expect(async () => {
    await dialog.getByTestId('dialog-submit').click();
    await expect(fieldError(dialog, 'packageName')).toHaveText('请输入产品包名称', { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(fieldError(dialog, 'menuId')).toHaveText('请选择菜单');

  await formItem(dialog, 'packageName').locator('input').fill(name);
  await checkMenus(page, dialog, ['工作台', '基础资料']);
  await expect(fieldError(dialog, 'menuId')).toHaveCount(0);
  const submitted = page.waitForRequest((req) =>
    req.url().includes('/api/blade-system/tenant-package/submit'),
  );
  await dialog.getByTestId('dialog-submit').click();
  const body = (await submitted).postDataJSON() as { packageName: string; menuId: string };
  expect(body.packageName).toBe(name);
  expect(body.menuId).toMatch(/^\d+(,\d+)+$/);
  await expectToast(page, '新增成功');

  await search(list, { packageName: name });
  await expect(rows(list)).toHaveCount(1);
  // add, edit and delete; no view (spec: view is not allowed)
  await expect(rows(list).first().getByTestId('row-view')).toHaveCount(0);
  await expect(rows(list).first().getByTestId('row-edit')).toBeVisible();

  await rows(list).first().getByTestId('row-edit').click();
  await expect(formItem(dialog, 'packageName').locator('input')).toHaveValue(name);
  await expect(formItem(dialog, 'menuId').locator('.ant-select-selection-item').first()).toBeVisible();
  await formItem(dialog, 'remark').locator('textarea').fill('edited by the e2e run');
  const updated = page.waitForRequest((req) => req.url().includes('/api/blade-system/tenant-package/submit'));
  await dialog.getByTestId('dialog-submit').click();
  const edit = (await updated).postDataJSON() as { id: string; menuId: string; remark: string };
  expect(edit.id).toMatch(/^\d+$/);
  expect(edit.menuId.split(',').length).toBeGreaterThanOrEqual(2);
  expect(edit.remark).toBe('edited by the e2e run');
  await expectToast(page, '修改成功');

  const range = list.getByTestId('resource-search').locator('[data-field="createTime"]');
  await fillRange(range, isoDay(-1), isoDay(1));
  await list.getByTestId('search-submit').click();
  await expect(rows(list)).toHaveCount(1);
  await fillRange(range, '2021-03-01', '2021-03-02');
  await list.getByTestId('search-submit').click();
  await expect(list.locator('.ant-table-placeholder')).toBeVisible();
  await list.getByTestId('search-reset').click();

  await search(list, { packageName: name });
  await rows(list).first().locator('.ant-checkbox-input').check();
  await list.getByTestId('toolbar-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expectToast(page, '删除成功');
  await expect(list.locator('.ant-table-placeholder')).toBeVisible();
});
