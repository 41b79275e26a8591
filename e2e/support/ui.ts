import { expect, type Locator, type Page } from '@playwright/test';
import { ZONE } from './zone';

/** Small helpers over antd's markup, shared by the shell and resource specs. */

/** The open antd confirm dialog. */
export function confirmDialog(page: Page): Locator {
  return page.locator('.ant-modal-confirm').last();
}

/**
 * Waits until an antd popup (dialog, drawer, dropdown, toast) has finished moving in: on a loaded
 * machine a click on a button still zooming or sliding into place can land beside it. A toast's motion
 * carries its component's prefix (`ant-message-fade-appear`).
 */
export async function stopMoving(popup: Locator) {
  await expect(popup).not.toHaveClass(/ant-(?:message-)?(zoom|slide-up|move-up|fade)-(appear|enter)/);
}

/** Checks the confirm dialog's text and presses its OK button (antd spaces two-character labels: "确 定"). */
export async function confirm(page: Page, text: string | RegExp) {
  const dialog = confirmDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(text);
  await stopMoving(dialog);
  await dialog.locator('.ant-btn-primary').click();
  // it closes when the call it confirms has answered, which takes longer on a loaded machine
  await expect(dialog).toBeHidden({ timeout: 20_000 });
}

/** The most recent antd toast (message). */
export async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.locator('.ant-message-notice').filter({ hasText: text }).first()).toBeVisible();
}

/** The visible resource dialog (add / edit / view). */
export function resourceDialog(page: Page): Locator {
  return page.locator('.psi-resource-dialog .ant-modal-container').last();
}

/** The form field (Form.Item) of a declaration field inside a container. */
export function formItem(container: Locator, field: string): Locator {
  return container.locator(`[data-field-item="${field}"]`);
}

/** The validation message shown under a form field. */
export function fieldError(container: Locator, field: string): Locator {
  return formItem(container, field).locator('.ant-form-item-explain-error');
}

/** Picks an option of the open antd select dropdown by its text. */
export async function pickOption(page: Page, text: string | RegExp) {
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
}

/**
 * `yyyy-MM-dd` of a date shifted by some days from today, in the server's zone, which is also the
 * browser's (playwright.config.ts): the test process itself may run in another zone.
 */
export function isoDay(offsetDays = 0): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + offsetDays * 86_400_000));
}

/** A search bar's field after the third waits behind "expand": opens it when the field is hidden. */
export async function showSearchField(field: Locator) {
  // folded fields stay mounted: once the field is in the page, its visibility says whether it is folded
  await field.waitFor({ state: 'attached' });
  if (await field.isVisible()) return;
  await field
    .locator('xpath=ancestor::*[@data-testid="resource-search"]')
    .getByTestId('search-toggle')
    .click();
}

/** Types a date range into an antd RangePicker (start, Enter, end, Enter). */
export async function fillRange(picker: Locator, start: string, end: string) {
  await showSearchField(picker);
  const inputs = picker.locator('input');
  await inputs.first().click();
  await inputs.first().fill(start);
  await inputs.first().press('Enter');
  await inputs.nth(1).fill(end);
  await inputs.nth(1).press('Enter');
}

/** The resource page of a list (there are two on the dictionary screens: pass the index). */
export function resourcePage(page: Page, index = 0): Locator {
  return page.getByTestId('resource-page').nth(index);
}

/** Rows of the resource table inside a resource page. */
export function rows(scope: Locator): Locator {
  return scope.locator('[data-testid=resource-table] tbody tr.ant-table-row');
}

/** Runs the search bar of a resource page with text filled into named fields. */
export async function search(scope: Locator, values: Record<string, string>) {
  const bar = scope.getByTestId('resource-search');
  for (const [field, value] of Object.entries(values)) {
    const control = bar.locator(`[data-field="${field}"]`).first();
    await showSearchField(control);
    await control.fill(value);
  }
  await bar.getByTestId('search-submit').click();
}

/** Stores the shell's language in its saved settings (read at the next load; `reload` loads now). */
export async function storeLanguage(page: Page, language: 'zh' | 'en', { reload = false } = {}) {
  await page.evaluate((lang) => {
    const raw = localStorage.getItem('saber-settings');
    const parsed = raw ? (JSON.parse(raw) as { state?: Record<string, unknown> }) : { state: {} };
    localStorage.setItem(
      'saber-settings',
      JSON.stringify({ ...parsed, state: { ...parsed.state, language: lang } }),
    );
  }, language);
  if (reload) await page.reload();
}
