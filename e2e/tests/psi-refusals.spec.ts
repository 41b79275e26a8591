import { expect, test, type Page } from '@playwright/test';
import { docRow, searchDoc, signInDemo } from '../support/psi';
import { apiGet } from '../support/system';

/**
 * The refusals a user meets on the PSI screens (besides the balance and stock refusals of the trainer
 * spec) and what each role may see. Nothing here changes the demo data.
 */

/** The id of a document, read from the URL its detail opens at. */
async function idOf(page: Page, path: string, field: string, no: string): Promise<string> {
  await page.goto(path);
  await searchDoc(page, field, no);
  await docRow(page, no).getByTestId('order-no').click();
  await expect(page).toHaveURL(/\?id=\d+/);
  const id = new URL(page.url()).searchParams.get('id')!;
  await expect(page.getByTestId('doc-header')).toContainText(no);
  return id;
}

test('a rejection needs a remark; the order stays pending', async ({ page }) => {
  await signInDemo(page, 'pt_admin');
  await page.goto('/psi/order_yy/index');
  await searchDoc(page, 'orderNo', 'ZD20250828-0001');
  await docRow(page, 'ZD20250828-0001').getByTestId('row-audit').click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '审核 ZD20250828-0001' });
  await dialog.getByText('驳回', { exact: true }).click();
  await page.waitForTimeout(300);
  await dialog.getByTestId('audit-ok').click();
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText('驳回时必须填写审核意见');
  await dialog.locator('.ant-modal-footer .ant-btn').first().click();
  await expect(docRow(page, 'ZD20250828-0001')).toContainText('待审核');
});

test('an approved order cannot be edited, and a school cannot open another school’s order', async ({
  page,
}) => {
  await signInDemo(page, 'pt_admin');
  const own = await idOf(page, '/psi/purchaseorderyypt/index', 'orderNo', 'ZD20250801-0001');
  const other = await idOf(page, '/psi/purchaseorderyypt/index', 'orderNo', 'ZD20250805-0001');

  await signInDemo(page, 'xx_mingde');
  await page.goto('/psi/order_s/index');
  // an approved order of its own: no edit or delete button, and the edit URL says why
  await searchDoc(page, 'orderNo', 'ZD20250801-0001');
  await expect(docRow(page, 'ZD20250801-0001')).toContainText('已完成');
  await expect(docRow(page, 'ZD20250801-0001').getByTestId('row-edit')).toHaveCount(0);
  await expect(docRow(page, 'ZD20250801-0001').getByTestId('row-audit')).toHaveCount(0);
  await page.goto(`/psi/order_s/index?edit=${own}`);
  await expect(page.getByTestId('order-frozen')).toHaveText('订单已审核，不能再修改');
  await expect(page.getByTestId('order-submit')).toBeDisabled();

  // SC03's order by its URL: not shown
  await page.goto(`/psi/order_s/index?id=${other}`);
  await expect(page.getByTestId('doc-missing')).toContainText('单据不存在或无权查看');
  await page.goto(`/psi/order_s/index?edit=${other}`);
  await expect(page.getByTestId('order-missing')).toContainText('单据不存在或无权查看');
});

test('a school user sees the menus and buttons of its role only', async ({ page }) => {
  await signInDemo(page, 'xx_mingde');
  const menu = page.getByTestId('side-menu');
  await menu.getByText('订单管理').click();
  await expect(menu).toContainText('学校订书');
  await expect(menu).toContainText('配送单');
  // the platform's order list (征订单) is the same orders seen from the audit side: a school has its own page
  for (const hidden of ['征订单', '采购入库单', '库存盘点', '库存流水', '库存查询', '平台订单', '仓库信息'])
    await expect(menu).not.toContainText(hidden);

  await page.goto('/psi/order_s/index');
  const rows = page.getByTestId('doc-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  for (const text of await rows.allInnerTexts()) expect(text).toContain('南湖区明德小学');
  await expect(page.getByTestId('row-audit')).toHaveCount(0);
  await expect(page.getByTestId('order-new')).toBeVisible();

  await page.goto('/psi/purchaseorderdepository/index');
  await expect(page.getByTestId('row-accept')).toHaveCount(0);
  await expect(page.getByTestId('row-ship')).toHaveCount(0);

  await page.goto('/psi/accountstatement/index');
  await expect(page.getByTestId('recharge-open')).toHaveCount(0);
  const statements = page.getByTestId('resource-table').locator('tbody tr.ant-table-row');
  await expect(statements.first()).toBeVisible();
  // a school sees its own account only: no school column to read, so the rows are asked of the server
  await expect(page.getByTestId('resource-table').locator('thead')).not.toContainText('学校');
  const own = await apiGet<{ records: { schoolName?: string }[]; total: number }>(
    page,
    '/blade-psi/accountstatement/list',
    { current: 1, size: 100 },
  );
  expect(own.data.total).toBe(await statements.count());
  for (const record of own.data.records) expect(record.schoolName).toContain('明德');

  // a menu the role lacks is not a page
  for (const path of ['/psi/depositorycheck/index', '/psi/purchaseorderyypt/index']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/404$/);
  }
});

test('a depository user never sees another depository’s documents or stock', async ({ page }) => {
  await signInDemo(page, 'pt_admin');
  const d03Delivery = await idOf(page, '/psi/deliveryorder/index', 'deliveryNo', 'FH20250818-0001');

  await signInDemo(page, 'ck_jx');
  for (const path of [
    '/psi/purchaseorderdepository/index',
    '/psi/deliveryorder/index',
    '/psi/purchaseorder/index',
    '/psi/depositorycheck/index',
  ]) {
    await page.goto(path);
    const rows = page.getByTestId('doc-table').locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    for (const text of await rows.allInnerTexts()) expect(text).toContain('嘉兴中心仓');
  }
  await page.goto('/psi/depositorystock/index');
  const stock = page.getByTestId('stock-table').locator('tbody tr.ant-table-row');
  await expect(stock.first()).toBeVisible();
  for (const text of await stock.allInnerTexts()) expect(text).toContain('嘉兴中心仓');
  await page.getByTestId('stock-depository').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText([
    '嘉兴中心仓',
  ]);
  await page.keyboard.press('Escape');
  // the export holds the same rows (the server scopes it; see server/test/psi/overview.test.ts)
  const exported = page.waitForEvent('download');
  await page.getByTestId('stock-export').click();
  expect((await exported).suggestedFilename()).toBe('库存查询.xlsx');

  await page.goto(`/psi/deliveryorder/index?id=${d03Delivery}`);
  await expect(page.getByTestId('doc-missing')).toContainText('单据不存在或无权查看');
});
