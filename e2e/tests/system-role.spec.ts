import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAsAdmin } from '../support/login';
import { apiGet, apiPost, md5, signInAs, signOut } from '../support/system';
import { confirm, expectToast, formItem, resourceDialog, resourcePage, rows, search } from '../support/ui';

const DESK = '1123598815738675201';
const NOTICE = '1123598815738675202';
const NOTICE_ADD = '1123598815738675203';
const NOTICE_VIEW = '1123598815738675206';
const ROOT_DEPT = '1123598813738675201';

/** The tree node (row) of a title inside a container. */
function treeNode(scope: Locator, title: string): Locator {
  return scope.locator('.ant-tree-treenode').filter({
    has: scope.page().locator(`.ant-tree-node-content-wrapper[title="${title}"]`),
  });
}

async function expand(scope: Locator, title: string) {
  const switcher = treeNode(scope, title).locator('.ant-tree-switcher');
  await expect(async () => {
    if (!/switcher_open/.test((await switcher.getAttribute('class')) ?? '')) await switcher.click();
    await expect(switcher).toHaveClass(/switcher_open/, { timeout: 1000 });
  }).toPass();
}

async function openGrant(page: Page, list: Locator, roleName: string): Promise<Locator> {
  await search(list, { roleName });
  await expect(rows(list)).toHaveCount(1);
  await rows(list).first().getByTestId('row-grant').click();
  const dialog = page.locator('.ant-modal-container').filter({ hasText: `权限设置 · ${roleName}` });
  await expect(dialog.getByTestId('grant-tree-menu')).toBeVisible();
  return dialog;
}

test('roles: add, search, view, edit, grant menus and buttons, a user of the role sees exactly those, delete', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const roleName = `E2E角色${stamp}`;
  const alias = `e2e_${stamp}`;
  await signInAsAdmin(page);
  // a notice to look at
  const notice = await apiPost(page, '/blade-desk/notice/submit', {
    title: `E2E公告${stamp}`,
    category: 1,
    releaseTime: '2026-01-01 08:00:00',
    content: '<p>hello</p>',
  });
  expect(notice.success, notice.msg).toBe(true);

  await page.goto('/authority/role/index');
  const list = resourcePage(page);
  await expect(rows(list).first()).toBeVisible();

  // add with its required messages
  await list.getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  await expect(dialog).toContainText('新增 · 角色管理');
  await expect(formItem(dialog, 'roleName').locator('input')).toBeVisible();
  await dialog.getByTestId('dialog-submit').click();
  await expect(formItem(dialog, 'roleName').locator('.ant-form-item-explain-error')).toHaveText(
    '请输入角色名称',
  );
  await expect(formItem(dialog, 'roleAlias').locator('.ant-form-item-explain-error')).toHaveText(
    '请输入角色别名',
  );
  await formItem(dialog, 'roleName').locator('input').fill(roleName);
  await formItem(dialog, 'roleAlias').locator('input').fill(alias);
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '新增成功');

  // search, view, edit
  await search(list, { roleName });
  await expect(rows(list)).toHaveCount(1);
  await rows(list).first().getByTestId('row-view').click();
  await expect(page.getByTestId('resource-detail')).toContainText(alias);
  await dialog.getByTestId('dialog-close').click();
  await rows(list).first().getByTestId('row-edit').click();
  await expect(dialog).toContainText('编辑 · 角色管理');
  await expect(formItem(dialog, 'roleName').locator('input')).toHaveValue(roleName);
  await formItem(dialog, 'sort').locator('input').fill('9');
  // a click during the opening animation can be lost: press again until the dialog closes
  await expect(async () => {
    const submit = dialog.getByTestId('dialog-submit');
    if (await submit.isVisible()) await submit.click();
    await expect(dialog).toBeHidden({ timeout: 2000 });
  }).toPass();
  await expect(rows(list).first()).toContainText('9');

  // grant: the notice menu with only its add and view buttons
  const grant = await openGrant(page, list, roleName);
  const menuTree = grant.getByTestId('grant-tree-menu');
  await expect(menuTree.locator('.ant-tree-checkbox-checked')).toHaveCount(0);
  await expand(menuTree, '工作台');
  await expand(menuTree, '通知公告');
  await treeNode(menuTree, '新增').locator('.ant-tree-checkbox').click();
  await treeNode(menuTree, '查看').locator('.ant-tree-checkbox').click();
  await expect(treeNode(menuTree, '通知公告').locator('.ant-tree-checkbox-indeterminate')).toBeVisible();
  const sent = page.waitForRequest((req) => req.url().includes('/api/blade-system/role/grant'));
  await grant.getByTestId('grant-submit').click();
  const body = (await sent).postDataJSON() as { menuIds: string[]; roleIds: string[] };
  expect([...body.menuIds].sort()).toEqual([DESK, NOTICE, NOTICE_ADD, NOTICE_VIEW].sort());
  await expectToast(page, '权限设置成功');

  // the dialog opens again checked from role-tree-keys
  const again = await openGrant(page, list, roleName);
  const againTree = again.getByTestId('grant-tree-menu');
  await expect(treeNode(againTree, '工作台').locator('.ant-tree-checkbox-indeterminate')).toBeVisible();
  await expand(againTree, '工作台');
  await expand(againTree, '通知公告');
  await expect(treeNode(againTree, '新增').locator('.ant-tree-checkbox-checked')).toBeVisible();
  await expect(treeNode(againTree, '修改').locator('.ant-tree-checkbox-checked')).toHaveCount(0);
  await again.locator('.ant-modal-close').click();

  // a user holding the role
  const roles = await apiGet<{ id: string; roleName: string }[]>(page, '/blade-system/role/list', {
    roleName,
  });
  const roleId = roles.data.find((role) => role.roleName === roleName)?.id ?? '';
  expect(roleId).not.toBe('');
  const account = `g${stamp}`;
  const created = await apiPost(page, '/blade-user/submit', {
    account,
    password: md5('Grant#123'),
    name: account,
    realName: account,
    phone: '13700003333',
    roleId,
    deptId: ROOT_DEPT,
  });
  expect(created.success, created.msg).toBe(true);

  await signOut(page);
  await signInAs(page, account, 'Grant#123', '000000');
  const menu = page.getByTestId('side-menu');
  await expect(menu).toContainText('工作台');
  await expect(menu.locator('.ant-menu-submenu-title')).toHaveText(['工作台']);
  await menu.getByText('工作台').click();
  await expect(menu.locator('.ant-menu-item')).toHaveText(['通知公告']);
  await page.goto('/desk/notice/index');
  const notices = resourcePage(page);
  await expect(rows(notices).first()).toBeVisible();
  await expect(notices.getByTestId('toolbar-add')).toBeVisible();
  await expect(notices.getByTestId('toolbar-delete')).toHaveCount(0);
  await expect(rows(notices).first().getByTestId('row-view')).toBeVisible();
  await expect(rows(notices).first().getByTestId('row-edit')).toHaveCount(0);
  await expect(rows(notices).first().getByTestId('row-delete')).toHaveCount(0);
  await page.goto('/system/user/index');
  await expect(page).toHaveURL(/\/404$/);

  // back as the admin: remove the role
  await signOut(page);
  await signInAsAdmin(page);
  await page.goto('/authority/role/index');
  await search(list, { roleName });
  await rows(list).first().getByTestId('row-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expect(rows(list)).toHaveCount(0);
});
