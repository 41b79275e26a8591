import { expect, test, type Page } from '@playwright/test';
import { setPreferences, type Language } from '../support/a11y';
import { signIn, signInAsAdmin } from '../support/login';
import { DEMO_PASSWORD, signInDemo } from '../support/psi';
import { resourceDialog, stopMoving } from '../support/ui';

/**
 * Tables that fit (1366×768 and 1440×900, Chinese and English): on every list screen of the platform admin and of
 * the PSI roles, the key columns (declared `priority: 'key'`) and the actions are fully visible at the
 * initial scroll position, between the fixed columns; every other column can be scrolled clear of the
 * fixed ones; no header, title or tag is cut. Then the order line editor, the discard question,
 * the column settings and the search bar.
 */
test.use({ viewport: { width: 1366, height: 768 } });

interface RouteNode {
  path?: string;
  category?: number;
  children?: RouteNode[];
}

/** The pages of the signed-in user's menu (leaves, as the sider opens them), external ones left out. */
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
  return [...new Set(paths)].filter((path) => path !== '/wel/index');
}

async function settled(page: Page) {
  await expect(page.locator('#psi-main')).toBeVisible();
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await expect(page.locator('#psi-main .ant-spin-spinning:visible')).toHaveCount(0);
}

/** Opens a page the way the menu does (no reload). */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
  await settled(page);
}

/**
 * The layout faults of the tables in the main area, measured in the page: a key or actions column
 * outside the visible part of its table or under a fixed column, a column that cannot be scrolled
 * clear of the fixed ones, a header, title or tag whose text is cut.
 */
async function tableFaults(page: Page, screen: string): Promise<string[]> {
  const faults = await page.evaluate(async () => {
    const found: string[] = [];
    const tables = Array.from(document.querySelectorAll<HTMLElement>('#psi-main .ant-table-wrapper')).filter(
      (table) => table.offsetParent !== null && table.querySelector('thead'),
    );
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    for (const [index, table] of tables.entries()) {
      const name = (th: Element) =>
        `table ${index + 1} "${(th.textContent ?? '').trim() || th.getAttribute('data-column') || '?'}"`;
      const scroller =
        table.querySelector<HTMLElement>('.ant-table-content') ??
        table.querySelector<HTMLElement>('.ant-table-body');
      if (!scroller) continue;
      const headers = Array.from(table.querySelectorAll<HTMLElement>('thead > tr:last-child > th')).filter(
        (th) => th.offsetWidth > 0 && !th.classList.contains('ant-table-cell-scrollbar'),
      );
      const sticky = (th: HTMLElement) => getComputedStyle(th).position === 'sticky';
      const bounds = () => {
        const box = scroller.getBoundingClientRect();
        let left = Math.max(box.left, 0);
        let right = Math.min(box.right, window.innerWidth);
        const outer = { left, right };
        for (const th of headers.filter(sticky)) {
          const rect = th.getBoundingClientRect();
          // a fixed column on the left ends before the middle of the area, one on the right starts after it
          if (rect.left < (box.left + box.right) / 2) left = Math.max(left, rect.right);
          else right = Math.min(right, rect.left);
        }
        return { left, right, outer };
      };
      scroller.scrollLeft = 0;
      await frame();
      const start = bounds();
      for (const th of headers) {
        const priority = th.getAttribute('data-priority');
        const rect = th.getBoundingClientRect();
        if (priority === 'actions') {
          if (rect.left < start.outer.left - 1 || rect.right > start.outer.right + 1)
            found.push(`${name(th)} (actions) is not fully visible`);
        } else if (priority === 'key') {
          if (rect.left < start.left - 1 || rect.right > start.right + 1)
            found.push(`${name(th)} (key) is not fully visible at the initial scroll position`);
        }
      }
      // every other column can be brought between the fixed ones
      if (scroller.scrollWidth > scroller.clientWidth + 1) {
        for (const th of headers.filter((cell) => !sticky(cell))) {
          scroller.scrollLeft += th.getBoundingClientRect().left - bounds().left;
          await frame();
          const rect = th.getBoundingClientRect();
          const now = bounds();
          if (rect.left < now.left - 1 || rect.right > now.right + 1)
            found.push(`${name(th)} cannot be scrolled clear of the fixed columns`);
        }
        scroller.scrollLeft = 0;
        await frame();
      }
      if (
        scroller.scrollWidth > scroller.clientWidth + 1 &&
        !headers.some((th) => th.getAttribute('data-priority') === 'key')
      )
        found.push(`table ${index + 1} scrolls sideways but declares no key columns`);
      const cut = (element: HTMLElement) =>
        element.offsetWidth > 0 && element.scrollWidth > element.clientWidth + 1;
      // the text of a header against its cell (a fixed cell's shadow overflows it on purpose)
      const textCut = (th: HTMLElement) => {
        const range = document.createRange();
        range.selectNodeContents(th);
        const text = range.getBoundingClientRect();
        const cell = th.getBoundingClientRect();
        return text.width > 0 && (text.left < cell.left - 1 || text.right > cell.right + 1);
      };
      for (const th of headers) {
        const title = th.querySelector<HTMLElement>('.ant-table-column-title');
        if (
          (sticky(th) ? textCut(th) : cut(th)) ||
          (title && cut(title)) ||
          th.classList.contains('ant-table-cell-ellipsis')
        )
          found.push(`${name(th)} header is cut`);
      }
      for (const tag of Array.from(table.querySelectorAll<HTMLElement>('.ant-tag'))) {
        if (cut(tag)) found.push(`table ${index + 1} tag "${tag.textContent}" is cut`);
      }
    }
    return found;
  });
  return faults.map((fault) => `${screen}: ${fault}`);
}

