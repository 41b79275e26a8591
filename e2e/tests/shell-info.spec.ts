import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiHeaders, signInAsAdmin } from '../support/login';
import { expectToast, stopMoving } from '../support/ui';

/** A 1×1 PNG, and a file of the wrong type, for the avatar upload. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('personal info: read-only details, avatar rules and upload, password change checks', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page);
  const info = await request.get('/api/blade-user/info', { headers: await apiHeaders(page) });
  expect(info.status()).toBe(200);

  // the user menu's item is clicked once the menu has stopped sliding in; a click still lost (CI on a
  // loaded machine) opens the menu again and clicks again, which only navigates to the same page
  await expect(async () => {
    const item = page.getByTestId('user-menu-info');
    if (!(await item.isVisible())) await page.getByTestId('user-menu').click();
    await stopMoving(page.locator('.ant-dropdown').filter({ has: item }));
    await item.click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/info\/index$/, { timeout: 2_000 });
  }).toPass();
  for (const id of ['info-real-name', 'info-user-name', 'info-phone', 'info-email']) {
    await expect(page.getByTestId(id)).toHaveAttribute('readonly', '');
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'avatar-'));
  const text = path.join(dir, 'notes.txt');
  const big = path.join(dir, 'big.png');
  const small = path.join(dir, 'me.png');
  fs.writeFileSync(text, 'not a picture');
  fs.writeFileSync(big, Buffer.concat([png, Buffer.alloc(600 * 1024)]));
  fs.writeFileSync(small, png);
  const input = page.getByTestId('info-avatar-upload').locator('input[type=file]');
  await input.setInputFiles(text);
  await expectToast(page, '上传头像图片只能是 JPG 或 PNG 格式!');
  await input.setInputFiles(big);
  await expectToast(page, '上传头像图片大小不能超过 500KB!');

  const uploaded = page.waitForResponse((res) =>
    res.url().includes('/api/blade-resource/oss/endpoint/put-file'),
  );
  await input.setInputFiles(small);
  const upload = await uploaded;
  expect(upload.status()).toBe(200);
  const link = ((await upload.json()) as { data: { link: string } }).data.link;
  expect(link).toMatch(/\S/);
  const saved = page.waitForRequest((req) => req.url().includes('/api/blade-user/update-info'));
  await page.getByTestId('info-save').click();
  expect(((await saved).postDataJSON() as { avatar: string }).avatar).toBe(link);
  await expectToast(page, '修改成功');
  // the server keeps it
  const after = await request.get('/api/blade-user/info', { headers: await apiHeaders(page) });
  expect(((await after.json()) as { data: { avatar: string } }).data.avatar).toBe(link);

  await page.getByTestId('info-tab-password').click();
  await page.getByTestId('info-password-submit').click();
  for (const message of ['请输入原密码', '请输入新密码', '请输入确认密码']) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await page.getByTestId('info-old-password').fill('wrong-old');
  await page.getByTestId('info-new-password').fill('new-pass-1');
  await page.getByTestId('info-confirm-password').fill('new-pass-2');
  await page.getByTestId('info-password-submit').click();
  await expect(page.getByText('两次密码输入不一致')).toBeVisible();
  await page.getByTestId('info-confirm-password').fill('new-pass-1');
  const changed = page.waitForRequest((req) => req.url().includes('/api/blade-user/update-password'));
  await page.getByTestId('info-password-submit').click();
  const sent = new URL((await changed).url());
  for (const name of ['oldPassword', 'newPassword', 'newPassword1']) {
    expect(sent.searchParams.get(name)).toMatch(/^[0-9a-f]{32}$/);
  }
  // the old password is wrong: the server says so
  await expect(page.locator('.ant-message').getByText('原密码不正确!')).toBeVisible();
});
