import { expect, type Page } from '@playwright/test';

export const CAPTCHA = 'abcde';

/** Fills the login form (the server's captcha answer is fixed in e2e runs) and submits it. */
export async function signIn(page: Page, account = 'admin', password = 'admin', tenantId = '000000') {
  await page.goto('/login');
  await page.getByTestId('login-tenant').fill(tenantId);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await expect(page.getByTestId('login-captcha-image')).toBeVisible();
  await page.getByTestId('login-captcha').fill(CAPTCHA);
  await page.getByTestId('login-submit').click();
}

/** Signs in as the platform administrator and waits for the home page with its menus. */
export async function signInAsAdmin(page: Page) {
  await signIn(page);
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

/** The access token of the signed-in session, for calling the API from a test. */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem('saber-session');
    return raw ? (JSON.parse(raw) as { state?: { token?: string } }).state?.token : undefined;
  });
  if (!token) throw new Error('not signed in');
  return token;
}

/** Headers of an API call made on behalf of the signed-in user. */
export async function apiHeaders(page: Page): Promise<Record<string, string>> {
  return {
    'Blade-Auth': `bearer ${await accessToken(page)}`,
    Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
  };
}
