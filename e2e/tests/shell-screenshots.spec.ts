import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from '../support/login';
import { resourceDialog, rows, resourcePage } from '../support/ui';
import { saveScreenshot } from '../support/screenshots';

/**
 * Screenshots of the main screens in light and dark themes, in Chinese and English, saved under
 * e2e/screenshots/ (git-ignored): login, home, a list page and a dialog at 1366×768, and the home page on
 * a phone (390×844). docs/screenshots holds a copy of some of them.
 */
test.use({ viewport: { width: 1366, height: 768 } });

async function setPreferences(page: Page, theme: 'default' | 'dark', language: 'zh' | 'en') {
  await page.evaluate(
    ([name, lang]) =>
      localStorage.setItem(
        'saber-settings',
        JSON.stringify({
          state: { language: lang, theme: name, color: '#409EFF', collapsed: false },
          version: 0,
        }),
      ),
    [theme, language] as const,
  );
}

for (const theme of ['default', 'dark'] as const) {
  for (const language of ['zh', 'en'] as const) {
    test(`screens in the ${theme} theme, ${language}`, async ({ page }) => {
      const tag = `${theme === 'default' ? 'light' : 'dark'}-${language}`;
      await page.goto('/login');
      await setPreferences(page, theme, language);
      await page.reload();
      await expect(page.getByTestId('login-captcha-image')).toBeVisible();
      await saveScreenshot(page, `login-${tag}`);

      await signInAsAdmin(page);
      await expect(page.getByTestId('welcome-menus')).toBeVisible();
      await page.mouse.move(0, 0);
      // the "signed in" toast goes first
      await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 8000 });
      await saveScreenshot(page, `home-${tag}`);
      // the phone: signed in at the desktop size (the side menu is folded away on a phone)
      await page.setViewportSize({ width: 390, height: 844 });
      // loaded at the phone's size, as a phone opens it (the side menu starts folded away)
      await page.reload();
      await expect(page.getByTestId('welcome-menus')).toBeVisible();
      await page.mouse.move(0, 0);
      await saveScreenshot(page, `home-phone-${tag}`);
      await page.setViewportSize({ width: 1366, height: 768 });

      await page.goto('/system/param/index');
      await expect(rows(resourcePage(page)).first()).toBeVisible();
      await saveScreenshot(page, `list-${tag}`);

      await rows(resourcePage(page)).first().getByTestId('row-edit').click();
      await expect(resourceDialog(page).getByTestId('dialog-submit')).toBeVisible();
      await page.waitForTimeout(400);
      await saveScreenshot(page, `dialog-${tag}`);
    });
  }
}
