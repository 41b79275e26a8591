import { expect, test, type Locator, type Page } from '@playwright/test';
import { CAPTCHA, signIn, signInAsAdmin } from '../support/login';
import { setPreferences, type Language, type Theme } from '../support/a11y';
import { DEMO_PASSWORD, docRow, searchDoc, signInDemo } from '../support/psi';
import { saveScreenshot } from '../support/screenshots';
import { stopMoving } from '../support/ui';

/**
 * A trainer's second walk (issue 26): no input dialog loses typed work to a stray click or a reflex
 * Enter, a wrong tenant is named at sign-in, and the home of every README account has something to
 * present.
 */

/** Ends the stored session (on a page of the origin that runs no app) before signing in again. */
async function signedOut(page: Page) {
  await page.goto('/healthz');
  await page.evaluate(() => localStorage.removeItem('saber-session'));
}

/** The dialog (its antd wrap) holding a test id. */
function dialogWith(page: Page, testId: string): Locator {
  return page.locator('.ant-modal-wrap').filter({ has: page.getByTestId(testId) });
}

/**
 * One click on the grey mask beside the dialog, then Esc: the typed work stays both times; Esc asks
 * "放弃修改?" with the focus on 继续编辑, so a reflex Enter keeps the work; then 放弃修改 closes.
 */
async function asksBeforeDiscarding(page: Page, wrap: Locator, keeps: Locator, value: string | RegExp) {
  const dialog = wrap.locator('.ant-modal').first();
  await stopMoving(dialog);
  // the mask: a point of the wrap outside the dialog box
  const box = (await dialog.boundingBox())!;
  await page.mouse.click(Math.max(4, box.x - 30), Math.max(4, box.y + 10));
  await page.waitForTimeout(400);
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('discard-ok')).toHaveCount(0);
  await expect(keeps).toHaveValue(value);
  await page.keyboard.press('Escape');
  const keep = page.getByTestId('discard-cancel').last();
  await expect(keep).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('discard-ok')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(keeps).toHaveValue(value);
  await page.keyboard.press('Escape');
  await page.getByTestId('discard-ok').last().click();
  await expect(dialog).toBeHidden();
}

test('every input dialog asks before discarding typed work (recharge, lock, role grant, flow upload)', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // 账户流水 → 充值 (trainer step 3): an amount and a voucher number typed
  await signInDemo(page, 'pt_admin');
  await page.goto('/psi/accountstatement/index');
  await page.getByTestId('recharge-open').click();
  const recharge = dialogWith(page, 'recharge-voucher');
  await recharge
    .locator('input[data-testid=recharge-amount], [data-testid=recharge-amount] input')
    .first()
    .fill('1000');
  await recharge.getByTestId('recharge-voucher').fill('DEMO-0001');
  await asksBeforeDiscarding(page, recharge, recharge.getByTestId('recharge-voucher'), 'DEMO-0001');

  // the lock screen's password
  await signedOut(page);
  await signInAsAdmin(page);
  await page.getByTestId('header-lock').click();
  const lock = dialogWith(page, 'lock-password');
  await lock.getByTestId('lock-password').fill('half-typed');
  await asksBeforeDiscarding(page, lock, lock.getByTestId('lock-password'), 'half-typed');

  // a role's grants: a ticked tree node is work too (the form's own input stands for it here)
  await page.goto('/authority/role/index');
  await page.getByTestId('row-grant').first().click();
  const grant = page.locator('.ant-modal-wrap').filter({ has: page.getByTestId('grant-tree-menu') });
  await expect(grant.getByTestId('grant-tree-menu')).toBeVisible();
  await grant.getByTestId('grant-tree-menu').locator('.ant-tree-checkbox').first().click();
  await stopMoving(grant.locator('.ant-modal').first());
  const gbox = (await grant.locator('.ant-modal').first().boundingBox())!;
  await page.mouse.click(Math.max(4, gbox.x - 30), gbox.y + 10);
  await page.waitForTimeout(400);
  await expect(grant.locator('.ant-modal').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('discard-cancel').last()).toBeFocused();
  await page.getByTestId('discard-ok').last().click();
  await expect(grant.locator('.ant-modal').first()).toBeHidden();

  // the flow deployment upload: its tenant ids typed
  await page.goto('/flow/deploy/index');
  await page.getByTestId('deploy-upload').click();
  const upload = dialogWith(page, 'deploy-upload-form');
  const tenants = upload.getByPlaceholder('000000');
  await tenants.fill('100001');
  await asksBeforeDiscarding(page, upload, tenants, '100001');
});

