import { expect, test, type Page, type Request } from '@playwright/test';
import { signInAsAdmin } from '../support/login';
import { saveScreenshot } from '../support/screenshots';
import { createTenant, signInAs, signOut } from '../support/system';
import { confirm, expectToast, formItem, resourceDialog, resourcePage, rows, search } from '../support/ui';

const ROOT_DEPT = '1123598813738675201';
const FIN_DEPT = '1123598813738675203';

/** A `dept/lazy-list` request whose query has exactly these parameters. */
const lazyList = (page: Page, wanted: Record<string, string | null>) =>
  page.waitForRequest((req: Request) => {
    const url = new URL(req.url());
    if (!url.pathname.endsWith('/api/blade-system/dept/lazy-list')) return false;
    return Object.entries(wanted).every(([key, value]) =>
      value === null ? !url.searchParams.has(key) : url.searchParams.get(key) === value,
    );
  });

test('departments: lazy tree, children on expand, add a child under an open parent, search a nested one', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const list = resourcePage(page);
  await signInAsAdmin(page);
  // the first load asks for the roots only, never the whole forest
  const wholeForest: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.endsWith('/api/blade-system/dept/list')) wholeForest.push(req.url());
  });
  const roots = lazyList(page, { parentId: '0' });
  await page.goto('/system/dept/index');
  await roots;
  const root = rows(list).filter({ hasText: '书籍征订平台' });
  await expect(root).toHaveCount(1);
  await expect(rows(list).filter({ hasText: '财务部' })).toHaveCount(0);
  await expect(list.locator('.ant-pagination')).toHaveCount(0);

  // expanding a row asks for its children
  const children = lazyList(page, { parentId: ROOT_DEPT });
  await root.locator('.ant-table-row-expand-icon').click();
  await children;
  const finance = rows(list).filter({ hasText: '财务部' });
  await expect(finance).toBeVisible();
  await expect(rows(list).filter({ hasText: '运营部' })).toBeVisible();
  await saveScreenshot(page, 'system-dept-lazy-zh');

  // a child added under the finance department shows there after the save
  await finance.getByTestId('row-add-child').click();
  const dialog = resourceDialog(page);
  await expect(dialog).toContainText('新增 · 部门管理');
  await expect(formItem(dialog, 'parentId')).toContainText('财务部');
  await formItem(dialog, 'deptName').locator('input').fill(`核算组${stamp}`);
  await formItem(dialog, 'fullName').locator('input').fill(`财务部核算组${stamp}`);
  const submitted = page.waitForRequest((req) => req.url().includes('/api/blade-system/dept/submit'));
  const below = lazyList(page, { parentId: FIN_DEPT });
  await dialog.getByTestId('dialog-submit').click();
  expect((await submitted).postDataJSON()).toMatchObject({ parentId: FIN_DEPT, deptName: `核算组${stamp}` });
  await expectToast(page, '新增成功');
  await below;
  const child = rows(list).filter({ hasText: `核算组${stamp}` });
  await expect(child).toHaveCount(1);
  // it sits right below its parent, one level deeper
  await expect(
    rows(list).filter({ hasText: '财务部' }).first().locator('xpath=following-sibling::tr[1]'),
  ).toContainText(`核算组${stamp}`);
  await expect(child.locator('.ant-table-row-indent.indent-level-2')).toHaveCount(1);
  await expect(finance.locator('.ant-table-row-expand-icon-expanded')).toHaveCount(1);

  // a search finds the nested department without opening its parents
  await page.reload();
  await expect(rows(list).filter({ hasText: '书籍征订平台' })).toBeVisible();
  await expect(rows(list).filter({ hasText: `核算组${stamp}` })).toHaveCount(0);
  const searched = lazyList(page, { deptName: `核算组${stamp}`, parentId: null });
  await search(list, { deptName: `核算组${stamp}` });
  await searched;
  await expect(rows(list)).toHaveCount(1);
  await expect(rows(list).first()).toContainText(`财务部核算组${stamp}`);

  // removing it from the search result
  await rows(list).first().getByTestId('row-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expectToast(page, '删除成功');
  await expect(rows(list)).toHaveCount(0);
  expect(wholeForest).toEqual([]);

  // English
  await page.getByTestId('header-language').click();
  await page.getByTestId('language-option-en').click();
  await page.getByTestId('resource-search').getByTestId('search-reset').click();
  await expect(rows(list).filter({ hasText: '书籍征订平台' })).toBeVisible();
  await rows(list).filter({ hasText: '书籍征订平台' }).locator('.ant-table-row-expand-icon').click();
  await expect(rows(list).filter({ hasText: '财务部' })).toBeVisible();
  await expect(list.getByTestId('row-add-child').first()).toContainText('Add child');
  await saveScreenshot(page, 'system-dept-lazy-en');
  await page.getByTestId('header-language').click();
  await page.getByTestId('language-option-zh').click();
});

test('departments of a tenant admin: their own tenant only, lazily', async ({ page }) => {
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  const tenantId = await createTenant(page, `E2E部门租户${stamp}`);
  await signOut(page);
  await signInAs(page, 'admin', 'admin', tenantId);
  const list = resourcePage(page);
  const roots = lazyList(page, { parentId: '0' });
  await page.goto('/system/dept/index');
  const first = await roots;
  const answer = (await (await first.response())?.json()) as {
    data: { id: string; tenantId: string; deptName: string }[];
  };
  expect(answer.data.map((d) => d.tenantId)).toEqual([tenantId]);
  const own = rows(list).filter({ hasText: `E2E部门租户${stamp}` });
  await expect(own).toHaveCount(1);
  await expect(rows(list)).toHaveCount(1);
  await expect(rows(list).filter({ hasText: '书籍征订平台' })).toHaveCount(0);

  // a child under the tenant's own department opens it and shows there
  await own.getByTestId('row-add-child').click();
  const dialog = resourceDialog(page);
  await formItem(dialog, 'deptName').locator('input').fill(`教务处${stamp}`);
  await formItem(dialog, 'fullName').locator('input').fill(`教务处${stamp}`);
  const below = lazyList(page, { parentId: answer.data[0].id });
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '新增成功');
  await below;
  await expect(rows(list).filter({ hasText: `教务处${stamp}` })).toBeVisible();
  await expect(own.locator('.ant-table-row-expand-icon-expanded')).toHaveCount(1);
  // the search stays in the tenant
  await search(list, { deptName: '部' });
  await expect(rows(list).filter({ hasText: '财务部' })).toHaveCount(0);
});
