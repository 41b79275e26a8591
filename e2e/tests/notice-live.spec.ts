import { expect, test, type Browser, type Page } from '@playwright/test';
import { resetDemo, shot, signInDemo } from '../support/psi';
import { apiGet, apiPost } from '../support/system';

/**
 * The live bell across two signed-in browsers: a school's order reaches the platform admin's badge
 * and 待办 without a reload, the approval reaches the school's 消息, and a published notice reaches a
 * tenant user's 通知 unread until it is opened.
 */

async function demoPage(browser: Browser, account: string, lang: 'zh' | 'en' = 'zh') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInDemo(page, account, lang);
  return page;
}

const badge = (page: Page) => page.getByTestId('header-notice');
const countOf = async (page: Page) => Number(await badge(page).getAttribute('data-count'));

/** The bell's own stream is open (its first refetch after `ready` has landed). */
async function bellReady(page: Page) {
  await expect(badge(page)).toHaveAttribute('data-count', /^\d+$/);
  await page.waitForTimeout(500);
}

async function closeBell(page: Page) {
  await badge(page).click();
  await expect(page.getByTestId('notice-tab-todo')).toBeHidden();
}

async function openTab(page: Page, tab: 'todo' | 'message' | 'notice') {
  // a popover that is closing still shows for its animation
  await page.waitForTimeout(400);
  if (!(await page.getByTestId(`notice-tab-${tab}`).isVisible())) await badge(page).click();
  await page.getByTestId(`notice-tab-${tab}`).click();
}

test.describe('live notices', () => {
  // the order, its approval and the notice change the demo story the PSI specs read: put it back
  test.afterAll(({ browser }) => resetDemo(browser));

  test('an order, its approval and a notice travel between two browsers without a reload', async ({
    browser,
  }) => {
    const admin = await demoPage(browser, 'pt_admin');
    const school = await demoPage(browser, 'xx_mingde');
    await Promise.all([bellReady(admin), bellReady(school)]);
    const adminBefore = await countOf(admin);
    await openTab(admin, 'todo');
    const todoBefore = Number(await admin.getByTestId('notice-count-todo').textContent());

    // the school submits an order
    const goods = await apiGet<{ records: { id: string }[] }>(school, '/blade-psi/goodsinfo/list', {
      current: 1,
      size: 1,
      status: 1,
    });
    const submitted = await apiPost<{ id: string; orderNo: string }>(
      school,
      '/blade-psi/purchasedetailyypt/submitPurchaseOrderYypt',
      { term: '2025-2026-1', details: [{ goodsId: goods.data.records[0].id, quantity: 3 }] },
    );
    expect(submitted.msg).toBe('操作成功');
    const { id, orderNo } = submitted.data;

    // the admin's badge and 待办 grow within 2 s, no reload
    await expect(badge(admin)).toHaveAttribute('data-count', String(adminBefore + 1), { timeout: 2000 });
    await expect(admin.getByTestId('notice-count-todo')).toHaveText(String(todoBefore + 1), {
      timeout: 2000,
    });
    const item = admin
      .getByTestId('notice-list-todo')
      .getByTestId('notice-item')
      .filter({ hasText: orderNo });
    await expect(item).toBeVisible({ timeout: 2000 });
    await shot(admin, 'notice-live-admin-todo');

    // the item opens the order
    await item.click();
    await expect(admin).toHaveURL(new RegExp(`/psi/purchaseorderyypt/index\\?id=${id}$`));

    // the admin approves: the school's 消息 shows it, with a toast
    const schoolBefore = await countOf(school);
    const approved = await apiPost(admin, '/blade-psi/purchaseorderyypt/approveAudit', { id, pass: true });
    expect(approved.success).toBe(true);
    await expect(school.locator('.ant-notification-notice').filter({ hasText: orderNo }).first()).toBeVisible(
      {
        timeout: 2000,
      },
    );
    await openTab(school, 'message');
    const message = school
      .getByTestId('notice-list-message')
      .getByTestId('notice-item')
      .filter({ hasText: `征订单 ${orderNo} 已审核通过` });
    await expect(message).toHaveAttribute('data-unread', 'true', { timeout: 2000 });
    expect(await countOf(school)).toBeGreaterThan(schoolBefore);
    await expect(badge(admin)).toHaveAttribute('data-count', String(adminBefore), { timeout: 2000 });

    // opening a message marks it read and opens its document
    const unreadBefore = Number(await school.getByTestId('notice-count-message').textContent());
    await message.click();
    // a school opens it under 学校订书, its one list of its orders
    await expect(school).toHaveURL(new RegExp(`/psi/order_s/index\\?id=${id}$`));
    await expect(school.locator('.ant-drawer-title').filter({ hasText: orderNo })).toBeVisible();
    await school.keyboard.press('Escape');
    await expect(school.locator('.ant-drawer-title').filter({ hasText: orderNo })).toBeHidden();
    await openTab(school, 'message');
    await expect(school.getByTestId('notice-count-message')).toHaveText(String(unreadBefore - 1));
    await closeBell(school);

    // a notice published by the admin reaches the school's 通知 unread
    const title = `征订截止提醒 ${Date.now()}`;
    const published = await apiPost(admin, '/blade-desk/notice/submit', {
      title,
      category: 1,
      releaseTime: '2025-08-28 09:00:00',
      content: '<p>请于本周内完成征订单提交。</p>',
    });
    expect(published.success).toBe(true);
    await openTab(school, 'notice');
    const notice = school
      .getByTestId('notice-list-notice')
      .getByTestId('notice-item')
      .filter({ hasText: title });
    await expect(notice).toHaveAttribute('data-unread', 'true', { timeout: 2000 });
    const noticesUnread = Number(await school.getByTestId('notice-count-notice').textContent());

    // opening it (its detail) marks it read
    await notice.click();
    await expect(school.getByTestId('notice-dialog')).toContainText('请于本周内完成征订单提交。');
    await school.locator('.ant-modal-close').click();
    await expect(school.getByTestId('notice-dialog')).toBeHidden();
    await openTab(school, 'notice');
    await expect(school.getByTestId('notice-count-notice')).toHaveText(String(noticesUnread - 1));
    await expect(notice).toHaveAttribute('data-unread', 'false');

    await admin.context().close();
    await school.context().close();
  });

  test('the bell at desktop and phone sizes, in Chinese and English', async ({ browser }) => {
    for (const lang of ['zh', 'en'] as const) {
      const page = await demoPage(browser, 'xx_qizhi', lang);
      await bellReady(page);
      for (const [width, height] of [
        [1366, 768],
        [390, 844],
      ]) {
        await page.setViewportSize({ width, height });
        await openTab(page, 'todo');
        await expect(page.getByTestId('notice-list-todo')).toBeVisible();
        await shot(page, `notice-bell-${lang}-${width}x${height}`);
        await openTab(page, 'message');
        await expect(page.getByTestId('notice-list-message')).toBeVisible();
        await shot(page, `notice-bell-message-${lang}-${width}x${height}`);
        await closeBell(page);
      }
      await page.context().close();
    }
  });
});