test('a wrong tenant is named at sign-in; the demo offers its tenants under the tenant field', async ({
  page,
}) => {
  await page.goto('/login');
  // the school account in the default tenant: the refusal names the tenant typed
  await signIn(page, 'xx_mingde', DEMO_PASSWORD, '000000');
  await expect(
    page.locator('.ant-message').getByText('用户名或密码错误：租户 000000 中没有此账号，或密码不对'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  // the demo's tenants fill the field in one click
  const offered = page.getByTestId('login-demo-tenants');
  await expect(offered).toContainText('100001');
  await offered.getByTestId('login-demo-tenant-100001').click();
  await expect(page.getByTestId('login-tenant')).toHaveValue('100001');
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-captcha').fill(CAPTCHA);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/wel\/index$/);
});

/** Every account of the README's table, with its tenant. */
const README_ACCOUNTS: [string, string][] = [
  ['000000', 'admin'],
  ['000000', 'emp_zhang'],
  ['000000', 'leader_li'],
  ['000000', 'hr_wang'],
  ...['pt_admin', 'ck_jx', 'ck_xz', 'ck_hn', 'xx_mingde', 'xx_qizhi', 'cz_yucai', 'jw_jiahe', 'gz_boya'].map(
    (account): [string, string] => ['100001', account],
  ),
  ['100001', 'xx_chenxi'],
  ['100001', 'cz_chaoyun'],
  ['100002', 'pt_admin2'],
  ['100002', 'ck_qt'],
  ['100002', 'xx_qt'],
];

test('the home of every README account shows something to present', async ({ page }) => {
  test.setTimeout(240_000);
  for (const [tenant, account] of README_ACCOUNTS) {
    await signedOut(page);
    await signIn(page, account, account === 'admin' ? 'admin' : DEMO_PASSWORD, tenant);
    await expect(page).toHaveURL(/\/wel\/index$/);
    const main = page.locator('#psi-main');
    // a drawn chart, a balance, the stock held or the way to start one's work: not a page of zeros
    const presentable = main.locator(
      '[data-testid^=chart-] canvas, [data-testid=my-balance], [data-testid=home-stock], [data-testid=home-work-start]',
    );
    await expect(presentable.first(), account).toBeVisible({ timeout: 15_000 });
    // a depository always holds books
    if (await main.getByTestId('home-stock').count())
      await expect(
        main.getByTestId('home-stock').locator('.ant-statistic-content-value'),
        account,
      ).not.toHaveText('0');
    // a chart with nothing to draw says so in words
    for (const empty of await main.locator('[data-testid^=chart-][data-empty=true]').all())
      await expect(empty, account).not.toHaveText('');
  }
});

test("the platform owner's home: every tenant's figures, counted doughnut slices, whole-number axes", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const home = page.getByTestId('home-tenants');
  await expect(home).toBeVisible();
  await expect(home.getByTestId('home-tenant-table')).toContainText('100001');
  await expect(page.getByTestId('home-order-count')).not.toContainText(/^\D*0$/);
  await expect(home.getByTestId('chart-status').locator('canvas')).toBeVisible();
  await expect(home.getByTestId('chart-week').locator('canvas')).toBeVisible();
});

const VIEWPORTS = { desk: { width: 1366, height: 768 }, phone: { width: 390, height: 844 } } as const;
const LOOKS: [Theme, Language][] = [
  ['default', 'zh'],
  ['default', 'en'],
  ['dark', 'zh'],
  ['dark', 'en'],
];

/** Each look at both sizes: the preferences apply at load, so each is loaded afresh. */
async function eachLook(page: Page, name: string, path: string, open?: () => Promise<void>) {
  for (const [viewport, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    for (const [theme, language] of LOOKS) {
      await setPreferences(page, theme, language);
      await page.goto(path);
      await expect(page.locator('#nprogress')).toHaveCount(0);
      await open?.();
      await page.waitForTimeout(500);
      await saveScreenshot(
        page,
        `t26-${name}-${viewport}-${theme === 'default' ? 'light' : 'dark'}-${language}`,
      );
    }
  }
  // back to light Chinese on a desk, as the next sign-in expects
  await page.setViewportSize(VIEWPORTS.desk);
  await setPreferences(page, 'default', 'zh');
}

test('screenshots of the screens this walk touched, at 1366×768 and 390×844, zh and en, light and dark', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.goto('/login');
  await eachLook(page, 'login', '/login', async () => {
    await expect(page.getByTestId('login-captcha-image')).toBeVisible();
    await expect(page.getByTestId('login-demo-tenants')).toBeVisible();
  });
  await signInAsAdmin(page);
  await eachLook(page, 'home-owner', '/wel/index', async () => {
    await expect(page.getByTestId('home-tenant-table')).toBeVisible();
    await expect(page.getByTestId('chart-week').locator('canvas')).toBeVisible();
  });
  await signedOut(page);
  await signInDemo(page, 'pt_admin');
  await eachLook(page, 'audit-blocked', '/psi/purchaseorderyypt/index', async () => {
    await searchDoc(page, 'orderNo', 'ZD20250828-0002');
    await docRow(page, 'ZD20250828-0002').getByTestId('row-audit').click();
    await expect(page.getByTestId('audit-blocked')).toBeVisible();
  });
  await eachLook(page, 'recharge-discard', '/psi/accountstatement/index', async () => {
    await page.getByTestId('recharge-open').click();
    const recharge = dialogWith(page, 'recharge-voucher');
    await recharge.getByTestId('recharge-voucher').fill('DEMO-0001');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('discard-cancel').last()).toBeFocused();
  });
});
