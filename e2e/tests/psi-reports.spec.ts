import { expect, test, type Page } from '@playwright/test';
import { shot, signInDemo, toast, resetDemo, resetDemoOnRetry } from '../support/psi';

/** 报表列表 (`/report/reportlist`): the demo's stock and order summaries, opened, exported and removed. */
test.describe.configure({ mode: 'serial' });
test.beforeAll(({ browser }, testInfo) => resetDemoOnRetry(browser, testInfo.retry));
// what this spec changes in the demo story is put back for the specs after it on this server
test.afterAll(({ browser }) => resetDemo(browser));

const reportRow = (page: Page, name: string) =>
  page.getByTestId('report-list').locator('tbody tr.ant-table-row').filter({ hasText: name });

async function openReports(page: Page) {
  await page.goto('/report/reportlist/index');
  await expect(page.getByTestId('report-page')).toBeVisible();
}

test('the stock summary shows the demo stock per depository and book, with totals, and exports .xlsx', async ({
  page,
}) => {
  await signInDemo(page, 'pt_admin');
  await openReports(page);
  await expect(reportRow(page, '库存汇总')).toContainText('按仓库、ISBN汇总');
  await expect(reportRow(page, '征订单汇总')).toBeVisible();

  await reportRow(page, '库存汇总').getByTestId('report-open').click();
  const view = page.getByTestId('report-view');
  await expect(view).toContainText('库存汇总');
  const table = view.getByTestId('report-table');
  await expect(table.locator('thead')).toContainText('结存数量');
  // DOMAIN.md 5.9: D01 嘉兴中心仓 holds 298 copies of G10 (语文 七年级上册) after the stocktake
  const g10 = table
    .locator('tbody tr.ant-table-row')
    .filter({ hasText: '嘉兴中心仓' })
    .filter({ hasText: '9787107863875' });
  await expect(g10).toHaveCount(1);
  await expect(g10.locator('td').nth(3)).toHaveText('298');
  // another edition shares the title 数学 七年级上册; G11 at D01 is 600 − 300 + 1 on its own row
  const g11 = table
    .locator('tbody tr.ant-table-row')
    .filter({ hasText: '嘉兴中心仓' })
    .filter({ hasText: '9787107176029' });
  await expect(g11.locator('td').nth(3)).toHaveText('301');
  await expect(g11.locator('td').nth(4)).toHaveText('301');
  await expect(view.getByTestId('report-total')).toContainText('合计');
  await shot(page, 'psi-report-stock-zh');

  const download = page.waitForEvent('download');
  await view.getByTestId('report-export').click();
  expect((await download).suggestedFilename()).toMatch(/^库存汇总\.xlsx$/);
  await expect(toast(page, '导出成功')).toBeVisible();
});

test('the order summary counts and sums orders per school and term', async ({ page }) => {
  await signInDemo(page, 'pt_admin');
  await openReports(page);
  await reportRow(page, '征订单汇总').getByTestId('report-open').click();
  const view = page.getByTestId('report-view');
  await expect(view).toContainText('征订单汇总');
  const table = view.getByTestId('report-table');
  await expect(table.locator('thead')).toContainText('单据数');
  await expect(table.locator('thead')).toContainText('实洋');
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows.filter({ hasText: '南湖区明德小学' }).first()).toBeVisible();
  // the total of the order counts is the sum of the rows' counts
  const counts = await rows.locator('td:nth-child(3)').allInnerTexts();
  const total = view.getByTestId('report-total').locator('td').nth(2);
  await expect(total).toHaveText(String(counts.reduce((a, c) => a + Number(c), 0)));
  expect(counts.length).toBeGreaterThan(0);
});

test('in English, and removing a report asks for confirmation first', async ({ page }) => {
  await signInDemo(page, 'pt_admin', 'en');
  await openReports(page);
  await expect(reportRow(page, 'Stock summary')).toContainText('Totals by Depository, ISBN');
  await reportRow(page, 'Order summary').getByTestId('report-open').click();
  await expect(page.getByTestId('report-view').locator('thead')).toContainText('Total copies');
  await shot(page, 'psi-report-order-en');

  // cancelling keeps the report
  await reportRow(page, 'Order summary').getByTestId('report-remove').click();
  const confirm = page
    .locator('.ant-modal-confirm')
    .filter({ hasText: 'Delete the report "Order summary"?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(reportRow(page, 'Order summary')).toBeVisible();

  await reportRow(page, 'Order summary').getByTestId('report-remove').click();
  await expect(confirm).toBeVisible();
  await confirm.locator('.ant-btn-dangerous').click();
  await expect(toast(page, /Deleted/)).toBeVisible();
  await expect(reportRow(page, 'Order summary')).toHaveCount(0);
  await expect(page.getByTestId('report-view')).toHaveCount(0);
  await expect(reportRow(page, 'Stock summary')).toBeVisible();
});
