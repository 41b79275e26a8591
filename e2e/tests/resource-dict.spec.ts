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
  showSearchField,
} from '../support/ui';

/** Adds a dictionary in the parent list, checking the seed's messages on the way. */
async function addDictionary(page: Page, parents: Locator, code: string, name: string) {
  await parents.getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  await expect(page.locator('.psi-resource-dialog')).toHaveCSS('width', '880px');
  await expect(formItem(dialog, 'parentId')).toHaveCount(0);
  await expect(formItem(dialog, 'dictKey')).toHaveCount(0);
  // sealed is a switch, off (0) by default
  await expect(formItem(dialog, 'isSealed').getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  await dialog.getByTestId('dialog-submit').click();
  await expect(fieldError(dialog, 'code')).toHaveText('请输入字典编号');
  await expect(fieldError(dialog, 'dictValue')).toHaveText('请输入字典名称');
  await expect(fieldError(dialog, 'sort')).toHaveText('请输入字典排序');
  await formItem(dialog, 'code').locator('input').fill(code);
  await formItem(dialog, 'dictValue').locator('input').fill(name);
  await formItem(dialog, 'sort').locator('input').fill('90');
  await formItem(dialog, 'remark').locator('textarea').fill('e2e dictionary');
  const submitted = page.waitForRequest((req) => /\/api\/blade-system\/dict\/submit/.test(req.url()));
  await dialog.getByTestId('dialog-submit').click();
  expect((await submitted).postDataJSON()).toEqual({
    code,
    dictValue: name,
    parentId: '0',
    sort: 90,
    isSealed: 0,
    remark: 'e2e dictionary',
  });
  await expectToast(page, '新增成功');
  await expect(dialog).toBeHidden();
}

/** Adds an entry to the chosen dictionary: code and parent are the dictionary's and cannot be changed. */
async function addEntry(
  page: Page,
  children: Locator,
  code: string,
  parentName: string,
  key: string,
  name: string,
) {
  await children.getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  await expect(formItem(dialog, 'code').locator('input')).toHaveValue(code);
  await expect(formItem(dialog, 'code').locator('input')).toBeDisabled();
  await expect(formItem(dialog, 'parentId').locator('.ant-select')).toHaveClass(/ant-select-disabled/);
  await expect(formItem(dialog, 'parentId')).toContainText(parentName);
  await dialog.getByTestId('dialog-submit').click();
  await expect(fieldError(dialog, 'dictValue')).toHaveText('请输入字典名称');
  await expect(fieldError(dialog, 'dictKey')).toHaveText('请输入字典键值');
  await expect(fieldError(dialog, 'sort')).toHaveText('请输入字典排序');
  await formItem(dialog, 'dictValue').locator('input').fill(name);
  await formItem(dialog, 'dictKey').locator('input').fill(key);
  await formItem(dialog, 'sort').locator('input').fill(key);
  const submitted = page.waitForRequest((req) => /\/api\/blade-system\/dict\/submit/.test(req.url()));
  await dialog.getByTestId('dialog-submit').click();
  expect((await submitted).postDataJSON()).toMatchObject({
    code,
    parentId: expect.stringMatching(/^\d+$/),
    dictKey: key,
    dictValue: name,
  });
  await expectToast(page, '新增成功');
  await expect(dialog).toBeHidden();
}

test('dictionaries side by side: parent and child lists, sealed switch, view, edit, search, filters, bulk delete', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const code = `e2e_${stamp}`;
  await signInAsAdmin(page);
  await page.goto('/dict-horizontal/index');
  const parents = resourcePage(page, 0);
  const children = resourcePage(page, 1);
  await expect(parents.locator('thead')).toContainText('字典编号');
  for (const column of ['字典名称', '字典排序', '封存', '备注'])
    await expect(parents.locator('thead')).toContainText(column);
  await expect(children).toContainText('请在字典列表中选择一个字典');

  // a new search starts on page 1
  await parents.locator('.ant-pagination-item-2').click();
  await expect(parents.locator('.ant-pagination-item-active')).toHaveText('2');
  const firstPage = page.waitForRequest((req) => req.url().includes('/api/blade-system/dict/parent-list'));
  await search(parents, { dictValue: '类型' });
  expect(new URL((await firstPage).url()).searchParams.get('current')).toBe('1');
  await parents.getByTestId('search-reset').click();

  await addDictionary(page, parents, code, 'E2E字典');
  await search(parents, { code });
  await expect(rows(parents)).toHaveCount(1);

  // choose it: its entries are listed on the right
  const entries = page.waitForRequest((req) => req.url().includes('/api/blade-system/dict/child-list'));
  await rows(parents).first().locator('td').nth(2).click();
  expect(new URL((await entries).url()).searchParams.get('parentId')).toMatch(/^\d+$/);
  await expect(children).toContainText(`E2E字典 · ${code}`);
  for (const column of ['字典编号', '字典名称', '上级字典', '字典键值', '字典排序', '封存', '备注']) {
    await expect(children.locator('thead')).toContainText(column);
  }

  await addEntry(page, children, code, 'E2E字典', '1', '选项一');
  await addEntry(page, children, code, 'E2E字典', '2', '选项二');
  await expect(rows(children)).toHaveCount(2);
  await expect(rows(children).first()).toContainText('E2E字典');

  // view and edit an entry; code and parent stay fixed on edit
  await rows(children).first().getByTestId('row-view').click();
  const dialog = resourceDialog(page);
  await expect(page.getByTestId('resource-detail')).toContainText('选项一');
  await dialog.getByTestId('dialog-close').click();
  await rows(children).first().getByTestId('row-edit').click();
  await expect(formItem(dialog, 'code').locator('input')).toBeDisabled();
  await expect(formItem(dialog, 'parentId').locator('.ant-select')).toHaveClass(/ant-select-disabled/);
  await formItem(dialog, 'dictValue').locator('input').fill('选项一（改）');
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '修改成功');
  await expect(rows(children).first()).toContainText('选项一（改）');

  // the sealed switch saves at once
  await rows(children).nth(1).getByTestId('sealed-switch').click();
  await expectToast(page, '操作成功');
  await expect(rows(children).nth(1).getByTestId('sealed-switch')).toHaveAttribute('aria-checked', 'true');
  await rows(children).nth(1).getByTestId('sealed-switch').click();
  await expect(rows(children).nth(1).getByTestId('sealed-switch')).toHaveAttribute('aria-checked', 'false');

  // child search and the date filter's parameters
  await search(children, { dictValue: '选项二' });
  await expect(rows(children)).toHaveCount(1);
  const dated = page.waitForRequest((req) => /child-list.*createTime_dategt/.test(req.url()));
  await fillRange(
    children.getByTestId('resource-search').locator('[data-field="createTime"]'),
    '2020-01-01',
    '2020-01-02',
  );
  await children.getByTestId('search-submit').click();
  const query = new URL((await dated).url()).searchParams;
  expect(query.get('createTime_dategt')).toBe('2020-01-01 00:00:00');
  expect(query.get('createTime_datelt')).toBe('2020-01-02 23:59:59');
  // the server filters by it: nothing was created then, the entry was created today
  await expect(children.locator('.ant-table-placeholder')).toBeVisible();
  await fillRange(
    children.getByTestId('resource-search').locator('[data-field="createTime"]'),
    isoDay(0),
    isoDay(0),
  );
  await children.getByTestId('search-submit').click();
  await expect(rows(children)).toHaveCount(1);
  await expect(rows(children).first()).toContainText('选项二');
  await children.getByTestId('search-reset').click();

  // bulk delete of the entries, then of the dictionary
  await children.getByTestId('toolbar-delete').click();
  await expect(page.locator('.ant-message').getByText('请选择至少一条数据')).toBeVisible();
  await children.locator('thead .ant-checkbox-input').check();
  await children.getByTestId('toolbar-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expectToast(page, '删除成功');
  await expect(children.locator('.ant-table-placeholder')).toBeVisible();

  await rows(parents).first().getByTestId('row-view').click();
  await expect(page.getByTestId('resource-detail')).toContainText(code);
  await dialog.getByTestId('dialog-close').click();
  await rows(parents).first().getByTestId('row-edit').click();
  // a dictionary's code is fixed once created (declaration: not editable on edit)
  await expect(formItem(dialog, 'code').locator('input')).toBeDisabled();
  await formItem(dialog, 'dictValue').locator('input').fill('E2E字典（改）');
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '修改成功');
  await rows(parents).first().locator('.ant-checkbox-input').check();
  await parents.getByTestId('toolbar-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expectToast(page, '删除成功');
  await expect(parents.locator('.ant-table-placeholder')).toBeVisible();
});

