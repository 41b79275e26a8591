import { expect, test } from '@playwright/test';
import { apiHeaders, signInAsAdmin } from '../support/login';
import { docRow, searchDoc, signInDemo, signOut, toast } from '../support/psi';
import { resourcePage, rows, search, storeLanguage } from '../support/ui';

/**
 * Proxy mode end to end: this project's base URL is an instance started with BLADE_UPSTREAM pointing
 * at a second instance of our server. The browser signs in, walks menus, a list, an export and an
 * approval through the proxy, and the super-admin reads the contract drift report.
 */
test.describe.configure({ mode: 'serial' });

test('through the proxy: sign-in, menus, a list, an export, an approval, and the drift report', async ({
  page,
  request,
}) => {
  const health = await request.get('/healthz');
  expect(await health.json()).toEqual({ status: 'ok', mode: 'proxy' });

  // sign-in and menus come from the upstream
  await signInAsAdmin(page);
  const menu = page.getByTestId('side-menu');
  await expect(menu).toContainText('系统管理');
  await menu.getByText('研发工具').click();
  await expect(menu.getByText('契约偏差')).toBeVisible();

  // a list with a filter
  await page.goto('/system/param/index');
  const params = resourcePage(page);
  await expect(rows(params).first()).toBeVisible();
  await search(params, { paramName: '初始密码' });
  await expect(rows(params)).toHaveCount(1);

  // an export of the platform's books
  await signInDemo(page, 'pt_admin');
  await page.goto('/psi/goodsinfo/index');
  const goods = resourcePage(page);
  await expect(rows(goods).first()).toBeVisible();
  const download = page.waitForEvent('download');
  await goods.getByTestId('toolbar-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = Buffer.concat((await (await file.createReadStream()).toArray()) as Buffer[]);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');

  // an approval: the platform audits a school's 征订单
  await page.goto('/psi/purchaseorderyypt/index');
  await searchDoc(page, 'orderNo', 'ZD20250828-0001');
  await docRow(page, 'ZD20250828-0001').getByTestId('row-audit').click();
  const audit = page.locator('.ant-modal').filter({ hasText: '审核 ZD20250828-0001' }).last();
  await expect(audit.getByTestId('audit-ok')).toBeVisible();
  await page.waitForTimeout(400);
  await audit.getByTestId('audit-ok').click();
  await expect(toast(page, '已通过')).toBeVisible();
  await expect(docRow(page, 'ZD20250828-0001')).toContainText('已审核');

  // the drift report is the proxy's own answer, for the platform super-admin only
  const refused = await page.request.get('/api/contract/drift', { headers: await apiHeaders(page) });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 403, success: false, msg: '无权限' });
  const anonymous = await request.get('/api/contract/drift');
  expect(anonymous.status()).toBe(401);

  await signOut(page);
  await signInAsAdmin(page);
  const report = await page.request.get('/api/contract/drift', { headers: await apiHeaders(page) });
  expect(report.status()).toBe(200);
  const body = (await report.json()) as { data: { document: string; routes: number; rows: unknown[] } };
  expect(body.data.routes).toBeGreaterThan(0);
  // an honest upstream: every checked answer matched the document
  expect(body.data.rows).toEqual([]);

  await page.goto('/tool/contract-drift/index');
  await expect(page.getByTestId('drift-document')).toContainText('openapi.json');
  await expect(page.getByTestId('drift-table')).toContainText('暂无偏差');
  await expect(page.getByTestId('drift-table')).toContainText('JSON 路径');
  await storeLanguage(page, 'en', { reload: true });
  await expect(page.getByTestId('drift-table')).toContainText('No drift');
  await expect(page.getByTestId('drift-table')).toContainText('First seen');
  await storeLanguage(page, 'zh', { reload: true });
});
