import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from '../support/login';

const themes = ['default', 'white', 'dark', 'star', 'bule', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte'];

/** What a theme changes on screen: the sider's and the header's backgrounds, the page background. */
async function frameColours(page: Page) {
  return page.evaluate(() => {
    const style = (selector: string) => {
      const element = document.querySelector(selector);
      return element
        ? getComputedStyle(element).backgroundImage + getComputedStyle(element).backgroundColor
        : '';
    };
    return { sider: style('.psi-sider'), header: style('.psi-header'), body: style('.psi-layout') };
  });
}

test('each of the 11 themes applies and looks different', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/system/param/index');
  const seen = new Set<string>();
  for (const name of themes) {
    const option = page.getByTestId(`theme-option-${name}`);
    // a click while the picker is still opening may miss its option: open and pick again until applied
    await expect(async () => {
      if (!(await option.isVisible())) await page.getByTestId('theme-picker').click();
      await option.click({ timeout: 2_000 });
      await expect(page.locator('html')).toHaveClass(new RegExp(`psi-theme-${name}`), { timeout: 2_000 });
    }).toPass();
    const colours = await frameColours(page);
    const key = JSON.stringify(colours);
    expect(seen.has(key), `theme ${name} looks like another one`).toBe(false);
    seen.add(key);
  }

  // dark is antd's dark algorithm: components themselves turn dark
  await page.getByTestId('theme-picker').click();
  await page.getByTestId('theme-option-dark').click();
  await expect(page.locator('html')).toHaveClass(/psi-dark/);
  const card = await page
    .locator('.psi-resource')
    .evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(card).toBe('rgb(20, 20, 20)');

  // kept across a reload
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/psi-theme-dark/);
});

// Filled buttons take the picked colour's readable shade (4.5:1 with white text): #409EFF → #2B6BAC.
test('the colour picker changes the primary colour (default #409EFF)', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/system/param/index');
  const add = page.getByTestId('toolbar-add');
  await expect(add).toHaveCSS('background-color', 'rgb(43, 107, 172)');

  await page.getByTestId('color-picker-trigger').click();
  const presets = page.locator('.ant-color-picker-presets-color');
  await presets.nth(2).click(); // #11A983
  await page.keyboard.press('Escape');
  // #11A983 → #0C755A
  await expect(add).toHaveCSS('background-color', 'rgb(12, 117, 90)');
  const variables = await page.evaluate(() => ({
    picked: document.documentElement.style.getPropertyValue('--psi-primary-picked'),
    readable: document.documentElement.style.getPropertyValue('--psi-primary'),
  }));
  expect(variables).toEqual({ picked: '#11A983', readable: '#0c755a' });

  await page.reload();
  await expect(page.getByTestId('toolbar-add')).toHaveCSS('background-color', 'rgb(12, 117, 90)');
});