test('dictionaries stacked, and the dictionary menu with its configuration drawer', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const code = `e2e_v_${stamp}`;
  await signInAsAdmin(page);
  await page.goto('/dict-vertical/index');
  const parents = resourcePage(page, 0);
  const children = resourcePage(page, 1);
  await addDictionary(page, parents, code, 'E2E纵向');
  await search(parents, { code });
  await rows(parents).first().locator('td').nth(2).click();
  await addEntry(page, children, code, 'E2E纵向', '7', '纵向选项');
  await expect(rows(children)).toHaveCount(1);
  const dateRange = parents.getByTestId('resource-search').locator('[data-field="createTime"]');
  await showSearchField(dateRange);
  await expect(dateRange).toBeVisible();
  const dated = page.waitForRequest((req) => /parent-list.*createTime_dategt/.test(req.url()));
  await fillRange(dateRange, '2020-01-01', '2020-01-02');
  await parents.getByTestId('search-submit').click();
  expect(new URL((await dated).url()).searchParams.get('createTime_dategt')).toBe('2020-01-01 00:00:00');

  // the menu's dictionary page: configure a dictionary's entries in a drawer
  await page.goto('/system/dict/index');
  const menuList = resourcePage(page, 0);
  await search(menuList, { code });
  await rows(menuList).first().getByTestId('row-dict-config').click();
  const drawer = page.locator('.ant-drawer-section');
  await expect(drawer).toContainText('字典配置 · E2E纵向');
  await expect(rows(drawer.getByTestId('resource-page'))).toHaveCount(1);
  await expect(rows(drawer.getByTestId('resource-page')).first()).toContainText('纵向选项');
  await drawer.locator('.ant-drawer-close').click();

  // clean up: entries first, then the dictionary
  await rows(menuList).first().getByTestId('row-dict-config').click();
  const inDrawer = page.locator('.ant-drawer-section').getByTestId('resource-page');
  await rows(inDrawer).first().getByTestId('row-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expectToast(page, '删除成功');
  await page.locator('.ant-drawer-close').click();
  await rows(menuList).first().getByTestId('row-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expect(menuList.locator('.ant-table-placeholder')).toBeVisible();
});
