import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/login';

test('locks the screen with a password and unlocks only with it', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/system/param/index');

  await page.getByTestId('header-lock').click();
  const dialog = page.locator('.ant-modal-container').filter({ hasText: '设置锁屏密码' });
  await dialog.locator('.ant-btn-primary').click();
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText('锁屏密码不能为空');

  await page.getByTestId('lock-password').fill('let-me-in');
  await dialog.locator('.ant-btn-primary').click();
  await expect(page).toHaveURL(/\/lock$/);
  await expect(page.getByTestId('lock-page')).toContainText('屏幕已锁定');

  // Every navigation of a locked session ends on the lock screen, also after a reload.
  await page.goto('/wel/index');
  await expect(page).toHaveURL(/\/lock$/);
  await page.reload();
  await expect(page).toHaveURL(/\/lock$/);

  await page.getByTestId('unlock-password').fill('wrong');
  await page.getByTestId('unlock-submit').click();
  await expect(page.getByText('解锁密码错误,请重新输入')).toBeVisible();
  await expect(page).toHaveURL(/\/lock$/);

  await page.getByTestId('unlock-password').fill('let-me-in');
  await page.getByTestId('unlock-submit').click();
  await expect(page).toHaveURL(/\/system\/param\/index$/);
  await expect(page.getByTestId('resource-page')).toBeVisible();

  // Unlocked: navigation is free again, and the next lock asks for a password again.
  await page.goto('/wel/index');
  await expect(page).toHaveURL(/\/wel\/index$/);
});
