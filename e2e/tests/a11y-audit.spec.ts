import { expect, test, type Page } from '@playwright/test';
import { auditScreen, setPreferences, type Language, type Theme } from '../support/a11y';
import { signIn } from '../support/login';
import { DEMO_PASSWORD } from '../support/psi';

/**
 * WCAG 2.1 A/AA audit (axe-core) of every screen the roles reach: the login page, each role's home,
 * every list of its menu, the dialogs and drawers opened from them and the lock screen, in Chinese
 * and English, light and dark. Homes, login and lock run in all four; every list runs in both themes,
 * light and dark, one in Chinese and the other in English (the lists alternate which), so that each
 * combination meets every kind of screen without visiting each list four times. A list several roles
 * share is audited with the first (the PSI roles come first: their lists hold data).
 * A screen's serious or critical faults are collected, and the spec fails listing them all.
 */
const combos: [Theme, Language][] = [
  ['default', 'zh'],
  ['dark', 'en'],
  ['default', 'en'],
  ['dark', 'zh'],
];

/**
 * The turns (indexes of `combos`) a list is audited in: both themes, light and dark, the even lists
 * in light Chinese and dark English, the odd ones in light English and dark Chinese.
 */
const listTurns = (index: number) => (index % 2 === 0 ? [0, 1] : [2, 3]);

interface RouteNode {
  path?: string;
  category?: number;
  isOpen?: number;
  children?: RouteNode[];
}

/**
 * The pages of the menu, from the signed-in session: leaves get `/index` appended like the sider does;
 * external and embedded pages (other sites in a frame) are not ours to audit.
 */
async function menuPaths(page: Page): Promise<string[]> {
  const routes = await page.evaluate(() => {
    const raw = localStorage.getItem('saber-session');
    return raw ? ((JSON.parse(raw) as { state: { routes: unknown[] } }).state.routes ?? []) : [];
  });
  const paths: string[] = [];
  const walk = (nodes: RouteNode[]) => {
    for (const node of nodes) {
      if (node.children?.length) walk(node.children);
      else if (node.category !== 2 && node.path?.startsWith('/') && !/^\/\/|\.html?$/.test(node.path))
        paths.push(node.path.endsWith('/index') ? node.path : `${node.path.replace(/\/+$/, '')}/index`);
    }
  };
  walk(routes as RouteNode[]);
  return [...new Set(paths)];
}

/** Waits until the page in the main area has its data (no spinner, no progress bar). */
async function settled(page: Page) {
  await expect(page.locator('#psi-main')).toBeVisible();
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await expect(page.locator('#psi-main .ant-spin-spinning:visible')).toHaveCount(0);
}

/** Loads a page afresh in a theme and language (the settings apply at start-up). */
async function load(page: Page, path: string, theme: Theme, language: Language) {
  await setPreferences(page, theme, language);
  await page.goto(path);
  await settled(page);
}

/** Opens a page in the running app, the way the menu does (no reload: much faster). */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
  await settled(page);
}

async function signInAs(page: Page, account: string) {
  if (account === 'admin') {
    await signIn(page);
  } else {
    const tenant = ['pt_admin2', 'ck_qt', 'xx_qt'].includes(account) ? '100002' : '100001';
    await signIn(page, account, DEMO_PASSWORD, tenant);
  }
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByTestId('side-menu')).toBeVisible();
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

const faults: string[] = [];

/**
 * The lists whose "add" dialog or drawer the e2e specs open, one of each kind of form: plain fields,
 * trees, a rich-text editor, uploads, the PSI documents' line editors. Each is audited once.
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
const dialogsSeen = new Set<string>();
const listsSeen = new Set<string>();

test.afterAll(() => {
  if (faults.length) console.log(faults.join('\n'));
});

test('login page in both languages and themes', async ({ page }) => {
  await page.goto('/login');
  for (const [theme, language] of combos) {
    await setPreferences(page, theme, language);
    await page.reload();
    await expect(page.getByTestId('login-captcha-image')).toBeVisible();
    faults.push(...(await auditScreen(page, `login ${theme} ${language}`)));
  }
  expect(faults).toEqual([]);
});

for (const account of ['pt_admin', 'ck_jx', 'xx_mingde', 'admin']) {
  test(`${account}: home, every list and its add dialog`, async ({ page }) => {
    test.setTimeout(600_000);
    const found: string[] = [];
    await signInAs(page, account);
    const own = (await menuPaths(page)).filter((path) => path !== '/wel/index');
    expect(own.length).toBeGreaterThan(0);
    // a list another role has shown is the same screen: each list is audited once (the roles run in turn)
    const paths = own.filter((path) => !listsSeen.has(path));
    for (const path of paths) listsSeen.add(path);
    for (const [turn, [theme, language]] of combos.entries()) {
      await load(page, '/wel/index', theme, language);
      found.push(...(await auditScreen(page, `${account} home ${theme} ${language}`)));
      for (const path of paths.filter((_path, index) => listTurns(index).includes(turn))) {
        const screen = `${account} ${path} ${theme} ${language}`;
        await navigate(page, path);
        found.push(...(await auditScreen(page, screen)));
        if (dialogPages.has(path) && !dialogsSeen.has(path)) {
          dialogsSeen.add(path);
          found.push(...(await auditAddDialog(page, screen)));
        }
        // a kept-alive page stays in the document: closing its tab keeps each audit to one page
        const close = page.locator('.psi-tabs__tab.is-active').getByTestId('tab-close');
        if (await close.count()) {
          await close.click();
          await settled(page);
        }
      }
    }
    faults.push(...found);
    expect(found).toEqual([]);
  });
}

test('lock screen in both languages and themes', async ({ page }) => {
  const found: string[] = [];
  await signInAs(page, 'admin');
  await page.getByTestId('header-lock').click();
  const dialog = page.locator('.ant-modal-container').filter({ has: page.getByTestId('lock-password') });
  await expect(dialog).toBeVisible();
  found.push(...(await auditScreen(page, 'lock dialog')));
  await page.getByTestId('lock-password').fill('let-me-in');
  await dialog.locator('.ant-btn-primary').click();
  await expect(page).toHaveURL(/\/lock$/);
  for (const [theme, language] of combos) {
    await setPreferences(page, theme, language);
    await page.reload();
    await expect(page.getByTestId('lock-page')).toBeVisible();
    found.push(...(await auditScreen(page, `lock ${theme} ${language}`)));
  }
  faults.push(...found);
  expect(found).toEqual([]);
});
