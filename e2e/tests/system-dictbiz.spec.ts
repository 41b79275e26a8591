import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAsAdmin } from '../support/login';
import { apiGet, createTenant, signInAs, signOut } from '../support/system';
import {
  confirm,
  expectToast,
  fieldError,
  formItem,
  resourceDialog,
  resourcePage,
  rows,
  search,
  stopMoving,
} from '../support/ui';

/** Business dictionaries (/system/dictbiz): the dictionary screens of each tenant. */

function drawerList(page: Page): Locator {
  return page.locator('.ant-drawer-section').getByTestId('resource-page');
}

test('business dictionaries as the super-admin: messages, add, search, view, edit, entries, sealed, bulk delete', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const code = `biz_${stamp}`;
  await signInAsAdmin(page);
  await page.goto('/system/dictbiz/index');
  const list = resourcePage(page);
  for (const column of ['字典编号', '字典名称', '字典排序', '封存'])
    await expect(list.locator('thead')).toContainText(column);

  await list.getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  await expect(dialog).toContainText('新增 · 业务字典');
  await expect(page.locator('.psi-resource-dialog')).toHaveCSS('width', '880px');
  await expect(formItem(dialog, 'dictKey')).toHaveCount(0);
  await expect(formItem(dialog, 'isSealed').getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  await dialog.getByTestId('dialog-submit').click();
  await expect(fieldError(dialog, 'code')).toHaveText('请输入字典编号');
  await expect(fieldError(dialog, 'dictValue')).toHaveText('请输入字典名称');
  await expect(fieldError(dialog, 'sort')).toHaveText('请输入字典排序');
  await formItem(dialog, 'code').locator('input').fill(code);
  await formItem(dialog, 'dictValue').locator('input').fill('E2E业务字典');
  await formItem(dialog, 'sort').locator('input').fill('5');
  const submitted = page.waitForRequest((req) => req.url().includes('/api/blade-system/dict-biz/submit'));
  await dialog.getByTestId('dialog-submit').click();
  expect((await submitted).postDataJSON()).toEqual({
    code,
    dictValue: 'E2E业务字典',
    parentId: '0',
    sort: 5,
    isSealed: 0,
  });
  await expectToast(page, '新增成功');
  await expect(dialog).toBeHidden();

  await search(list, { code });
  await expect(rows(list)).toHaveCount(1);
  await rows(list).first().getByTestId('row-view').click();
  await expect(page.getByTestId('resource-detail')).toContainText('E2E业务字典');
  await dialog.getByTestId('dialog-close').click();
  await rows(list).first().getByTestId('row-edit').click();
  await expect(formItem(dialog, 'code').locator('input')).toBeDisabled();
  // typed once the dialog shows the row it edits, and has stopped zooming in (CI on a loaded machine)
  await expect(formItem(dialog, 'dictValue').locator('input')).toHaveValue('E2E业务字典');
  await stopMoving(page.locator('.ant-modal.psi-resource-dialog').last());
  await formItem(dialog, 'dictValue').locator('input').fill('E2E业务字典改');
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '修改成功');
  await expect(rows(list).first()).toContainText('E2E业务字典改');

  // entries: code and parent fixed, text keys, a key only once per dictionary
  await rows(list).first().getByTestId('row-dict-config').click();
  await expect(page.locator('.ant-drawer-section')).toContainText('字典配置 · E2E业务字典改');
  const entries = drawerList(page);
  for (const [key, name] of [
    ['north', '北区'],
    ['south', '南区'],
  ]) {
    await entries.getByTestId('toolbar-add').click();
    await expect(formItem(dialog, 'code').locator('input')).toHaveValue(code);
    await expect(formItem(dialog, 'code').locator('input')).toBeDisabled();
    await expect(formItem(dialog, 'parentId').locator('.ant-select')).toHaveClass(/ant-select-disabled/);
    await dialog.getByTestId('dialog-submit').click();
    await expect(fieldError(dialog, 'dictValue')).toHaveText('请输入字典名称');
    await expect(fieldError(dialog, 'dictKey')).toHaveText('请输入字典键值');
    await formItem(dialog, 'dictValue').locator('input').fill(name);
    await formItem(dialog, 'dictKey').locator('input').fill(key);
    await formItem(dialog, 'sort').locator('input').fill('1');
    const sent = page.waitForRequest((req) => req.url().includes('/api/blade-system/dict-biz/submit'));
    await dialog.getByTestId('dialog-submit').click();
    expect((await sent).postDataJSON()).toMatchObject({ code, dictKey: key, dictValue: name });
    await expectToast(page, '新增成功');
    await expect(dialog).toBeHidden();
  }
  await expect(rows(entries)).toHaveCount(2);
  await entries.getByTestId('toolbar-add').click();
  await formItem(dialog, 'dictValue').locator('input').fill('重复');
  await formItem(dialog, 'dictKey').locator('input').fill('north');
  await formItem(dialog, 'sort').locator('input').fill('3');
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '当前字典键值已存在!');
  await dialog.locator('.psi-dialog-footer .ant-btn').first().click();
  // the refused entry is still unsaved work: cancelling asks before it is thrown away
  await page.getByTestId('discard-ok').last().click();

  const north = rows(entries).filter({ hasText: '北区' });
  await north.getByTestId('row-view').click();
  await expect(page.getByTestId('resource-detail')).toContainText('north');
  await dialog.getByTestId('dialog-close').click();
  await north.getByTestId('row-edit').click();
  await expect(formItem(dialog, 'dictValue').locator('input')).toHaveValue('北区');
  await stopMoving(page.locator('.ant-modal.psi-resource-dialog').last());
  await formItem(dialog, 'dictValue').locator('input').fill('北区改');
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '修改成功');
  await expect(rows(entries).filter({ hasText: '北区改' })).toHaveCount(1);
  // a sealed entry is not removed: the refusal is shown, the confirm closes, the row stays
  const south = rows(entries).filter({ hasText: '南区' });
  const sealed = south.getByTestId('sealed-switch');
  await sealed.click();
  await expectToast(page, '操作成功');
  await expect(sealed).toHaveAttribute('aria-checked', 'true');
  await south.getByTestId('row-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expectToast(page, '该字典已封存，不可修改或删除');
  await expect(south).toHaveCount(1);
  await sealed.click();
  await expect(sealed).toHaveAttribute('aria-checked', 'false');
  // the entries are the dictionary's, read by code
  const dict = await apiGet<{ dictKey: string; dictValue: string }[]>(
    page,
    '/blade-system/dict-biz/dictionary',
    {
      code,
    },
  );
  expect(dict.data.map((d) => d.dictKey).sort()).toEqual(['north', 'south']);

  // bulk delete: nothing chosen, then all
  await entries.getByTestId('toolbar-delete').click();
  await expect(page.locator('.ant-message').getByText('请选择至少一条数据')).toBeVisible();
  await entries.locator('thead .ant-checkbox-input').check();
  await entries.getByTestId('toolbar-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expectToast(page, '删除成功');
  await expect(rows(entries)).toHaveCount(0);
  await page.locator('.ant-drawer-close').click();

  await rows(list).first().locator('.ant-checkbox-input').check();
  await list.getByTestId('toolbar-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expectToast(page, '删除成功');
  await expect(rows(list)).toHaveCount(0);
});

test('business dictionaries belong to their tenant: the same code in two tenants, each sees its own', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const code = `own_${stamp}`;
  await signInAsAdmin(page);
  const tenantId = await createTenant(page, `E2E字典租户${stamp}`);
  await page.goto('/system/dictbiz/index');
  const list = resourcePage(page);
  const dialog = resourceDialog(page);
  await list.getByTestId('toolbar-add').click();
  await formItem(dialog, 'code').locator('input').fill(code);
  await formItem(dialog, 'dictValue').locator('input').fill('平台的');
  await formItem(dialog, 'sort').locator('input').fill('1');
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '新增成功');

  await signOut(page);
  await signInAs(page, 'admin', 'admin', tenantId);
  await page.goto('/system/dictbiz/index');
  await search(list, { code });
  await expect(list.locator('.ant-table-placeholder')).toBeVisible();
  // the tenant may use the same code for its own dictionary
  await list.getByTestId('toolbar-add').click();
  await formItem(dialog, 'code').locator('input').fill(code);
  await formItem(dialog, 'dictValue').locator('input').fill('租户的');
  await formItem(dialog, 'sort').locator('input').fill('1');
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '新增成功');
  await search(list, { code });
  await expect(rows(list)).toHaveCount(1);
  await expect(rows(list).first()).toContainText('租户的');
  await expect(list).not.toContainText('平台的');
});