async function signInAs(page: Page, account: string) {
  if (account === 'admin') await signIn(page);
  else {
    const tenant = ['pt_admin2', 'ck_qt', 'xx_qt'].includes(account) ? '100002' : '100001';
    await signIn(page, account, DEMO_PASSWORD, tenant);
  }
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

const seen = new Set<string>();
/**
 * The laptop screens the lists must fit: 1366 in both languages, 1440 in English, the wider words
 * (a Chinese list that fits 1366 has only more room at 1440).
 */
const screens: [{ width: number; height: number }, Language][] = [
  [{ width: 1366, height: 768 }, 'zh'],
  [{ width: 1366, height: 768 }, 'en'],
  [{ width: 1440, height: 900 }, 'en'],
];

for (const account of ['pt_admin', 'ck_jx', 'xx_mingde', 'admin']) {
  test(`${account}: every list fits 1366×768 and 1440×900 in Chinese and English`, async ({ page }) => {
    test.setTimeout(600_000);
    await signInAs(page, account);
    const paths = (await menuPaths(page)).filter((path) => !seen.has(path));
    for (const path of paths) seen.add(path);
    expect(paths.length + seen.size).toBeGreaterThan(0);
    const faults: string[] = [];
    for (const [viewport, language] of screens) {
      await page.setViewportSize(viewport);
      await setPreferences(page, 'default', language);
      await page.goto('/wel/index');
      await settled(page);
      for (const path of paths) {
        await navigate(page, path);
        const screen = `${account} ${path} ${viewport.width}×${viewport.height} ${language}`;
        faults.push(...(await tableFaults(page, screen)));
        // a kept-alive page stays in the document: closing its tab keeps each check to one page
        const close = page.locator('.psi-tabs__tab.is-active').getByTestId('tab-close');
        if (await close.count()) {
          await close.click();
          await settled(page);
        }
      }
    }
    expect(faults).toEqual([]);
  });
}

/**
 * On a phone the pinned columns would leave no room to scroll (a subscription order's actions alone are
 * wider than the rest of the screen): there the first key column shows at the first scroll position,
 * not covered by any other cell, and every toolbar button is on screen.
 */
async function phoneFaults(page: Page, screen: string): Promise<string[]> {
  const faults = await page.evaluate(() => {
    const found: string[] = [];
    const width = window.innerWidth;
    // the first key column of each table names the row: it must show before any swipe
    const tables = Array.from(document.querySelectorAll<HTMLElement>('#psi-main .ant-table-wrapper'));
    for (const th of tables.flatMap((table) => {
      const first = table.querySelector<HTMLElement>('thead th[data-priority="key"]');
      return first && first.offsetParent !== null ? [first] : [];
    })) {
      const rect = th.getBoundingClientRect();
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      const top = document.elementFromPoint(x, y);
      if (rect.left < -1 || rect.right > width + 1 || !top || !th.contains(top))
        found.push(`key column "${(th.textContent ?? '').trim()}" is off screen or covered`);
    }
    const toolbars = '#psi-main .psi-doc-toolbar button, #psi-main .psi-toolbar button';
    for (const button of Array.from(document.querySelectorAll<HTMLElement>(toolbars))) {
      const rect = button.getBoundingClientRect();
      if (button.offsetParent !== null && (rect.left < -1 || rect.right > width + 1))
        found.push(
          `toolbar button "${button.getAttribute('aria-label') ?? button.textContent}" is off screen`,
        );
    }
    return found;
  });
  return faults.map((fault) => `${screen}: ${fault}`);
}

test('on a phone the key column and the toolbar are on screen (Chinese and English)', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAs(page, 'pt_admin');
  // the phone's menu is folded away, so the sign-in above checks for it on a laptop screen
  await page.setViewportSize({ width: 390, height: 844 });
  const faults: string[] = [];
  for (const language of ['zh', 'en'] as const) {
    await setPreferences(page, 'default', language);
    for (const path of [
      '/psi/purchaseorderyypt/index',
      '/psi/goodsinfo/index',
      '/psi/accountstatement/index',
    ]) {
      await page.goto(path);
      await settled(page);
      await expect(page.locator('#psi-main tbody tr[data-row-key]').first()).toBeVisible();
      faults.push(...(await phoneFaults(page, `${path} 390×844 ${language}`)));
    }
  }
  expect(faults).toEqual([]);
});

