import { expect, test } from '@playwright/test';
import { shot, signInDemo } from '../support/psi';
import { fieldError, formItem, resourceDialog, resourcePage } from '../support/ui';

/** The book dialog checks an ISBN-13's check digit while it is typed, in zh and en. */
test('a wrong ISBN check digit is flagged as it is typed and cleared when corrected', async ({ page }) => {
  await signInDemo(page, 'pt_admin');
  await page.goto('/psi/goodsinfo/index');
  await resourcePage(page).getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  const isbn = formItem(dialog, 'isbn').locator('input');
  await isbn.fill('9787107524454');
  await expect(fieldError(dialog, 'isbn')).toHaveText('ISBN校验失败');
  await shot(page, 'psi-goods-isbn-zh');
  await isbn.fill('978-7-107-52445-5');
  await expect(fieldError(dialog, 'isbn')).toHaveCount(0);
});

test('in English', async ({ page }) => {
  await signInDemo(page, 'pt_admin', 'en');
  await page.goto('/psi/goodsinfo/index');
  await resourcePage(page).getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  await formItem(dialog, 'isbn').locator('input').fill('9787107524454');
  await expect(fieldError(dialog, 'isbn')).toHaveText('Invalid ISBN-13 check digit');
});
