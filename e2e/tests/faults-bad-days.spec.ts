import { expect, test, type Page } from '@playwright/test';
import { signIn, signInAsAdmin } from '../support/login';
import { apiGet, apiPost } from '../support/system';
import { expectToast, formItem, resourceDialog, resourcePage, rows } from '../support/ui';
import { setPreferences } from '../support/a11y';

/**
 * The client's bad days: the e2e servers run with FAULTS=on, and each check asks the super-admin's
 * fault rules (`/api/blade-develop/fault/*`) for the day it needs; every rule is removed after it.
 */

interface FaultRow {
  id: string;
  hits: number;
}

async function addFault(page: Page, rule: Record<string, unknown>): Promise<string> {
  const saved = await apiPost<FaultRow>(page, '/blade-develop/fault/submit', rule);
  expect(saved.success, saved.msg).toBe(true);
  return saved.data.id;
}

async function faultHits(page: Page, id: string): Promise<number> {
  const listed = await apiGet<FaultRow[]>(page, '/blade-develop/fault/list');
  return listed.data.find((r) => r.id === id)?.hits ?? -1;
}

/** A page of its own, signed in as the super-admin, that sets and clears the rules. */
async function faultAdmin(page: Page): Promise<Page> {
  const admin = await page.context().browser()!.newPage({ baseURL: test.info().project.use.baseURL });
  await signInAsAdmin(admin);
  return admin;
}

let admin: Page | null = null;

test.afterEach(async () => {
  if (!admin) return;
  const listed = await apiGet<FaultRow[]>(admin, '/blade-develop/fault/list');
  const ids = listed.data.map((r) => r.id);
  if (ids.length) await apiPost(admin, '/blade-develop/fault/remove', undefined, { ids: ids.join(',') });
  await admin.close();
  admin = null;
});

async function openParamAdd(page: Page) {
  await page.goto('/system/param/index');
  const list = resourcePage(page);
  await expect(rows(list).first()).toBeVisible();
  await list.getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  await expect(dialog).toContainText('新增 · 参数管理');
  return dialog;
}

async function fillParam(page: Page, key: string) {
  const dialog = resourceDialog(page);
  await formItem(dialog, 'paramName').locator('input').fill(`坏日子${key}`);
  await formItem(dialog, 'paramKey').locator('input').fill(key);
  await formItem(dialog, 'paramValue').locator('textarea').fill('typed before the fault');
}

async function paramRows(page: Page, key: string): Promise<number> {
  const listed = await apiGet<{ records: unknown[] }>(page, '/blade-system/param/list', { paramKey: key });
  return listed.data.records.length;
}

test('a slow list shows its loading state, then its rows', async ({ page }) => {
  admin = await faultAdmin(page);
  await signInAsAdmin(page);
  const id = await addFault(admin, {
    method: 'GET',
    path: '/blade-system/param/list',
    account: 'admin',
    effect: 'delay',
    delayMs: 2500,
    times: 1,
  });
  const started = Date.now();
  await page.goto('/system/param/index');
  const list = resourcePage(page);
  await expect(list.locator('.ant-spin-spinning')).toBeVisible();
  await expect(rows(list)).toHaveCount(0);
  await expect(rows(list).first()).toBeVisible({ timeout: 15_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
  await expect(list.locator('.ant-spin-spinning')).toHaveCount(0);
  expect(await faultHits(admin, id)).toBe(1);
});

test('a save that answers 500 leaves the dialog open with what was typed and the message', async ({
  page,
}) => {
  admin = await faultAdmin(page);
  await signInAsAdmin(page);
  const key = `e2e.fault500.${Date.now().toString(36)}`;
  await addFault(admin, {
    method: 'POST',
    path: '/blade-system/param/submit',
    account: 'admin',
    effect: 'status',
    status: 500,
    message: '审批服务暂时不可用',
    times: 1,
  });
  const dialog = await openParamAdd(page);
  await fillParam(page, key);
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '审批服务暂时不可用');
  await expect(dialog).toBeVisible();
  await expect(formItem(dialog, 'paramKey').locator('input')).toHaveValue(key);
  await expect(formItem(dialog, 'paramValue').locator('textarea')).toHaveValue('typed before the fault');
  await expect(dialog.getByTestId('dialog-submit')).toBeEnabled();
  expect(await paramRows(page, key)).toBe(0);
  // the next try goes through with the same values
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '新增成功');
  await expect(dialog).toBeHidden();
  expect(await paramRows(page, key)).toBe(1);
});

