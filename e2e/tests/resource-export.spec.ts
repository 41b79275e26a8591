import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { signIn } from '../support/login';
import { resourcePage, rows, search } from '../support/ui';

/** exceljs of the server package reads the downloaded workbook back. */
const serverRequire = createRequire(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'package.json'),
);

interface Workbook {
  xlsx: { load: (data: Buffer) => Promise<unknown> };
  worksheets: { rowCount: number; getRow: (n: number) => { values: unknown[] } }[];
}

test('Excel export of the generic list sends the current filter and downloads those rows', async ({
  page,
}) => {
  await signIn(page, 'pt_admin', 'Demo@2025', '100001');
  await expect(page).toHaveURL(/\/wel\/index$/);
  await page.goto('/psi/goodsinfo/index');
  const list = resourcePage(page);
  await expect(rows(list).first()).toBeVisible();

  // the filtered page's total, once its answer is on the screen (not the unfiltered one before it)
  const listed = page.waitForResponse(
    (res) => res.url().includes('/api/blade-psi/goodsinfo/list') && res.url().includes('goodsName='),
  );
  await search(list, { goodsName: '数学' });
  const total = Number(((await (await listed).json()) as { data: { total: number } }).data.total);
  expect(total).toBeGreaterThan(0);
  await expect(list.locator('.ant-pagination-total-text')).toContainText(String(total));

  const exported = page.waitForRequest((req) => req.url().includes('/api/blade-psi/goodsinfo/export'));
  const download = page.waitForEvent('download');
  await list.getByTestId('toolbar-export').click();
  const query = new URL((await exported).url()).searchParams;
  expect(query.get('goodsName')).toBe('数学');
  expect(query.has('current')).toBe(false);
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  await expect(page.locator('.ant-message-notice').filter({ hasText: '导出成功' })).toBeVisible();

  const bytes = await (await file.createReadStream()).toArray();
  const buffer = Buffer.concat(bytes as Buffer[]);
  expect(buffer.subarray(0, 2).toString()).toBe('PK');
  const ExcelJS = serverRequire('exceljs') as { Workbook: new () => Workbook };
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer);
  const sheet = workbook.worksheets[0];
  // a header row, then one row per book of the filter
  expect(sheet.rowCount).toBe(total + 1);
  expect(JSON.stringify(sheet.getRow(1).values)).toContain('书名');
  for (let n = 2; n <= sheet.rowCount; n += 1)
    expect(JSON.stringify(sheet.getRow(n).values)).toContain('数学');
});
