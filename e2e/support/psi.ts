import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { saveScreenshot } from './screenshots';
import { CAPTCHA, signInAsAdmin } from './login';
import { apiPost } from './system';
import { storeLanguage } from './ui';

/** Helpers of the PSI screen specs (demo data, SEED=demo). */
export const DEMO_PASSWORD = 'Demo@2025';

export async function signInDemo(page: Page, account: string, language: 'zh' | 'en' = 'zh') {
  // storage is cleared on a page of the same origin that runs no app, which could write the session back
  await page.goto('/healthz');
  await page.evaluate(() => {
    localStorage.removeItem('saber-session');
    sessionStorage.clear();
  });
  await storeLanguage(page, language);
  await page.goto('/login');
  const tenant = ['pt_admin2', 'ck_qt', 'xx_qt'].includes(account) ? '100002' : '100001';
  await page.getByTestId('login-tenant').fill(tenant);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-captcha').fill(CAPTCHA);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

export async function signOut(page: Page) {
  await page.evaluate(() => {
    localStorage.removeItem('saber-session');
    sessionStorage.clear();
  });
}

/** The row of a document list holding a text. */
export function docRow(page: Page, text: string): Locator {
  return page.getByTestId('doc-table').locator('tbody tr.ant-table-row').filter({ hasText: text });
}

export async function searchDoc(page: Page, field: string, value: string) {
  await page.getByTestId(`search-${field}`).fill(value);
  await page.getByTestId('search-submit').click();
}

export async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await saveScreenshot(page, name);
}

/** The toast of the latest message. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.ant-message-notice').filter({ hasText: text }).first();
}

/** Brings the demo story back to its freshly seeded state (the super-admin's demo reset). */
export async function resetDemo(browser: Browser) {
  const page = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await signInAsAdmin(page);
  const reset = await apiPost(page, '/demo/reset');
  expect(reset.success, reset.msg).toBe(true);
  await page.close();
}

/**
 * A retried attempt of a spec that walks the demo story starts from the freshly seeded story again,
 * not from what the failed attempt left behind.
 */
export async function resetDemoOnRetry(browser: Browser, retry: number) {
  if (retry > 0) await resetDemo(browser);
}