test('a token that expires mid-form is refreshed and the save goes through once', async ({ page }) => {
  admin = await faultAdmin(page);
  await signInAsAdmin(page);
  const key = `e2e.expire.${Date.now().toString(36)}`;
  const id = await addFault(admin, {
    method: 'POST',
    path: '/blade-system/param/submit',
    account: 'admin',
    effect: 'expire',
    times: 1,
  });
  const dialog = await openParamAdd(page);
  await fillParam(page, key);
  const answers: number[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/blade-system/param/submit')) answers.push(res.status());
  });
  const refreshed = page.waitForRequest(
    (req) =>
      req.url().includes('/api/blade-auth/oauth/token') && req.url().includes('grant_type=refresh_token'),
  );
  await dialog.getByTestId('dialog-submit').click();
  await refreshed;
  await expectToast(page, '新增成功');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/system\/param\/index$/);
  expect(answers).toEqual([401, 200]);
  // the server took exactly one write
  expect(await paramRows(page, key)).toBe(1);
  expect(await faultHits(admin, id)).toBe(1);
});

test('a 429 on sign-in says when to try again, in the user language', async ({ page }) => {
  admin = await faultAdmin(page);
  const rule = {
    method: 'POST',
    path: '/blade-auth/oauth/token',
    effect: 'throttle',
    retryAfter: 30,
    times: 1,
  };
  await addFault(admin, rule);
  await signIn(page);
  await expectToast(page, '请求过于频繁，请 30 秒后再试');
  await expect(page).toHaveURL(/\/login/);

  await addFault(admin, { ...rule, retryAfter: 300 });
  await page.goto('/healthz');
  await setPreferences(page, 'default', 'en');
  await signIn(page);
  await expectToast(page, 'Too many requests, please try again in 5 minutes');
  await expect(page).toHaveURL(/\/login/);
});

test('a dropped connection shows a clear message, not a blank page', async ({ page }) => {
  admin = await faultAdmin(page);
  await signInAsAdmin(page);
  await addFault(admin, {
    method: 'GET',
    path: '/blade-system/param/list',
    account: 'admin',
    effect: 'drop',
  });
  await page.goto('/system/param/index');
  await expectToast(page, '网络异常，请检查网络连接');
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(resourcePage(page)).toBeVisible();
});

test('an API that is down shows the page and a clear message, not a blank page', async ({ page }) => {
  admin = await faultAdmin(page);
  await signInAsAdmin(page);
  await page.goto('/system/param/index');
  await expect(rows(resourcePage(page)).first()).toBeVisible();
  await addFault(admin, { method: '*', path: '/**', account: 'admin', effect: 'drop' });
  await page.reload();
  await expectToast(page, '网络异常，请检查网络连接');
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(resourcePage(page)).toBeVisible();
});

test('the fault injection page adds a rule, counts it and removes it, in English too', async ({ page }) => {
  admin = page;
  await signInAsAdmin(page);
  await page.goto('/tool/fault/index');
  const list = resourcePage(page);
  await expect(page.getByTestId('fault-page')).toContainText('Blade-Fault');
  await list.getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  await expect(dialog).toContainText('新增 · 故障规则');
  await formItem(dialog, 'path').locator('input').fill('blade-system');
  await dialog.getByTestId('dialog-submit').click();
  await expect(formItem(dialog, 'path')).toContainText('路径须以 / 开头');
  await formItem(dialog, 'path').locator('input').fill('/blade-system/dict/list');
  await formItem(dialog, 'effect').locator('.ant-select').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: '错误状态' })
    .click();
  await formItem(dialog, 'status').locator('input').fill('503');
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '新增成功');
  await expect(rows(list)).toHaveCount(1);
  await expect(rows(list).first()).toContainText('/blade-system/dict/list');
  const faulted = await page.request.get('/api/blade-system/dict/list', {
    headers: {
      'Blade-Auth': `bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('saber-session')!).state.token as string)}`,
    },
  });
  expect(faulted.status()).toBe(503);
  await setPreferences(page, 'default', 'en');
  await page.reload();
  await expect(page.getByTestId('fault-page')).toContainText('Make matching API calls slow');
  await expect(rows(list).first()).toContainText('Error status');
  await expect(rows(list).first()).toContainText('503');
  await expect(list.locator('thead')).toContainText('Applied');
  await rows(list).first().getByTestId('row-delete').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(rows(list)).toHaveCount(0);
  admin = null;
});
