import { expect, test, type Page } from '@playwright/test';
import { setPreferences, type Language } from './a11y';
import { MENU_ACCOUNTS, closeActiveTab, navigate, newListsOf, settled, signInAs } from './menu-screens';

/**
 * Tables that fit: on every list screen of the platform admin and of the PSI roles, the key columns
 * (declared `priority: 'key'`) and the actions are fully visible at the initial scroll position,
 * between the fixed columns; every other column can be scrolled clear of the fixed ones; no header,
 * title or tag is cut. One spec file per laptop screen (`tests/layout-fit-*.spec.ts`, each calling
 * `fitScreen`): the files are independent, so the two workers share the lists.
 */

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

/**
 * The laptop screens the lists must fit: 1366 in both languages, 1440 in English, the wider words
 * (a Chinese list that fits 1366 has only more room at 1440).
 */
export const SCREENS: [{ width: number; height: number }, Language][] = [
  [{ width: 1366, height: 768 }, 'zh'],
  [{ width: 1366, height: 768 }, 'en'],
  [{ width: 1440, height: 900 }, 'en'],
];

/** Declares the tests of one laptop screen (`SCREENS[index]`): every role's lists fit it. */
export function fitScreen(index: number) {
  const [viewport, language] = SCREENS[index]!;
  const newLists = newListsOf();
  test.use({ viewport });

  for (const account of MENU_ACCOUNTS) {
    test(`${account}: every list fits ${viewport.width}×${viewport.height} in ${language === 'zh' ? 'Chinese' : 'English'}`, async ({
      page,
    }) => {
      test.setTimeout(600_000);
      await signInAs(page, account);
      // a list another role has checked is the same screen: each list is checked with one role
      const paths = await newLists(page);
      const faults: string[] = [];
      await setPreferences(page, 'default', language);
      await page.goto('/wel/index');
      await settled(page);
      for (const path of paths) {
        await navigate(page, path);
        const screen = `${account} ${path} ${viewport.width}×${viewport.height} ${language}`;
        faults.push(...(await tableFaults(page, screen)));
        await closeActiveTab(page);
      }
      expect(faults).toEqual([]);
    });
  }
}
