import { expect, test } from '@playwright/test';
import { setPreferences } from '../support/a11y';
import { docRow, searchDoc, shot, signInDemo } from '../support/psi';

/** Each role's home page and the order, delivery and stocktake pages, in Chinese and English. */

const homes = [
  { account: 'pt_admin', role: 'platform', figure: 'home-pending-audit', value: '2' },
  { account: 'ck_jx', role: 'depository', figure: 'home-inbox', value: '2' },
  { account: 'xx_mingde', role: 'school', figure: 'my-balance', value: '16,719.00' },
] as const;

for (const language of ['zh', 'en'] as const) {
  for (const home of homes) {
    test(`home of the ${home.role} (${language})`, async ({ page }) => {
      await signInDemo(page, home.account, language);
      await expect(page.getByTestId(`home-${home.role}`)).toBeVisible();
      await expect(page.getByTestId(home.figure)).toContainText(home.value);
      // the charts are drawn (echarts loaded on demand)
      await expect(page.getByTestId('chart-status').locator('canvas')).toBeVisible();
      if (home.role !== 'school')
        await expect(page.getByTestId('chart-week').locator('canvas')).toBeVisible();
      await shot(page, `psi-home-${home.role}-${language}`);
    });
  }
}

test('order page in English: live prices at the school discount', async ({ page }) => {
  await signInDemo(page, 'pt_admin', 'en');
  await page.goto('/psi/purchaseorderyypt/index');
  await expect(page.getByTestId('tab-1')).toContainText('Pending audit');
  await page.getByTestId('order-new').click();
  const editor = page.getByTestId('order-editor');
  await editor.getByTestId('field-schoolId').click();
  await page.keyboard.type('SC03');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'SC03' })
    .first()
    .click();
  await expect(editor.getByTestId('field-depositoryId')).toContainText('D01');
  await expect(editor.getByTestId('discount-hint')).toHaveText('Priced at the school discount 5% off');
  for (const isbn of ['9787107212659', '9787107668388']) {
    await editor.getByTestId('goods-select').click();
    await page.keyboard.type(isbn);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: isbn })
      .first()
      .click();
  }
  const quantities = editor.locator('input[data-testid=line-quantity], [data-testid=line-quantity] input');
  await quantities.nth(0).fill('300');
  await quantities.nth(1).fill('250');
  await quantities.nth(1).blur();
  // 10.90 × 0.95 → 10.36 and 11.10 × 0.95 → 10.55 (half up once per unit)
  await expect(editor.getByTestId('line-amount')).toHaveText(['¥ 3,108.00', '¥ 2,637.50']);
  await expect(editor.getByTestId('total-amount')).toHaveText('¥ 5,745.50');
  await shot(page, 'psi-order-en');
});

test('delivery page in English', async ({ page }) => {
  await signInDemo(page, 'ck_jx', 'en');
  await page.goto('/psi/purchaseorderdepository/index');
  await searchDoc(page, 'orderNo', 'PS20250822-0001');
  await docRow(page, 'PS20250822-0001').getByTestId('row-ship').click();
  const editor = page.getByTestId('delivery-editor');
  await expect(editor.getByTestId('line-open')).toHaveText(['12', '12', '40']);
  await editor.getByTestId('delivery-fill').click();
  await expect(editor.getByTestId('delivery-total')).toContainText('64 copies');
  await shot(page, 'psi-delivery-en');
});

test('stocktake in English', async ({ page }) => {
  await signInDemo(page, 'ck_xz', 'en');
  await page.goto('/psi/depositorycheck/index');
  await expect(docRow(page, 'PD20250829-0001')).toContainText('Counting');
  await docRow(page, 'PD20250829-0001').getByTestId('row-continue').click();
  await expect(page.getByTestId('check-sheet').getByTestId('line-diff')).toHaveText(['0', '-2', '+1']);
  await shot(page, 'psi-check-en');
});

/**
 * A school's document detail and the platform's order editor on a phone (390×844) and the order list
 * at 1366×768, in both themes and languages: descriptions one a row, line cards, the "more" menu.
 */
for (const theme of ['default', 'dark'] as const) {
  for (const language of ['zh', 'en'] as const) {
    const tag = `${theme === 'default' ? 'light' : 'dark'}-${language}`;
    test(`phone screens, ${tag}`, async ({ page }) => {
      // the theme is chosen before signing in (the running app would write its own settings back)
      await page.goto('/healthz');
      await setPreferences(page, theme, language);
      await signInDemo(page, 'xx_mingde', language);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/psi/order_s/index');
      await page.getByTestId('order-no').first().click();
      await expect(page.getByTestId('doc-detail').getByTestId('doc-lines')).toBeVisible();
      await shot(page, `psi-detail-phone-${tag}`);

      await page.setViewportSize({ width: 1366, height: 768 });
      await signInDemo(page, 'pt_admin', language);
      await page.goto('/psi/purchaseorderyypt/index');
      await expect(docRow(page, 'ZD20250828-0002').getByTestId('row-more')).toBeVisible();
      await page.mouse.move(0, 0);
      await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 8000 });
      await shot(page, `psi-orders-${tag}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('order-new').click();
      const editor = page.getByTestId('order-editor');
      await editor.getByTestId('field-schoolId').click();
      await page.keyboard.type('SC03');
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: 'SC03' })
        .first()
        .click();
      await editor.getByTestId('goods-select').click();
      await page.keyboard.type('9787107212659');
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: '9787107212659' })
        .first()
        .click();
      await editor.getByTestId('order-lines').scrollIntoViewIfNeeded();
      await shot(page, `psi-order-phone-${tag}`);
    });
  }
}
