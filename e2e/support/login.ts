import { expect, type Page } from '@playwright/test';

export const CAPTCHA = 'abcde';

/** Signs in through the real login page (the server's captcha answer is fixed in e2e runs). */
export async function signIn(page: Page, account = 'admin', password = 'admin', tenantId = '000000') {
  await page.goto('/login');
  await page.getByTestId('login-tenant').fill(tenantId);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await expect(page.getByTestId('login-captcha-image')).toBeVisible();
  await page.getByTestId('login-captcha').fill(CAPTCHA);
  await page.getByTestId('login-submit').click();
}
