import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/login';
import { stopMoving } from '../support/ui';

test('menu search suggests by name prefix, ignoring case, and opens the page', async ({ page }) => {
  await signInAsAdmin(page);
  const search = page.getByTestId('menu-search');
  await search.fill('参数');
  const options = page.getByTestId('menu-search-option');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('参数管理');
  await stopMoving(page.locator('.ant-select-dropdown:visible'));
  await options.first().click();
  await expect(page).toHaveURL(/\/system\/param\/index$/);

  // a prefix only: "管理" is inside many names but starts none of the leaves' names that way
  await search.fill('字典');
  await expect(options).toHaveText([/字典管理/]);
  await search.fill('xyz');
  await expect(page.getByText('没有匹配的菜单')).toBeVisible();

  await page.getByTestId('header-language').click();
  await page.getByTestId('language-option-en').click();
  await search.fill('tenant p');
  await expect(options).toHaveText([/Tenant packages/]);
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/system\/tenantpackage\/index$/);
  await search.fill('PARA');
  await expect(options).toHaveText([/Parameters/]);
});
