import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { docRow, searchDoc, shot, signInDemo, resetDemo, resetDemoOnRetry } from '../support/psi';
import { resourcePage, rows, search } from '../support/ui';

/** DOMAIN.md 5.10 steps 1, 2 and 10 through the screens: imports, schools, ledgers. */
test.describe.configure({ mode: 'serial' });
test.beforeAll(({ browser }, testInfo) => resetDemoOnRetry(browser, testInfo.retry));
// what this spec changes in the demo story is put back for the specs after it on this server
test.afterAll(({ browser }) => resetDemo(browser));

const here = path.dirname(fileURLToPath(import.meta.url));
const files = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-e2e-files-'));

test.beforeAll(() => {
  // the trainer's spreadsheets, written by the server's own tool from fixtures/psi/imports.json
  execFileSync('pnpm', ['exec', 'tsx', 'src/seed/demo-files.ts', files], {
    cwd: path.join(here, '..', '..', 'server'),
    stdio: 'ignore',
  });
});

async function importFile(page: Page, name: string) {
  await page.locator('.ant-modal input[type=file]').setInputFiles(path.join(files, name));
}

test('1. catalogue: search, a rejected import with its rows, the fixed import, the snapshot', async ({
  page,
}) => {
  await signInDemo(page, 'pt_admin');
  await page.goto('/psi/goodsinfo/index');
  const list = resourcePage(page);
  await search(list, { isbn: '9787107524455' });
  await expect(rows(list)).toHaveCount(1);
  await expect(rows(list).first()).toContainText('语文 一年级上册');

  await list.getByTestId('import-open').click();
  const dialog = page.getByRole('dialog').filter({ hasText: '导入图书' });
  await expect(dialog.getByTestId('import-template')).toBeVisible();
  await page.waitForTimeout(400);
  const template = page.waitForEvent('download');
  await dialog.getByTestId('import-template').click();
  expect((await template).suggestedFilename()).toMatch(/\.xlsx$/);

  await importFile(page, 'goods-bad.xlsx');
  await expect(dialog.getByTestId('import-failure')).toBeVisible();
  await expect(dialog.getByTestId('import-errors')).toContainText('ISBN');
  await shot(page, 'psi-goods-import-errors-zh');
  await importFile(page, 'goods-fixed.xlsx');
  await expect(dialog.getByTestId('import-result')).toBeVisible();
  await page.keyboard.press('Escape');

  await search(list, { isbn: '9787107297724' });
  await expect(rows(list).first()).toContainText('9.90');
  await page.goto('/psi/purchaseorderyypt/index');
  await searchDoc(page, 'orderNo', 'ZD20250828-0001');
  await expect(docRow(page, 'ZD20250828-0001')).toContainText('¥ 3,699.25');
});

test('2. schools: the roster import, the region filter and the balances', async ({ page }) => {
  await signInDemo(page, 'pt_admin');
  await page.goto('/psi/schoolyyptinfo/index');
  const list = resourcePage(page);
  await list.getByTestId('import-open').click();
  const dialog = page.getByRole('dialog').filter({ hasText: '导入学校名册' });
  await importFile(page, 'schools-bad.xlsx');
  await expect(dialog.getByTestId('import-errors')).toBeVisible();
  await importFile(page, 'schools-fixed.xlsx');
  await expect(dialog.getByTestId('import-result')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/psi/schoolinfo/index');
  const schools = resourcePage(page);
  await expect(schools).toContainText('南湖区新苗小学');
  await page.getByTestId('region-filter').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: '330481' })
    .click();
  await expect(rows(schools)).toHaveCount(1);
  await expect(rows(schools).first()).toContainText('海宁市潮韵初级中学');
  await expect(rows(schools).first().getByTestId('school-balance')).toHaveText('¥ 12,616.20');
});

test('10. ledgers: G10 at D01 with its balances and source links; SC06 debit and refund', async ({
  page,
}) => {
  await signInDemo(page, 'pt_admin');
  await page.goto('/psi/depositorylog/index');
  const log = resourcePage(page);
  await page.getByTestId('log-depository').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: '嘉兴中心仓' })
    .click();
  await search(log, { isbn: '9787107863875' });
  await expect(rows(log)).toHaveCount(3);
  const balances = (await log.getByTestId('log-balance').allInnerTexts()).sort();
  expect(balances).toEqual(['298', '300', '600']);
  await rows(log).filter({ hasText: 'CG20250710-0001' }).getByTestId('log-source').click();
  await expect(page).toHaveURL(/\/psi\/purchaseorder\/index\?id=/);
  await expect(page.getByTestId('doc-header')).toContainText('CG20250710-0001');
  await page.keyboard.press('Escape');

  await page.goto('/psi/accountstatement/index');
  const statements = resourcePage(page);
  await page.getByTestId('statement-school').click();
  await page.keyboard.type('晨曦');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: '晨曦' })
    .click();
  await expect(rows(statements)).toHaveCount(3);
  await expect(statements).toContainText('退款');
  await expect(statements).toContainText('-¥ 688.50');
});
