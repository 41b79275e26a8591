import { expect, test } from '@playwright/test';
import { apiHeaders, signInAsAdmin } from '../support/login';
import { confirm, expectToast, stopMoving } from '../support/ui';

test('records runtime errors, uploads them to the server, and clears the log', async ({ page, request }) => {
  await signInAsAdmin(page);
  await page.goto('/test/index');
  const badge = page.getByTestId('error-log-badge');

  // a render error: the page shows its error state, the log has it
  await page.getByTestId('test-render-error').click();
  await expect(page.getByText('页面出错了，错误已记录到错误日志')).toBeVisible();
  await expect(badge.locator('.ant-badge-count')).toHaveText('1');
  await page.getByRole('button', { name: /重新加载/ }).click();

  // an uncaught error and a rejected promise
  await page.getByTestId('test-window-error').click();
  await page.getByTestId('test-rejection').click();
  await expect(badge.locator('.ant-badge-count')).toHaveText('3');

  await page.getByTestId('header-error-log').click();
  const table = page.getByTestId('error-log-table');
  await stopMoving(page.locator('.ant-modal').filter({ has: table }));
  await expect(table.locator('thead')).toContainText('类型');
  await expect(table.locator('thead')).toContainText('地址');
  await expect(table.locator('thead')).toContainText('内容');
  await expect(table.locator('thead')).toContainText('错误堆栈');
  await expect(table.locator('thead')).toContainText('时间');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3);
  await expect(table).toContainText('Render error raised on purpose from the test screen');
  await expect(table).toContainText(/\/test\/index/);
  await expect(table).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

  const upload = page.waitForRequest(
    (req) => req.method() === 'POST' && req.url().includes('/api/blade-auth/oauth/logout'),
  );
  await page.getByTestId('error-log-upload').click();
  await confirm(page, '确定上传本地日志到服务器?');
  const sent = (await upload).postDataJSON() as {
    type: string;
    message: string;
    stack: string;
    url: string;
    time: string;
  }[];
  expect(sent).toHaveLength(3);
  expect(sent[0]).toEqual(
    expect.objectContaining({
      type: 'error',
      message: expect.any(String),
      stack: expect.any(String),
      time: expect.any(String),
    }),
  );
  await expectToast(page, '发送成功');
  await expect(badge.locator('.ant-badge-count')).toHaveCount(0);

  // On the server they are error logs of kind web.
  const headers = await apiHeaders(page);
  const listed = await request.get('/api/blade-log/error/list', {
    headers,
    params: { current: '1', size: '50' },
  });
  expect(listed.status()).toBe(200);
  const body = (await listed.json()) as { data: { records: Record<string, unknown>[] } };
  const stored = JSON.stringify(body.data.records);
  expect(stored).toContain('Render error raised on purpose');
  expect(stored).toContain('/test/index');

  // clearing asks first
  await page.getByTestId('test-window-error').click();
  await expect(badge.locator('.ant-badge-count')).toHaveText('1');
  await page.getByTestId('header-error-log').click();
  await page.getByRole('button', { name: /清空本地日志/ }).click();
  await confirm(page, '确定清空本地日志记录?');
  await expectToast(page, '清空成功');
  await expect(page.getByTestId('error-log-table').locator('tbody tr.ant-table-row')).toHaveCount(0);
  await expect(badge.locator('.ant-badge-count')).toHaveCount(0);
});

test('the badge stops at 99+', async ({ page }) => {
  await signInAsAdmin(page);
  await page.evaluate(() => {
    const entry = {
      type: 'error',
      message: 'x',
      stack: '',
      info: '',
      url: location.href,
      time: '2026-01-01 00:00:00',
    };
    localStorage.setItem(
      'saber-logs',
      JSON.stringify({ state: { logs: Array.from({ length: 120 }, () => entry) }, version: 0 }),
    );
  });
  await page.reload();
  await expect(page.getByTestId('error-log-badge').locator('.ant-badge-count')).toHaveText('99+');
});
