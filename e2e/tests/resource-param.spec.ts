import { expect, test } from '@playwright/test';
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

test('parameters: validation, add, view, edit, search, date filter, columns and bulk delete', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const name = `E2E参数${stamp}`;
  const key = `e2e.param.${stamp}`;
  await signInAsAdmin(page);
  await page.goto('/system/param/index');
  const list = resourcePage(page);
  await expect(rows(list).first()).toBeVisible();

  // page sizes of the spec, default 10
  await expect(list.locator('.ant-pagination-options')).toContainText('10 条/页');
  await list.locator('.ant-pagination-options .ant-select').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText([
    '10 条/页',
    '30 条/页',
    '50 条/页',
    '100 条/页',
    '200 条/页',
  ]);
  await page.keyboard.press('Escape');

  // add: each required field says what is missing
  await list.getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  await expect(dialog).toContainText('新增 · 参数管理');
  await dialog.getByTestId('dialog-submit').click();
  await expect(fieldError(dialog, 'paramName')).toHaveText('请输入参数名称');
  await expect(fieldError(dialog, 'paramKey')).toHaveText('请输入参数键名');
  await expect(fieldError(dialog, 'paramValue')).toHaveText('请输入参数键值');
  await formItem(dialog, 'paramName').locator('input').fill(name);
  await formItem(dialog, 'paramKey').locator('input').fill(key);
  await formItem(dialog, 'paramValue').locator('textarea').fill('first value');
  await formItem(dialog, 'remark').locator('textarea').fill('made by the e2e run');
  const submitted = page.waitForRequest((req) => req.url().includes('/api/blade-system/param/submit'));
  await dialog.getByTestId('dialog-submit').click();
  expect((await submitted).postDataJSON()).toEqual({
    paramName: name,
    paramKey: key,
    paramValue: 'first value',
    remark: 'made by the e2e run',
  });
  await expectToast(page, '新增成功');
  await expect(dialog).toBeHidden();

  // search: empty filters are not sent; a search goes back to page 1
  const listed = page.waitForRequest((req) => req.url().includes('/api/blade-system/param/list'));
  await search(list, { paramName: name });
  const query = new URL((await listed).url()).searchParams;
  expect(query.get('paramName')).toBe(name);
  expect(query.get('current')).toBe('1');
  expect(query.has('paramKey')).toBe(false);
  await expect(rows(list)).toHaveCount(1);
  await expect(rows(list).first()).toContainText(key);

  // view: read only, every field
  await rows(list).first().getByTestId('row-view').click();
  await expect(dialog).toContainText('查看 · 参数管理');
  await expect(page.getByTestId('resource-detail')).toContainText('first value');
  await expect(page.getByTestId('resource-detail')).toContainText('made by the e2e run');
  await expect(dialog.getByTestId('dialog-submit')).toHaveCount(0);
  await dialog.getByTestId('dialog-close').click();

  // edit: starts from the record, sends the id
  await rows(list).first().getByTestId('row-edit').click();
  await expect(formItem(dialog, 'paramKey').locator('input')).toHaveValue(key);
  await formItem(dialog, 'paramValue').locator('textarea').fill('');
  await dialog.getByTestId('dialog-submit').click();
  await expect(fieldError(dialog, 'paramValue')).toHaveText('请输入参数键值');
  await formItem(dialog, 'paramValue').locator('textarea').fill('second value');
  const updated = page.waitForRequest((req) => req.url().includes('/api/blade-system/param/submit'));
  await dialog.getByTestId('dialog-submit').click();
  expect((await updated).postDataJSON()).toMatchObject({
    id: expect.any(String),
    paramValue: 'second value',
  });
  await expectToast(page, '修改成功');
  await expect(rows(list).first()).toContainText('second value');

  // date filter: createTime_dategt / createTime_datelt
  const range = list.getByTestId('resource-search').locator('[data-field="createTime"]');
  const dated = page.waitForRequest((req) => /param\/list.*createTime_dategt/.test(req.url()));
  await fillRange(range, isoDay(0), isoDay(0));
  await list.getByTestId('search-submit').click();
  const dateQuery = new URL((await dated).url()).searchParams;
  expect(dateQuery.get('createTime_dategt')).toBe(`${isoDay(0)} 00:00:00`);
  expect(dateQuery.get('createTime_datelt')).toBe(`${isoDay(0)} 23:59:59`);
  await expect(rows(list)).toHaveCount(1);
  await fillRange(range, '2020-01-01', '2020-01-31');
  await list.getByTestId('search-submit').click();
  await expect(list.locator('.ant-table-placeholder')).toBeVisible();
  await list.getByTestId('search-reset').click();
  await expect(rows(list).first()).toBeVisible();

  // column settings: hide a column, kept after a reload
  await list.getByTestId('column-settings-button').click();
  await page.getByTestId('column-settings').locator('[data-column="paramValue"]').click();
  await expect(list.locator('thead')).not.toContainText('参数键值');
  await page.reload();
  await expect(resourcePage(page).locator('thead')).toContainText('参数键名');
  await expect(resourcePage(page).locator('thead')).not.toContainText('参数键值');
  await resourcePage(page).getByTestId('column-settings-button').click();
  await page.getByTestId('column-settings').locator('[data-column="paramValue"]').click();
  await expect(resourcePage(page).locator('thead')).toContainText('参数键值');

  // bulk delete: a warning without selection, a confirmation with one
  const again = resourcePage(page);
  await again.getByTestId('toolbar-delete').click();
  await expect(page.locator('.ant-message').getByText('请选择至少一条数据')).toBeVisible();
  await search(again, { paramName: name });
  await expect(rows(again)).toHaveCount(1);
  await rows(again).first().locator('.ant-checkbox-input').check();
  await again.getByTestId('toolbar-delete').click();
  const removed = page.waitForRequest((req) => req.url().includes('/api/blade-system/param/remove'));
  await confirm(page, '确定将选择数据删除?');
  expect(new URL((await removed).url()).searchParams.get('ids')).toMatch(/^\d+$/);
  await expectToast(page, '删除成功');
  await expect(again.locator('.ant-table-placeholder')).toBeVisible();
});
