import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/login';
import { confirm, expectToast } from '../support/ui';

test('regions: lazy tree, detail form, add a child, edit, remove', async ({ page }) => {
  // 110120–110199: free codes under 北京市辖区 (its districts run from 110101 to 110119)
  const code = `1101${String((Date.now() % 80) + 20)}`;
  await signInAsAdmin(page);
  await page.goto('/base/region/index');
  const tree = page.getByTestId('region-tree');
  const detail = page.getByTestId('region-detail');
  await expect(tree.getByText('北京市', { exact: true })).toBeVisible();
  // children load when a level opens
  await expect(tree.getByText('市辖区', { exact: true })).toHaveCount(0);
  const loaded = page.waitForRequest(
    (req) => req.url().includes('lazy-tree') && req.url().includes('parentCode=11'),
  );
  await tree
    .locator('.ant-tree-treenode')
    .filter({ hasText: '北京市' })
    .locator('.ant-tree-switcher')
    .click();
  await loaded;
  await tree.getByText('市辖区', { exact: true }).first().click();
  await expect(detail.locator('[data-field=code]')).toHaveValue('1101');
  await expect(detail.locator('[data-field=parentName]')).toHaveValue('北京市');

  // a child: code must start with the parent's; the seed's required messages
  await detail.getByTestId('region-add-child').click();
  await expect(detail.locator('[data-field=parentName]')).toHaveValue('市辖区');
  await detail.getByTestId('region-save').click();
  await expect(detail.getByText('请输入区划编号')).toBeVisible();
  await expect(detail.getByText('请输入区划名称')).toBeVisible();
  await detail.locator('[data-field=code]').fill(code);
  await detail.locator('[data-field=name]').fill(`E2E新区${code}`);
  await detail.getByTestId('region-save').click();
  await expectToast(page, '新增成功');
  await expect(tree.getByText(`E2E新区${code}`, { exact: true })).toBeVisible();
  await expect(detail.locator('[data-field=code]')).toHaveValue(code);
  await expect(detail.locator('[data-field=code]')).toBeDisabled();

  // edit
  await detail.locator('[data-field=name]').fill(`E2E改名区${code}`);
  await detail.getByTestId('region-save').click();
  await expectToast(page, '修改成功');
  await expect(tree.getByText(`E2E改名区${code}`, { exact: true })).toBeVisible();

  // a region with children is not removed
  await tree.getByText('北京市', { exact: true }).click();
  await detail.getByTestId('region-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expectToast(page, '请先删除子节点');
  await expect(tree.getByText('北京市', { exact: true })).toBeVisible();

  // remove
  await tree.getByText(`E2E改名区${code}`, { exact: true }).click();
  await expect(detail.locator('[data-field=code]')).toHaveValue(code);
  await detail.getByTestId('region-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expectToast(page, '删除成功');
  await expect(tree.getByText(`E2E改名区${code}`, { exact: true })).toHaveCount(0);
});
