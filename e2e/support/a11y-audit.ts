import { expect, test, type Page } from '@playwright/test';
import { auditScreen, setPreferences, type Language, type Theme } from './a11y';
import { MENU_ACCOUNTS, closeActiveTab, navigate, newListsOf, settled, signInAs } from './menu-screens';

/**
 * WCAG 2.1 A/AA audit (axe-core) of every screen the roles reach: the login page, each role's home,
 * every list of its menu, the dialogs and drawers opened from them and the lock screen, in Chinese
 * and English, light and dark. Homes, login and lock run in all four; every list runs in both themes,
 * light and dark, one in Chinese and the other in English (the lists alternate which), so that each
 * combination meets every kind of screen without visiting each list four times. A list several roles
 * share is audited with the first (the PSI roles come first: their lists hold data).
 * A screen's serious or critical faults are collected, and a test fails listing them all.
 *
 * One spec file per combination (`tests/a11y-audit-*.spec.ts`, each calling `auditCombination`): the
 * files are independent, so the two workers share the audit instead of one of them running it all.
 */
export const COMBINATIONS: [Theme, Language][] = [
  ['default', 'zh'],
  ['dark', 'en'],
  ['default', 'en'],
  ['dark', 'zh'],
];

/**
 * The turns (indexes of `COMBINATIONS`) a list is audited in: both themes, light and dark, the even
 * lists in light Chinese and dark English, the odd ones in light English and dark Chinese.
 */
const listTurns = (index: number) => (index % 2 === 0 ? [0, 1] : [2, 3]);

/**
 * The lists whose "add" dialog or drawer the e2e specs open, one of each kind of form: plain fields,
 * trees, a rich-text editor, uploads, the PSI documents' line editors. Each is audited once, in the
 * first turn of its list.
 */
const dialogPages = new Set([
  '/system/param/index',
  '/system/user/index',
  '/system/menu/index',
  '/system/dept/index',
  '/system/tenant/index',
  '/desk/notice/index',
  '/psi/goodsinfo/index',
  '/psi/schoolinfo/index',
  '/psi/depositoryinfo/index',
  '/psi/order_s/index',
  '/psi/purchaseorder/index',
  '/psi/deliveryorder/index',
  '/psi/depositorycheck/index',
]);

/** Loads a page afresh in a theme and language (the settings apply at start-up). */
async function load(page: Page, path: string, theme: Theme, language: Language) {
  await setPreferences(page, theme, language);
  await page.goto(path);
  await settled(page);
}

/** The dialog or drawer a toolbar's "add" button opens, audited, then closed with Escape. */
async function auditAddDialog(page: Page, screen: string): Promise<string[]> {
  const add = page.getByTestId('toolbar-add').first();
  if (!(await add.isVisible())) return [];
  await add.click();
  const dialog = page.locator('.ant-modal-wrap:visible, .ant-drawer-open').last();
  await expect(dialog).toBeVisible();
  const faults = await auditScreen(page, `${screen} add dialog`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // the pointer left over the button would audit its hover colour instead of its own
  await page.mouse.move(0, 0);
  return faults;
}

/** Declares the audit's tests for one combination of theme and language (`COMBINATIONS[turn]`). */
export function auditCombination(turn: number) {
  const [theme, language] = COMBINATIONS[turn]!;
  const newLists = newListsOf();
  const faults: string[] = [];

  test.afterAll(() => {
    if (faults.length) console.log(faults.join('\n'));
  });

  test(`login page (${theme} ${language})`, async ({ page }) => {
    await page.goto('/login');
    await setPreferences(page, theme, language);
    await page.reload();
    await expect(page.getByTestId('login-captcha-image')).toBeVisible();
    const found = await auditScreen(page, `login ${theme} ${language}`);
    faults.push(...found);
    expect(found).toEqual([]);
  });

  for (const account of MENU_ACCOUNTS) {
    test(`${account}: home, every list and its add dialog (${theme} ${language})`, async ({ page }) => {
      test.setTimeout(600_000);
      const found: string[] = [];
      await signInAs(page, account);
      // a list another role has shown is the same screen: each list is audited with one role
      const paths = await newLists(page);
      await load(page, '/wel/index', theme, language);
      found.push(...(await auditScreen(page, `${account} home ${theme} ${language}`)));
      for (const [index, path] of paths.entries()) {
        if (!listTurns(index).includes(turn)) continue;
        const screen = `${account} ${path} ${theme} ${language}`;
        await navigate(page, path);
        found.push(...(await auditScreen(page, screen)));
        if (dialogPages.has(path) && listTurns(index)[0] === turn)
          found.push(...(await auditAddDialog(page, screen)));
        await closeActiveTab(page);
      }
      faults.push(...found);
      expect(found).toEqual([]);
    });
  }

  test(`lock screen (${theme} ${language})`, async ({ page }) => {
    const found: string[] = [];
    await signInAs(page, 'admin');
    // the lock dialog is audited once, with the first combination's file, in a new session's preferences
    await page.getByTestId('header-lock').click();
    const dialog = page.locator('.ant-modal-container').filter({ has: page.getByTestId('lock-password') });
    await expect(dialog).toBeVisible();
    if (turn === 0) found.push(...(await auditScreen(page, 'lock dialog')));
    await page.getByTestId('lock-password').fill('let-me-in');
    await dialog.locator('.ant-btn-primary').click();
    await expect(page).toHaveURL(/\/lock$/);
    await setPreferences(page, theme, language);
    await page.reload();
    await expect(page.getByTestId('lock-page')).toBeVisible();
    found.push(...(await auditScreen(page, `lock ${theme} ${language}`)));
    faults.push(...found);
    expect(found).toEqual([]);
  });
}
