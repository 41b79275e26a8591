import { expect, test, type Page, type Request } from '@playwright/test';
import { signInAsAdmin } from '../support/login';
import { saveScreenshot } from '../support/screenshots';
import { apiGet } from '../support/system';
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

/** A `menu/lazy-list` request whose query has exactly these parameters. */
const lazyList = (page: Page, wanted: Record<string, string | null>) =>
  page.waitForRequest((req: Request) => {
    const url = new URL(req.url());
    if (!url.pathname.endsWith('/api/blade-system/menu/lazy-list')) return false;
    return Object.entries(wanted).every(([key, value]) =>
      value === null ? !url.searchParams.has(key) : url.searchParams.get(key) === value,
    );
  });

test('menus: tree list with buttons below, add with the icon picker, category, action and new window, edit, delete', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  const menus = (
    await apiGet<{ id: string; code: string }[]>(page, '/blade-system/menu/lazy-list', { code: 'notice' })
  ).data;
  const deskId = (
    await apiGet<{ id: string; code: string }[]>(page, '/blade-system/menu/lazy-list', { code: 'desk' })
  ).data.find((m) => m.code === 'desk')!.id;
  const noticeId = menus.find((m) => m.code === 'notice')!.id;
  // the first load asks for the root menus only
  const roots = lazyList(page, { parentId: '0' });
  await page.goto('/system/menu/index');
  await roots;
  const list = resourcePage(page);
  await expect(rows(list).first()).toBeVisible();
  await expect(rows(list).filter({ hasText: '/desk/notice' })).toHaveCount(0);
  await expect(list.locator('.ant-pagination')).toHaveCount(0);
  // buttons are listed under their menu, each level loaded when it is opened
  const desk = lazyList(page, { parentId: deskId });
  await rows(list).filter({ hasText: '/desk' }).first().locator('.ant-table-row-expand-icon').click();
  await desk;
  const notice = rows(list).filter({ hasText: '/desk/notice' }).first();
  await expect(notice).toBeVisible();
  const buttons = lazyList(page, { parentId: noticeId });
  await notice.locator('.ant-table-row-expand-icon').click();
  await buttons;
  await expect(rows(list).filter({ hasText: 'notice_add' })).toBeVisible();
  await expect(rows(list).filter({ hasText: 'notice_add' })).toContainText('按钮');
  await saveScreenshot(page, 'system-menu-lazy-zh');

  // a button added under the open notice menu shows there, with its category and action
  await notice.getByTestId('row-add-child').click();
  const child = resourceDialog(page);
  await expect(formItem(child, 'parentId')).toContainText('通知公告');
  await formItem(child, 'name').locator('input').fill(`审核${stamp}`);
  await formItem(child, 'code').locator('input').fill(`notice_audit_${stamp}`);
  await expect(async () => {
    await formItem(child, 'category').locator('.ant-select').click();
    await pickOption(page, /^按钮$/);
    await expect(
      formItem(child, 'category').locator('.ant-select-content, .ant-select-selector').first(),
    ).toHaveText('按钮', { timeout: 1000 });
  }).toPass();
  const reloaded = lazyList(page, { parentId: noticeId });
  await child.getByTestId('dialog-submit').click();
  await expectToast(page, '新增成功');
  await reloaded;
  const added = rows(list).filter({ hasText: `notice_audit_${stamp}` });
  await expect(added).toHaveCount(1);
  await expect(added).toContainText('按钮');
  await expect(added.locator('.ant-table-row-indent.indent-level-2')).toHaveCount(1);
  await expect(notice.locator('.ant-table-row-expand-icon-expanded')).toHaveCount(1);
  // a search finds the nested button without opening its parents
  await page.reload();
  await expect(rows(list).first()).toBeVisible();
  await expect(added).toHaveCount(0);
  const searched = lazyList(page, { code: `notice_audit_${stamp}`, parentId: null });
  await search(list, { code: `notice_audit_${stamp}` });
  await searched;
  await expect(rows(list)).toHaveCount(1);
  await expect(added).toContainText(`审核${stamp}`);
  await added.getByTestId('row-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expectToast(page, '删除成功');
  await expect(rows(list)).toHaveCount(0);
  await page.getByTestId('resource-search').getByTestId('search-reset').click();
  await expect(rows(list).filter({ hasText: '/desk' }).first()).toBeVisible();
  // English labels, the same lazy rows
  await page.getByTestId('header-language').click();
  await page.getByTestId('language-option-en').click();
  // the shell shows English before the rows are opened
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(list.getByTestId('toolbar-add')).toContainText('Add');
  await rows(list).filter({ hasText: '/desk' }).first().locator('.ant-table-row-expand-icon').click();
  await rows(list).filter({ hasText: '/desk/notice' }).first().locator('.ant-table-row-expand-icon').click();
  await expect(rows(list).filter({ hasText: 'notice_add' })).toContainText('Button');
  await expect(list.getByTestId('row-add-child').first()).toContainText('Add child');
  await saveScreenshot(page, 'system-menu-lazy-en');
  await page.getByTestId('header-language').click();
  await page.getByTestId('language-option-zh').click();

  await list.getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  await expect(formItem(dialog, 'name').locator('input')).toBeVisible();
  await formItem(dialog, 'name').locator('input').fill(`菜单${stamp}`);
  await formItem(dialog, 'code').locator('input').fill(`m${stamp}`);
  const alias = formItem(dialog, 'alias').locator('input');
  if (await alias.count()) await alias.fill('menu');
  await formItem(dialog, 'path').locator('input').fill(`/e2e/m${stamp}`);
  // the icon picker fills the name and draws it
  // as the selects below: under a loaded CI machine the first click may land while the popover's
  // grid is still drawing, so the pick is tried again until the field shows it
  await expect(async () => {
    await formItem(dialog, 'source').locator('input').click();
    await page.getByTestId('icon-picker').locator('[data-icon="BellOutlined"]').click({ timeout: 2000 });
    await expect(formItem(dialog, 'source').locator('input')).toHaveValue('BellOutlined', { timeout: 1000 });
  }).toPass();
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
