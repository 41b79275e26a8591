import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

/** Screenshots of the product for the README and reviews, kept out of git (e2e/screenshots/). */
export const screenshotDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

export async function saveScreenshot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  // the navigation / request progress bar has finished
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}
