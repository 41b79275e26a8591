import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signInAsAdmin } from '../support/login';
import { apiGet, md5 } from '../support/system';
import { expectToast, resourcePage, rows, search } from '../support/ui';

/** User import through the dialog: the template downloaded there, filled here, uploaded there. */

function importDialog(page: Page): Locator {
  return page.locator('.ant-modal-container').filter({ has: page.getByTestId('user-import-pick') });
}

async function openImport(page: Page, list: Locator): Promise<Locator> {
  await list.getByTestId('toolbar-import').click();
  const dialog = importDialog(page);
  await expect(dialog).toContainText('用户数据导入');
  return dialog;
}

/** Downloads the template from the dialog and answers its header row. */
async function template(page: Page, dialog: Locator): Promise<string[]> {
  const download = page.waitForEvent('download');
  await dialog.getByTestId('user-import-template').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const stream = await file.createReadStream();
  const book = new ExcelJS.Workbook();
  await book.xlsx.read(stream);
  const sheet = book.worksheets[0];
  const headers: string[] = [];
  sheet.getRow(1).eachCell((cell, column) => {
    headers[column - 1] = String(cell.value ?? '');
  });
  expect(sheet.rowCount).toBe(1);
  return headers;
}

/** An .xlsx with the template's headers and rows given by header. */
async function workbook(headers: string[], data: Record<string, string>[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('users');
  sheet.addRow(headers);
  for (const row of data) sheet.addRow(headers.map((h) => row[h] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(page: Page, dialog: Locator, name: string, buffer: Buffer, covered = false) {
  await dialog.locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await expect(dialog.locator('.ant-upload-list')).toContainText(name);
  if (covered) await dialog.getByRole('checkbox').check();
  // the answer, not only the request: a check right after must see what the import wrote
  const answered = page.waitForResponse((res) => res.url().includes('/api/blade-user/import-user'));
  await dialog.getByTestId('user-import-submit').click();
  return new URL((await answered).request().url()).searchParams.get('isCovered');
}

test('users import: template from the dialog, a bad row refuses the file, a good one is listed, cover existing', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const good = `imp${stamp}`;
  const other = `imq${stamp}`;
  await signInAsAdmin(page);
  await page.goto('/system/user/index');
  const list = resourcePage(page);
  await expect(rows(list).first()).toBeVisible();

  let dialog = await openImport(page, list);
  // nothing chosen yet
  await dialog.getByTestId('user-import-submit').click();
  await expectToast(page, '选择 Excel 文件');
  const headers = await template(page, dialog);
  expect(headers).toEqual(
    expect.arrayContaining([
      '租户ID',
      '登录账号',
      '用户昵称',
      '用户姓名',
      '所属角色',
      '所属部门',
      '手机号码',
      '初始密码',
    ]),
  );
  const row = (account: string, extra: Record<string, string> = {}) => ({
    租户ID: '000000',
    登录账号: account,
    用户昵称: account,
    用户姓名: `导入${account}`,
    所属角色: '用户',
    所属部门: '运营部',
    手机号码: '13700001234',
    初始密码: 'Import#1',
    ...extra,
  });

  // a second row names an unknown role: the row's error is shown and nothing is written
  await upload(
    page,
    dialog,
    'bad.xlsx',
    await workbook(headers, [row(other), row(good, { 所属角色: '没有这个角色' })]),
  );
  await expectToast(page, '第3行: 角色不存在: 没有这个角色');
  await expect(dialog).toBeVisible();
  await dialog.locator('.ant-modal-close').click();
  // the refused file is still chosen: closing asks before throwing it away
  await page.getByTestId('discard-ok').last().click();
  await expect(dialog).toBeHidden();
  await search(list, { account: other });
  await expect(list.locator('.ant-table-placeholder')).toBeVisible();
  for (const account of [other, good]) {
    const none = await apiGet<{ records: unknown[] }>(page, '/blade-user/list', { account });
    expect(none.data.records).toHaveLength(0);
  }

  // the good file: the user is listed and signs in with the password of the file
  dialog = await openImport(page, list);
  expect(await upload(page, dialog, 'good.xlsx', await workbook(headers, [row(good)]))).toBe('0');
  await expectToast(page, '导入成功');
  await expect(dialog).toBeHidden();
  await search(list, { account: good });
  await expect(rows(list)).toHaveCount(1);
  await expect(rows(list).first()).toContainText(`导入${good}`);
  await expect(rows(list).first()).toContainText('运营部');
  const token = await page.request.post('/api/blade-auth/oauth/token', {
    headers: {
      'Tenant-Id': '000000',
      Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
    },
    form: {
      tenantId: '000000',
      username: good,
      password: md5('Import#1'),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
  });
  expect(token.status(), await token.text()).toBe(200);

  // the same account again: refused unless existing accounts are covered
  dialog = await openImport(page, list);
  await upload(page, dialog, 'again.xlsx', await workbook(headers, [row(good, { 手机号码: '13700005678' })]));
  await expectToast(page, '第2行: 当前账号已被使用!');
  await dialog.locator('.ant-modal-close').click();
  // the refused file is still chosen: closing asks before throwing it away
  await page.getByTestId('discard-ok').last().click();
  await expect(dialog).toBeHidden();
  dialog = await openImport(page, list);
  const covered = await upload(
    page,
    dialog,
    'cover.xlsx',
    await workbook(headers, [row(good, { 手机号码: '13700005678' })]),
    true,
  );
  expect(covered).toBe('1');
  await expectToast(page, '导入成功');
  const updated = await apiGet<{ records: { phone: string }[] }>(page, '/blade-user/list', { account: good });
  expect(updated.data.records).toHaveLength(1);
  expect(updated.data.records[0].phone).toBe('13700005678');
});
