import { expect, test } from '@playwright/test';
import { docRow, searchDoc, signInDemo, toast } from '../support/psi';

/** A rejected document can be removed from its list: the confirmation names it, Cancel keeps it. */
test('a rejected receipt is removed only after its confirmation', async ({ page }) => {
  await signInDemo(page, 'pt_admin');
  await page.goto('/psi/purchaseorder/index');
  await searchDoc(page, 'orderNo', 'CG20250720-0003');
  const row = docRow(page, 'CG20250720-0003');
  await expect(row).toContainText('已驳回');

  // a rejected document's edit and delete sit in the row's "more" menu
  await row.getByTestId('row-more').click();
  await page.getByTestId('row-delete').click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('确定删除单据 CG20250720-0003？');
  await confirm.locator('.ant-btn').first().click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toBeVisible();

  await row.getByTestId('row-more').click();
  await page.getByTestId('row-delete').click();
  await expect(confirm).toBeVisible();
  await page.waitForTimeout(400);
  await confirm.locator('.ant-btn-primary').click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(docRow(page, 'CG20250720-0003')).toHaveCount(0);
});

test('an approved order offers no delete', async ({ page }) => {
  await signInDemo(page, 'pt_admin');
  await page.goto('/psi/purchaseorderyypt/index');
  await searchDoc(page, 'orderNo', 'ZD20250801-0001');
  await expect(docRow(page, 'ZD20250801-0001')).toContainText('已完成');
  await expect(docRow(page, 'ZD20250801-0001').getByTestId('row-delete')).toHaveCount(0);
  await expect(docRow(page, 'ZD20250801-0001').getByTestId('row-more')).toHaveCount(0);
});