test('on a phone a tree page stacks its tree above its list, both within the screen', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'admin');
  await page.setViewportSize({ width: 390, height: 844 });
  for (const language of ['zh', 'en'] as const) {
    await setPreferences(page, 'default', language);
    for (const path of ['/system/user/index', '/base/region/index']) {
      await page.goto(path);
      await settled(page);
      const layout = await page.evaluate(() => {
        const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
        const tree = box('#psi-main .psi-tree-page__tree');
        const main = box('#psi-main .psi-tree-page__main');
        return {
          screen: window.innerWidth,
          right: Math.max(tree.right, main.right),
          treeBottom: tree.bottom,
          mainTop: main.top,
        };
      });
      expect(layout.right, `${path} ${language}`).toBeLessThanOrEqual(layout.screen);
      expect(layout.treeBottom, `${path} ${language}`).toBeLessThanOrEqual(layout.mainTop);
    }
  }
});

for (const language of ['zh', 'en'] as const) {
  test(`order line editor fits and asks before discarding (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    await signInDemo(page, 'pt_admin', language);
    await page.goto('/psi/purchaseorderyypt/index');
    await settled(page);

    // a clean editor closes on Esc without asking
    await page.getByTestId('order-new').click();
    const editor = page.getByTestId('order-editor');
    await expect(editor).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(editor).toBeHidden();
    await expect(page.getByTestId('discard-ok')).toHaveCount(0);

    await page.getByTestId('order-new').click();
    await expect(editor).toBeVisible();
    await editor.getByTestId('field-schoolId').click();
    await page.keyboard.type('SC03');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'SC03' })
      .first()
      .click();
    for (const isbn of ['9787107212659', '9787107668388']) {
      await editor.getByTestId('goods-select').click();
      await page.keyboard.type(isbn);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: isbn })
        .first()
        .click();
    }
    const lines = editor.getByTestId('order-lines');
    await expect(lines.locator('tbody tr.ant-table-row')).toHaveCount(2);
    // every column (title … remark, delete) shows without scrolling sideways, no header cut
    const fit = await lines.evaluate((table) => {
      const scroller = table.querySelector<HTMLElement>('.ant-table-content')!;
      const box = scroller.getBoundingClientRect();
      const headers = Array.from(table.querySelectorAll<HTMLElement>('thead th')).map((th) => {
        const rect = th.getBoundingClientRect();
        return {
          text: th.textContent ?? '',
          inside: rect.left >= box.left - 1 && rect.right <= Math.min(box.right, window.innerWidth) + 1,
          cut: th.scrollWidth > th.clientWidth + 1,
        };
      });
      return { scrolls: scroller.scrollWidth > scroller.clientWidth + 1, headers };
    });
    expect(fit.scrolls).toBe(false);
    expect(fit.headers.filter((header) => !header.inside || header.cut)).toEqual([]);
    expect(fit.headers).toHaveLength(11);
    await expect(lines.getByTestId('line-remove').last()).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: test.info().outputPath(`order-editor-${language}.png`) });

    // Esc on the changed editor asks; keeping the work keeps every line
    // (typing a remark on the first line, then Esc)
    const remark = lines.locator('tbody tr.ant-table-row').first().locator('input').last();
    await remark.click();
    await expect(remark).toBeFocused();
    // no book search dropdown is left open to take the Esc for itself
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    await page.keyboard.press('Escape');
    const keep = page.getByTestId('discard-cancel').last();
    await expect(keep).toBeVisible();
    await expect(page.locator('.ant-modal-confirm-title')).toHaveText(
      language === 'zh' ? '放弃修改？' : 'Discard changes?',
    );
    await keep.click();
    await expect(editor).toBeVisible();
    await expect(lines.locator('tbody tr.ant-table-row')).toHaveCount(2);
    // the cancel button asks too; discarding closes the editor
    await editor.getByTestId('editor-cancel').click();
    await page.getByTestId('discard-ok').last().click();
    await expect(editor).toBeHidden();
    await expect(page).toHaveURL((url) => url.search === '');
  });
}

test('a changed resource dialog asks on Esc; a clean one closes', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/system/param/index');
  await settled(page);
  const dialog = resourceDialog(page);
  await page.getByTestId('toolbar-add').click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByTestId('toolbar-add').click();
  const name = dialog.locator('[data-field-item=paramName] input');
  await name.fill('半途参数');
  await page.keyboard.press('Escape');
  await page.getByTestId('discard-cancel').last().click();
  // the question has gone (not only begun to fade) before the next Esc asks again
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
  await expect(name).toHaveValue('半途参数');
  await name.click();
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(1);
  await page.getByTestId('discard-ok').click();
  await expect(dialog).toBeHidden();
});

test('column settings: a hidden column stays hidden after a reload; reset shows it again', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/system/param/index');
  await settled(page);
  const header = page.locator('#psi-main th[data-column=paramValue]');
  await expect(header).toBeVisible();
  await page.getByTestId('column-settings-button').click();
  const settings = page.getByTestId('column-settings');
  await settings.locator('[data-column=paramValue]').click();
  await expect(header).toHaveCount(0);
  // density: compact rows
  await page.getByTestId('density-button').click();
  await page.getByTestId('density-small').click();
  await expect(page.locator('#psi-main .ant-table-small')).toBeVisible();

  await page.reload();
  await settled(page);
  await expect(page.locator('#psi-main th[data-column=paramName]')).toBeVisible();
  await expect(header).toHaveCount(0);
  await expect(page.locator('#psi-main .ant-table-small')).toBeVisible();
  await page.getByTestId('column-settings-button').click();
  await page.getByTestId('column-settings-reset').click();
  await expect(header).toBeVisible();
});

test('search bars: the first three fields, the rest behind expand; the same words everywhere', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/system/user/index');
  await settled(page);
  const search = page.getByTestId('resource-search');
  await expect(search.getByTestId('search-submit')).toHaveText(/查\s?询/);
  await expect(search.getByTestId('search-reset')).toHaveText(/重\s?置/);
  const items = search.locator('.ant-form-item:not(.psi-search__actions)');
  const total = await items.count();
  expect(total).toBeGreaterThan(3);
  await expect(items.filter({ visible: true })).toHaveCount(3);
  await search.getByTestId('search-toggle').click();
  await expect(items.filter({ visible: true })).toHaveCount(total);
  await expect(search.getByTestId('search-toggle')).toHaveText(/收\s?起/);

  await page.goto('/psi/purchaseorderyypt/index');
  await settled(page);
  await expect(page.getByTestId('search-submit')).toHaveText(/查\s?询/);
  await expect(page.getByTestId('search-reset')).toHaveText(/重\s?置/);
});

/* A trainer's second walk (issue 26): a phone that works for schools, action columns that fit. */

const PHONE = { width: 390, height: 844 };

test('on a phone no page is wider than the screen, nor the theme picker', async ({ page }) => {
  test.setTimeout(600_000);
  const wide: string[] = [];
  for (const account of ['xx_mingde', 'pt_admin']) {
    await signInDemo(page, account);
    const paths = await menuPaths(page);
    await page.setViewportSize(PHONE);
    await page.goto('/wel/index');
    await settled(page);
    for (const path of ['/wel/index', ...paths]) {
      if (path !== '/wel/index') await navigate(page, path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > PHONE.width) wide.push(`${account} ${path}: ${width} px`);
      const close = page.locator('.psi-tabs__tab.is-active').getByTestId('tab-close');
      if (await close.count()) {
        await close.click();
        await settled(page);
      }
    }
    await page.setViewportSize({ width: 1366, height: 768 });
  }
  // the theme picker opens inside the screen, every theme (Dark too) within reach
  await page.setViewportSize(PHONE);
  await page.goto('/wel/index');
  await settled(page);
  await page.getByTestId('theme-picker').click();
  await expect(page.getByTestId('theme-option-dark')).toBeInViewport({ ratio: 1 });
  const picker = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    right: Math.max(
      ...Array.from(document.querySelectorAll('[data-testid^=theme-option-]')).map(
        (option) => option.getBoundingClientRect().right,
      ),
    ),
  }));
  expect(picker.width).toBeLessThanOrEqual(PHONE.width);
  expect(picker.right).toBeLessThanOrEqual(PHONE.width);
  expect(wide).toEqual([]);
});

/** Words of the element's text that the layout broke over two lines. */
async function brokenWords(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((css) => {
    const broken: string[] = [];
    for (const element of Array.from(document.querySelectorAll(css))) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  }, selector);
}

for (const language of ['zh', 'en'] as const) {
  test(`on a phone the document detail keeps its words whole (${language})`, async ({ page }) => {
    await signInDemo(page, 'xx_mingde', language);
    await page.setViewportSize(PHONE);
    await page.goto('/psi/order_s/index');
    await settled(page);
    await page.getByTestId('order-no').first().click();
    const detail = page.getByTestId('doc-detail');
    await expect(detail.getByTestId('doc-header')).toBeVisible();
    await expect(detail.getByTestId('doc-lines')).toBeVisible();
    // measured where the drawer rests, not while it slides in from the right
    await expect(page.locator('.ant-drawer-content-wrapper[class*=motion]')).toHaveCount(0);
    expect(await brokenWords(page, '[data-testid=doc-header] .ant-descriptions-item-content')).toEqual([]);
    expect(await brokenWords(page, '[data-testid=doc-lines]')).toEqual([]);
    const right = await page.evaluate(() =>
      Math.max(
        ...Array.from(
          document.querySelectorAll('[data-testid=doc-header] td, [data-testid=doc-header] th'),
        ).map((cell) => cell.getBoundingClientRect().right),
      ),
    );
    expect(right).toBeLessThanOrEqual(PHONE.width);
  });

  test(`on a phone the order editor is one column, each line's inputs on screen (${language})`, async ({
    page,
  }) => {
    await signInDemo(page, 'pt_admin', language);
    await page.setViewportSize(PHONE);
    await page.goto('/psi/purchaseorderyypt/index');
    await settled(page);
    await page.getByTestId('order-new').click();
    const editor = page.getByTestId('order-editor');
    await editor.getByTestId('field-schoolId').click();
    await page.keyboard.type('SC03');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'SC03' })
      .first()
      .click();
    for (const isbn of ['9787107212659', '9787107668388']) {
      await editor.getByTestId('goods-select').click();
      await page.keyboard.type(isbn);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: isbn })
        .first()
        .click();
    }
    const lines = editor.getByTestId('order-lines');
    await expect(lines.getByTestId('line-amount')).toHaveCount(2);
    const layout = await page.evaluate(() => {
      const box = (element: Element) => element.getBoundingClientRect();
      const items = Array.from(document.querySelectorAll('[data-testid=order-editor] form .ant-form-item'));
      return {
        // header fields one under the other: no two share a row
        rows: new Set(items.map((item) => Math.round(box(item).top))).size,
        items: items.length,
        off: Array.from(
          document.querySelectorAll(
            '[data-testid=order-editor] form .ant-form-item, [data-testid=order-lines] input, [data-testid=line-amount], [data-testid=line-remove]',
          ),
        )
          .filter((element) => box(element).left < -1 || box(element).right > window.innerWidth + 1)
          .map((element) => element.getAttribute('data-testid') ?? element.tagName),
      };
    });
    expect(layout.items).toBeGreaterThan(3);
    expect(layout.rows).toBe(layout.items);
    expect(layout.off).toEqual([]);
    const quantity = lines
      .locator('input[data-testid=line-quantity], [data-testid=line-quantity] input')
      .last();
    await quantity.fill('12');
    await quantity.blur();
    await expect(editor.getByTestId('total-quantity')).toHaveText('13');
  });

  test(`the ledger shows its document number at 1366; a school gets no school filter (${language})`, async ({
    page,
  }) => {
    for (const account of ['pt_admin', 'xx_mingde']) {
      await signInDemo(page, account, language);
      await page.goto('/psi/accountstatement/index');
      await settled(page);
      await expect(page.locator('#psi-main tbody tr[data-row-key]').first()).toBeVisible();
      const sourceNo = page.locator('#psi-main th[data-column=sourceNo]');
      const actions = page.locator('#psi-main th[data-priority=actions]');
      const [number, pinned] = [await sourceNo.boundingBox(), await actions.boundingBox()];
      expect(number && pinned && number.x + number.width <= pinned.x + 1, account).toBe(true);
      const school = account === 'xx_mingde' ? 0 : 1;
      await expect(page.locator('#psi-main th[data-column=schoolName]')).toHaveCount(school);
      await expect(page.getByTestId('resource-search').locator('[data-field=schoolId]')).toHaveCount(school);
    }
  });

  test(`action columns are as wide as their buttons, the rest under "more" (${language})`, async ({
    page,
  }) => {
    await signInDemo(page, 'pt_admin', language);
    for (const path of ['/psi/purchaseorderyypt/index', '/psi/purchaseorder/index']) {
      await page.goto(path);
      await settled(page);
      await expect(page.locator('#psi-main tbody tr[data-row-key]').first()).toBeVisible();
      const cells = await page.evaluate(() => {
        const th = document.querySelector<HTMLElement>('#psi-main th[data-priority=actions]')!;
        const column = Array.from(th.parentElement!.children).indexOf(th);
        const rows = Array.from(document.querySelectorAll('#psi-main tbody tr[data-row-key]'));
        const used = rows.map((row) => {
          const td = row.children[column] as HTMLElement;
          const buttons = Array.from(td.querySelectorAll('button'));
          const style = getComputedStyle(td);
          const content = buttons.reduce((sum, button) => sum + button.getBoundingClientRect().width, 0);
          return {
            buttons: buttons.length,
            need: content + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight),
          };
        });
        return { width: th.getBoundingClientRect().width, used };
      });
      // three buttons at most (view, the step that moves the document on, "more")
      expect(Math.max(...cells.used.map((cell) => cell.buttons)), path).toBeLessThanOrEqual(3);
      expect(cells.width, path).toBeLessThanOrEqual(Math.max(...cells.used.map((cell) => cell.need)) + 2);
    }
    // a pending order's edit and delete are one click away
    await page.goto('/psi/purchaseorderyypt/index');
    await settled(page);
    const pending = page.getByTestId('doc-table').locator('tbody tr.ant-table-row').first();
    await expect(pending.getByTestId('row-audit')).toBeVisible();
    await pending.getByTestId('row-more').click();
    await expect(page.locator('.ant-dropdown:visible').getByTestId('row-edit')).toBeVisible();
    await expect(page.locator('.ant-dropdown:visible').getByTestId('row-delete')).toBeVisible();
  });

  test(`stock on hand has column settings and fits 1366; Esc closes the settings (${language})`, async ({
    page,
  }) => {
    await signInDemo(page, 'ck_jx', language);
    await page.goto('/psi/depositorystock/index');
    await settled(page);
    await expect(page.locator('#psi-main tbody tr[data-row-key]').first()).toBeVisible();
    const scroller = page.locator('#psi-main .ant-table-content');
    const fits = await scroller.evaluate((element) => element.scrollWidth <= element.clientWidth + 1);
    expect(fits).toBe(true);
    await page.getByTestId('column-settings-button').click();
    const settings = page.getByTestId('column-settings');
    await expect(settings).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
    await expect(page.getByTestId('column-settings-button')).toBeFocused();
  });
}

test('toasts show under the header bar and a drawer title (56 px), not over them', async ({ page }) => {
  // signing in says so in a toast
  await signInDemo(page, 'pt_admin');
  const notice = page.locator('.ant-message-notice').first();
  await expect(notice).toBeVisible();
  // measured where it comes to rest, not while it slides down into place
  await stopMoving(notice);
  const box = await notice.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(56);
});
