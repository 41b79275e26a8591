import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/login';
import { signInDemo, toast } from '../support/psi';
import { apiGet, apiPost } from '../support/system';

/** The super-admin's "reset demo data" in the user menu: confirm, data back, other sessions end. */
test('the super-admin resets the demo from the user menu; other users must sign in again', async ({
  page,
  browser,
}) => {
  // a trainer walked part of the script as pt_admin: SC01 paid for ZD20250828-0001
  const trainer = await browser.newPage();
  await signInDemo(trainer, 'pt_admin');
  const orders = await apiGet<{ records: { id: string; orderNo: string }[] }>(
    trainer,
    '/blade-psi/purchaseorderyypt/list',
    { orderNo: 'ZD20250828-0001' },
  );
  const order = orders.data.records.find((o) => o.orderNo === 'ZD20250828-0001')!;
  expect(
    (await apiPost(trainer, '/blade-psi/purchaseorderyypt/approveAudit', { id: order.id, pass: true }))
      .success,
  ).toBe(true);
  await page.waitForTimeout(1100); // the trainer's session predates the reset by a second

  await signInAsAdmin(page);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-demo-reset').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('其他已登录的用户需要重新登录');
  await dialog.getByRole('button', { name: /重\s*置/ }).click();
  await expect(toast(page, '演示数据已重置')).toBeVisible();
  // the admin stays signed in with a new session
  await expect(page.getByTestId('side-menu')).toBeVisible();
  expect((await apiGet<{ resettable: boolean }>(page, '/demo/info')).data).toEqual({ resettable: true });

  // the trainer's session has ended; signed in again, the order is back to 待审核
  await trainer.reload();
  await expect(trainer).toHaveURL(/\/login/);
  // and is told why it is back at the sign-in form
  await expect(trainer.getByTestId('login-session-ended')).toContainText('演示数据已重置，请重新登录');
  await signInDemo(trainer, 'pt_admin');
  const restored = await apiGet<{ records: { orderNo: string; orderStatus: number }[] }>(
    trainer,
    '/blade-psi/purchaseorderyypt/list',
    { orderNo: 'ZD20250828-0001' },
  );
  expect(restored.data.records.find((o) => o.orderNo === 'ZD20250828-0001')?.orderStatus).toBe(1);
  await trainer.close();
});
