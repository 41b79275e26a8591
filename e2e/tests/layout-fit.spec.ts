import { expect, test, type Page } from '@playwright/test';
import { setPreferences } from '../support/a11y';
import { signInAsAdmin } from '../support/login';
import { closeActiveTab, menuPaths, navigate, settled, signInAs } from '../support/menu-screens';
import { signInDemo } from '../support/psi';
import { resourceDialog, stopMoving } from '../support/ui';

/**
 * Screens that fit, beyond the lists (those are in `tests/layout-fit-*.spec.ts`, one file per laptop
 * screen): phones, the order line editor, the discard question, the column settings and the search bar.
 */
test.use({ viewport: { width: 1366, height: 768 } });

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
    const paths = (await menuPaths(page)).filter((path) => path !== '/wel/index');
    await page.setViewportSize(PHONE);
    await page.goto('/wel/index');
    await settled(page);
    for (const path of ['/wel/index', ...paths]) {
      if (path !== '/wel/index') await navigate(page, path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > PHONE.width) wide.push(`${account} ${path}: ${width} px`);
      await closeActiveTab(page);
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
