import { expect, type Page } from '@playwright/test';
import { signIn } from './login';
import { DEMO_PASSWORD } from './psi';

/**
 * Helpers of the specs that walk every list of a role's menu (the accessibility audit, the layout
 * checks): the menu's pages, opening one the way the menu does, waiting until it has its data.
 */

/** The roles whose menus are walked, in this order: a list several roles share is walked with the first. */
export const MENU_ACCOUNTS = ['pt_admin', 'ck_jx', 'xx_mingde', 'admin'] as const;

interface RouteNode {
  path?: string;
  category?: number;
  children?: RouteNode[];
}

/**
 * The pages of the signed-in user's menu, from the session: leaves get `/index` appended like the sider
 * does; external and embedded pages (other sites in a frame) are left out.
 */
export async function menuPaths(page: Page): Promise<string[]> {
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
export async function settled(page: Page) {
  await expect(page.locator('#psi-main')).toBeVisible();
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await expect(page.locator('#psi-main .ant-spin-spinning:visible')).toHaveCount(0);
}

/** Opens a page in the running app, the way the menu does (no reload: much faster). */
export async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
  await settled(page);
}

/** A kept-alive page stays in the document: closing its tab keeps each check to one page. */
export async function closeActiveTab(page: Page) {
  const close = page.locator('.psi-tabs__tab.is-active').getByTestId('tab-close');
  if (await close.count()) {
    await close.click();
    await settled(page);
  }
}

/** Signs in as one of the demo's accounts (admin: the platform administrator) and waits for its menu. */
export async function signInAs(page: Page, account: string) {
  if (account === 'admin') await signIn(page);
  else {
    const tenant = ['pt_admin2', 'ck_qt', 'xx_qt'].includes(account) ? '100002' : '100001';
    await signIn(page, account, DEMO_PASSWORD, tenant);
  }
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

/**
 * Each role's share of the lists: the pages of its menu (home left out) no earlier role of
 * `MENU_ACCOUNTS` has, for the roles as they run one after the other in a spec file. A retried test
 * runs in a fresh worker, which has seen nothing: it walks all of its role's lists.
 */
export function newListsOf() {
  const seen = new Set<string>();
  return async (page: Page): Promise<string[]> => {
    const own = (await menuPaths(page)).filter((path) => path !== '/wel/index');
    expect(own.length).toBeGreaterThan(0);
    const paths = own.filter((path) => !seen.has(path));
    for (const path of paths) seen.add(path);
    return paths;
  };
}
