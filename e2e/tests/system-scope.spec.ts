import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from '../support/login';
import { apiGet, createTenant, signInAs, signOut } from '../support/system';
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

const NOTICE = '1123598815738675202';

async function pickNotice(page: Page) {
  await page.getByPlaceholder('搜索菜单').last().fill('通知公告');
  await page.getByTestId('scope-menu-tree').getByText('通知公告', { exact: true }).click();
}

test('data and api scopes per menu: pick a menu, add, search, view, edit, delete', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  for (const kind of ['datascope', 'apiscope'] as const) {
    await page.goto(`/authority/${kind}/index`);
    const list = resourcePage(page);
    await expect(list).toContainText('在左侧选择一个菜单');
    const listed = page.waitForRequest((req) => req.url().includes(`menuId=${NOTICE}`));
    await pickNotice(page);
    await listed;
    await expect(list).toContainText('通知公告');
    await list.getByTestId('toolbar-add').click();
    const dialog = resourceDialog(page);
    await expect(formItem(dialog, 'scopeName').locator('input')).toBeVisible();
    await formItem(dialog, 'scopeName').locator('input').fill(`${kind}${stamp}`);
    await formItem(dialog, 'resourceCode').locator('input').fill('notice');
    if (kind === 'apiscope')
      await formItem(dialog, 'scopePath').locator('input').fill('/api/blade-desk/notice/**');
    await formItem(dialog, 'scopeType').locator('.ant-select').click();
    await pickOption(page, kind === 'datascope' ? '全部可见' : '业务接口');
    const submitted = page.waitForRequest((req) =>
      req.url().includes(`/${kind === 'datascope' ? 'data-scope' : 'api-scope'}/submit`),
    );
    await dialog.getByTestId('dialog-submit').click();
    expect((await submitted).postDataJSON()).toMatchObject({ menuId: NOTICE, scopeName: `${kind}${stamp}` });
    await expectToast(page, '新增成功');
    await search(list, { scopeName: `${kind}${stamp}` });
    await expect(rows(list)).toHaveCount(1);
    await rows(list).first().getByTestId('row-view').click();
    await expect(page.getByTestId('resource-detail')).toContainText('notice');
    await dialog.getByTestId('dialog-close').click();
    await rows(list).first().getByTestId('row-edit').click();
    await formItem(dialog, 'scopeName').locator('input').fill(`${kind}${stamp}改`);
    await dialog.getByTestId('dialog-submit').click();
    await expectToast(page, '修改成功');
    await search(list, { scopeName: `${kind}${stamp}改` });
    await expect(rows(list)).toHaveCount(1);
    await rows(list).first().getByTestId('row-delete').click();
    await confirm(page, '确定将选择数据删除?');
    await expect(rows(list)).toHaveCount(0);
  }
});

test('a tenant admin: own departments, posts and roles; grants only what it holds', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  const tenantId = await createTenant(page, `E2E机构${stamp}`);
  await signOut(page);
  await signInAs(page, 'admin', 'admin', tenantId);
  const menu = page.getByTestId('side-menu');
  for (const platformOnly of ['租户管理', '菜单管理', '应用管理', '数据权限', '行政区划', '流程管理'])
    await expect(menu).not.toContainText(platformOnly);

  // departments: only the tenant's
  await page.goto('/system/dept/index');
  const depts = resourcePage(page);
  await expect(rows(depts).first()).toContainText(`E2E机构${stamp}`);
  await expect(depts).not.toContainText('书籍征订平台');
  await depts.getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  await expect(formItem(dialog, 'deptName').locator('input')).toBeVisible();
  await formItem(dialog, 'deptName').locator('input').fill(`部门${stamp}`);
  await formItem(dialog, 'fullName').locator('input').fill(`全称${stamp}`);
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '新增成功');

  // posts
  await page.goto('/system/post/index');
  const posts = resourcePage(page);
  await posts.getByTestId('toolbar-add').click();
  await expect(formItem(dialog, 'postCode').locator('input')).toBeVisible();
  await formItem(dialog, 'postCode').locator('input').fill(`p${stamp}`);
  await formItem(dialog, 'postName').locator('input').fill(`岗位${stamp}`);
  const category = formItem(dialog, 'category').locator('.ant-select');
  if (await category.count()) {
    await category.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  }
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '新增成功');
  await search(posts, { postName: `岗位${stamp}` });
  await expect(rows(posts)).toHaveCount(1);
  const listed = await apiGet<{ records: { tenantId: string }[] }>(page, '/blade-system/post/list', {
    size: 100,
  });
  expect(listed.data.records.length).toBeGreaterThan(0);
  expect(listed.data.records.every((post) => post.tenantId === tenantId)).toBe(true);

  // roles: the tenant's own; the grant dialog offers only the admin's menus
  await page.goto('/authority/role/index');
  const roles = resourcePage(page);
  await expect(roles).not.toContainText('administrator');
  await roles.getByTestId('toolbar-add').click();
  await expect(formItem(dialog, 'roleName').locator('input')).toBeVisible();
  await formItem(dialog, 'roleName').locator('input').fill(`角色${stamp}`);
  await formItem(dialog, 'roleAlias').locator('input').fill(`r${stamp}`);
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '新增成功');
  await search(roles, { roleName: `角色${stamp}` });
  await rows(roles).first().getByTestId('row-grant').click();
  const tree = page.getByTestId('grant-tree-menu');
  await expect(tree).toContainText('工作台');
  await expect(tree).not.toContainText('流程管理');
  await expect(tree).not.toContainText('研发工具');
  await tree
    .locator('.ant-tree-treenode')
    .filter({ has: page.locator('[title="工作台"]') })
    .locator('.ant-tree-checkbox')
    .click();
  await page.getByTestId('grant-submit').click();
  await expectToast(page, '权限设置成功');
});
