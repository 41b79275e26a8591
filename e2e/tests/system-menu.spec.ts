import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/login';
import {
  confirm,
  expectToast,
  formItem,
  pickOption,
  resourceDialog,
  resourcePage,
  rows,
  search,
} from '../support/ui';

test('menus: tree list with buttons below, add with the icon picker, category, action and new window, edit, delete', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  await page.goto('/system/menu/index');
  const list = resourcePage(page);
  await expect(rows(list).first()).toBeVisible();
  // buttons are listed under their menu
  await rows(list).filter({ hasText: '/desk' }).first().locator('.ant-table-row-expand-icon').click();
  const notice = rows(list).filter({ hasText: '/desk/notice' }).first();
  await expect(notice).toBeVisible();
  await notice.locator('.ant-table-row-expand-icon').click();
  await expect(rows(list).filter({ hasText: 'notice_add' })).toBeVisible();
  await expect(rows(list).filter({ hasText: 'notice_add' })).toContainText('按钮');

  await list.getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  await expect(formItem(dialog, 'name').locator('input')).toBeVisible();
  await formItem(dialog, 'name').locator('input').fill(`菜单${stamp}`);
  await formItem(dialog, 'code').locator('input').fill(`m${stamp}`);
  const alias = formItem(dialog, 'alias').locator('input');
  if (await alias.count()) await alias.fill('menu');
  await formItem(dialog, 'path').locator('input').fill(`/e2e/m${stamp}`);
  // the icon picker fills the name and draws it
  await formItem(dialog, 'source').locator('input').click();
  await page.getByTestId('icon-picker').locator('[data-icon="BellOutlined"]').click();
  await expect(formItem(dialog, 'source').locator('input')).toHaveValue('BellOutlined');
  await expect(formItem(dialog, 'source').locator('.anticon-bell')).toBeVisible();
  const choose = async (name: string, option: string | RegExp, shown: string) => {
    await expect(async () => {
      await formItem(dialog, name).locator('.ant-select').click();
      await pickOption(page, option);
      await expect(
        formItem(dialog, name).locator('.ant-select-content, .ant-select-selector').first(),
      ).toHaveText(shown, {
        timeout: 1000,
      });
    }).toPass();
  };
  await choose('category', /^菜单$/, '菜单');
  await choose('action', /^工具栏$/, '工具栏');
  await choose('isOpen', /^是$/, '是');
  const submitted = page.waitForRequest((req) => req.url().includes('/api/blade-system/menu/submit'));
  await dialog.getByTestId('dialog-submit').click();
  expect((await submitted).postDataJSON()).toMatchObject({
    code: `m${stamp}`,
    source: 'BellOutlined',
    category: 1,
    action: 1,
    isOpen: 2,
  });
  await expectToast(page, '新增成功');
  await search(list, { name: `菜单${stamp}` });
  const row = rows(list).filter({ hasText: `m${stamp}` });
  await expect(row).toHaveCount(1);
  await expect(row.locator('.anticon-bell')).toBeVisible();
  await row.getByTestId('row-view').click();
  await expect(page.getByTestId('resource-detail')).toContainText('工具栏');
  await dialog.getByTestId('dialog-close').click();
  await row.getByTestId('row-edit').click();
  await formItem(dialog, 'source').locator('input').fill('SettingOutlined');
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '修改成功');
  await expect(row.locator('.anticon-setting')).toBeVisible();
  await row.getByTestId('row-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expectToast(page, '删除成功');
});
