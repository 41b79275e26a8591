import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAsAdmin } from '../support/login';
import { saveScreenshot } from '../support/screenshots';
import { apiGet, apiPost, createTenant, signInAs, signOut } from '../support/system';
import {
  confirm,
  expectToast,
  fieldError,
  fillRange,
  formItem,
  pickOption,
  resourceDialog,
  resourcePage,
  rows,
  search,
} from '../support/ui';

/** Desk (notices) and resources (oss, sms, attachments), as the super-admin and as a tenant admin. */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function ok<T>(call: Promise<{ success: boolean; msg: string; data: T }>): Promise<T> {
  const result = await call;
  expect(result.success, result.msg).toBe(true);
  return result.data;
}

/** The message currently under a field of a plain antd form (not one fading out). */
function plainFieldError(container: Locator, name: string): Locator {
  return container.locator(
    `.ant-form-item:has([data-field="${name}"]) .ant-form-item-explain-error:not(.ant-form-show-help-item-leave)`,
  );
}

function modal(page: Page, testId: string): Locator {
  return page.locator('.ant-modal-container').filter({ has: page.getByTestId(`${testId}-submit`) });
}

/** Picks a value of a select field (dictionary) inside a form or search bar. */
async function choose(page: Page, scope: Locator, field: string, option: string | RegExp) {
  await scope.locator(`[data-field="${field}"]`).first().click();
  await pickOption(page, option);
}

/** Types a date and time into a form's date picker. */
async function fillDateTime(scope: Locator, field: string, value: string) {
  const input = formItem(scope, field).locator('.ant-picker input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

async function fillText(dialog: Locator, values: Record<string, string>) {
  for (const [field, value] of Object.entries(values))
    await formItem(dialog, field).locator('input').fill(value);
}

/** The rich-text editor of a form field, its editable area and a toolbar button. */
function editorOf(dialog: Locator, field = 'content') {
  const root = dialog.getByTestId(`richtext-${field}`);
  return {
    root,
    body: root.locator('.ProseMirror'),
    tool: (name: string) => root.getByTestId(`editor-${name}`),
  };
}

/** Adds a notice through the dialog: bold text, a bulleted list; answers the saved HTML. */
async function addNotice(page: Page, list: Locator, title: string, date: string): Promise<string> {
  await list.getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  await fillText(dialog, { title });
  await choose(page, dialog, 'category', '发布通知');
  await fillDateTime(dialog, 'releaseTime', date);
  const editor = editorOf(dialog);
  await editor.body.click();
  await page.keyboard.type('开学通知：');
  await editor.tool('bold').click();
  await expect(editor.tool('bold')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('请按时报到');
  await editor.tool('bold').click();
  await page.keyboard.press('Enter');
  await editor.tool('bullet-list').click();
  await page.keyboard.type('领取教材');
  await page.keyboard.press('Enter');
  await page.keyboard.type('缴纳书费');
  const submitted = page.waitForRequest((req) => req.url().includes('/api/blade-desk/notice/submit'));
  await dialog.getByTestId('dialog-submit').click();
  const body = (await submitted).postDataJSON() as { content: string; title: string; category: number };
  expect(body.title).toBe(title);
  expect(body.category).toBe(1);
  expect(body.content).toBe(
    '<p>开学通知：<strong>请按时报到</strong></p><ul><li><p>领取教材</p></li><li><p>缴纳书费</p></li></ul>',
  );
  await expectToast(page, '新增成功');
  await expect(dialog).toBeHidden();
  return body.content;
}

test('notices: validation, add with the rich-text editor, search, detail, edit, remove', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const title = `开学通知${stamp}`;
  await signInAsAdmin(page);
  await page.goto('/desk/notice/index');
  const list = resourcePage(page);

  // required fields say what is missing
  await list.getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  await expect(dialog).toContainText('新增 · 通知公告');
  await dialog.getByTestId('dialog-submit').click();
  await expect(fieldError(dialog, 'title')).toHaveText('请输入通知标题');
  await expect(fieldError(dialog, 'category')).toHaveText('请选择通知类型');
  await expect(fieldError(dialog, 'releaseTime')).toHaveText('请输入通知日期');
  // the toolbar: every tool labelled, undo / redo follow the history
  const editor = editorOf(dialog);
  await expect(editor.root.getByRole('toolbar')).toHaveAttribute('aria-label', '格式工具栏');
  for (const [tool, label] of [
    ['bold', '加粗'],
    ['italic', '斜体'],
    ['underline', '下划线'],
    ['bullet-list', '无序列表'],
    ['ordered-list', '有序列表'],
    ['link', '链接'],
    ['undo', '撤销'],
    ['redo', '重做'],
  ])
    await expect(editor.tool(tool)).toHaveAttribute('aria-label', label);
  await expect(editor.tool('undo')).toBeDisabled();
  await editor.body.click();
  await page.keyboard.type('临时');
  await expect(editor.tool('undo')).toBeEnabled();
  await editor.tool('undo').click();
  await expect(editor.body).toHaveText('');
  await editor.tool('redo').click();
  await expect(editor.body).toHaveText('临时');
  // a heading, italic, underline and a link
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await editor.tool('heading').click();
  await pickOption(page, '标题 2');
  await page.keyboard.type('标题');
  await expect(editor.body.locator('h2')).toHaveText('标题');
  await page.keyboard.press('Enter');
  await editor.tool('italic').click();
  await editor.tool('underline').click();
  await page.keyboard.type('斜体下划线');
  await expect(editor.body.locator('em u, u em')).toHaveText('斜体下划线');
  await page.keyboard.press('Enter');
  await editor.tool('link').click();
  await page.getByTestId('editor-link-input').fill('javascript:alert(1)');
  await page.getByTestId('editor-link-apply').click();
  await expect(page.getByTestId('editor-link-error')).toHaveText(
    '链接须以 http://、https:// 或 mailto: 开头',
  );
  await page.getByTestId('editor-link-input').fill('https://example.com/books');
  await page.getByTestId('editor-link-apply').click();
  await expect(editor.body.locator('a[href="https://example.com/books"]')).toHaveText(
    'https://example.com/books',
  );
  await dialog.locator('.ant-modal-close').click();
  // the dialog holds changes: closing it asks first (no lost work)
  await page.getByTestId('discard-ok').last().click();
  await expect(dialog).toBeHidden();

  // add: bold and a list typed in the editor, saved as HTML
  await addNotice(page, list, title, '2026-03-01 08:30:00');

  // search by title, category and release date
  await search(list, { title });
  await expect(rows(list)).toHaveCount(1);
  await expect(rows(list).first()).toContainText('发布通知');
  await expect(rows(list).first()).toContainText('2026-03-01');
  const bar = list.getByTestId('resource-search');
  await choose(page, bar, 'category', '批转通知');
  await bar.getByTestId('search-submit').click();
  await expect(list.locator('.ant-table-placeholder')).toBeVisible();
  await choose(page, bar, 'category', '发布通知');
  const range = bar.locator('[data-field="releaseTime"]');
  const dated = page.waitForRequest((req) => /notice\/list.*releaseTime_dategt/.test(req.url()));
  await fillRange(range, '2026-03-01', '2026-03-02');
  await bar.getByTestId('search-submit').click();
  const query = new URL((await dated).url()).searchParams;
  expect(query.get('releaseTime_dategt')).toBe('2026-03-01 00:00:00');
  expect(query.get('category')).toBe('1');
  await expect(rows(list)).toHaveCount(1);
  await fillRange(range, '2026-04-01', '2026-04-02');
  await bar.getByTestId('search-submit').click();
  await expect(list.locator('.ant-table-placeholder')).toBeVisible();
  await fillRange(range, '2026-03-01', '2026-03-02');
  await bar.getByTestId('search-submit').click();
  await expect(rows(list)).toHaveCount(1);

  // view: the drawer shows the saved rich text
  await rows(list).first().getByTestId('row-view').click();
  const detail = page.getByTestId('notice-detail');
  await expect(detail.getByTestId('notice-title')).toHaveText(title);
  await expect(detail).toContainText('发布通知');
  const content = detail.getByTestId('notice-content');
  await expect(content.locator('strong')).toHaveText('请按时报到');
  await expect(content.locator('ul > li')).toHaveText(['领取教材', '缴纳书费']);
  await saveScreenshot(page, 'notice-detail-zh');
  await detail.locator('.ant-drawer-close').click();
  await expect(detail).toBeHidden();

  // edit: the editor starts from the saved content; a numbered list replaces the bullets
  await rows(list).first().getByTestId('row-edit').click();
  const edit = resourceDialog(page);
  await expect(edit).toContainText('编辑 · 通知公告');
  const editing = editorOf(edit);
  await expect(editing.body.locator('strong')).toHaveText('请按时报到');
  await editing.body.locator('li').last().click();
  await editing.tool('ordered-list').click();
  await expect(editing.tool('ordered-list')).toHaveAttribute('aria-pressed', 'true');
  await formItem(edit, 'title').locator('input').fill(`${title}改`);
  const updated = page.waitForRequest((req) => req.url().includes('/api/blade-desk/notice/submit'));
  await edit.getByTestId('dialog-submit').click();
  const body = (await updated).postDataJSON() as { id: string; content: string };
  expect(body.id).toEqual(expect.any(String));
  expect(body.content).toContain('<ol><li><p>领取教材</p></li><li><p>缴纳书费</p></li></ol>');
  await expectToast(page, '修改成功');
  await expect(rows(list).first()).toContainText(`${title}改`);
  await rows(list).first().getByTestId('row-view').click();
  await expect(page.getByTestId('notice-content').locator('ol > li')).toHaveCount(2);
  await page.getByTestId('notice-detail').locator('.ant-drawer-close').click();

  // remove
  await rows(list).first().getByTestId('row-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expectToast(page, '删除成功');
  await expect(list.locator('.ant-table-placeholder')).toBeVisible();
});

test('notices: the detail renders rich text without scripts or handlers', async ({ page }) => {
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  // HTML the editor cannot produce: only the API can store it, the drawer must still render it safely
  await ok(
    apiPost(page, '/blade-desk/notice/submit', {
      title: `富文本${stamp}`,
      category: 1,
      releaseTime: '2026-02-01 09:00:00',
      content:
        '<p>正文<b data-testid="bold">加粗</b></p><img src="x" onerror="window.__xss=1"><script>window.__xss=2</script><a href="javascript:window.__xss=3">link</a>',
    }),
  );
  await page.goto('/desk/notice/index');
  const list = resourcePage(page);
  await search(list, { title: `富文本${stamp}` });
  await rows(list).first().getByTestId('row-view').click();
  const content = page.getByTestId('notice-content');
  await expect(content.locator('b')).toHaveText('加粗');
  await expect(content.locator('script')).toHaveCount(0);
  await expect(content.locator('img')).not.toHaveAttribute('onerror', /.*/);
  await expect(content.locator('a')).not.toHaveAttribute('href', /javascript/);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});

test('notices: the dialog with the editor in zh and en (screenshots)', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/desk/notice/index');
  const list = resourcePage(page);
  await list.getByTestId('toolbar-add').click();
  let dialog = resourceDialog(page);
  const editor = editorOf(dialog);
  await editor.body.click();
  await page.keyboard.type('书费缴纳说明');
  await editor.tool('bold').click();
  await expect(editor.tool('bold')).toHaveAttribute('aria-pressed', 'true');
  await saveScreenshot(page, 'notice-dialog-zh');
  await dialog.locator('.ant-modal-close').click();
  // the dialog holds changes: closing it asks first (no lost work)
  await page.getByTestId('discard-ok').last().click();

  await page.getByTestId('header-language').click();
  await page.getByTestId('language-option-en').click();
  await list.getByTestId('toolbar-add').click();
  dialog = resourceDialog(page);
  await expect(dialog).toContainText('Add · Notices');
  const en = editorOf(dialog);
  await expect(en.root.getByRole('toolbar')).toHaveAttribute('aria-label', 'Formatting toolbar');
  await expect(en.tool('bold')).toHaveAttribute('aria-label', 'Bold');
  await expect(en.tool('bullet-list')).toHaveAttribute('aria-label', 'Bulleted list');
  await expect(en.tool('heading')).toContainText('Paragraph');
  await dialog.getByTestId('dialog-submit').click();
  await expect(fieldError(dialog, 'title')).toHaveText('Please enter the title');
  await en.body.click();
  await page.keyboard.type('Term fees');
  await en.tool('bullet-list').click();
  await saveScreenshot(page, 'notice-dialog-en');
});

test('oss: add and edit through the dialog, enable one configuration at a time, remove', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  await page.goto('/resource/oss/index');
  const list = resourcePage(page);

  await list.getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  // the dialog's fields are in place before the empty form is sent
  await expect(dialog.locator('[data-field-item="ossCode"] input')).toBeEditable();
  await dialog.getByTestId('dialog-submit').click();
  await expect(fieldError(dialog, 'category')).toHaveText('请选择分类');
  await expect(fieldError(dialog, 'ossCode')).toHaveText('请输入资源编号');
  await expect(fieldError(dialog, 'endpoint')).toHaveText('请输入资源地址');
  await expect(fieldError(dialog, 'bucketName')).toHaveText('请输入空间名');
  for (const n of [1, 2]) {
    if (n === 2) await list.getByTestId('toolbar-add').click();
    await choose(page, dialog, 'category', /minio/i);
    await fillText(dialog, {
      ossCode: `oss${n}${stamp}`,
      endpoint: `http://oss${n}.example.com`,
      accessKey: 'ak',
      secretKey: 'sk',
      bucketName: 'books',
      appId: 'app',
      region: 'cn-east',
    });
    await formItem(dialog, 'remark').locator('textarea').fill('e2e');
    const saved = page.waitForRequest((req) => req.url().includes('/api/blade-resource/oss/submit'));
    await dialog.getByTestId('dialog-submit').click();
    expect((await saved).postDataJSON()).toMatchObject({
      ossCode: `oss${n}${stamp}`,
      endpoint: `http://oss${n}.example.com`,
      accessKey: 'ak',
      secretKey: 'sk',
      bucketName: 'books',
      appId: 'app',
      region: 'cn-east',
    });
    await expectToast(page, '新增成功');
    await expect(dialog).toBeHidden();
  }

  // a code is unique
  await list.getByTestId('toolbar-add').click();
  await choose(page, dialog, 'category', /minio/i);
  await fillText(dialog, { ossCode: `oss1${stamp}`, endpoint: 'http://x.example.com', bucketName: 'b' });
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, /资源编号.*已存在|已存在/);
  await dialog.locator('.ant-modal-close').click();
  // the dialog holds changes: closing it asks first (no lost work)
  await page.getByTestId('discard-ok').last().click();

  // edit
  await search(list, { ossCode: `oss1${stamp}` });
  await expect(rows(list)).toHaveCount(1);
  await rows(list).first().getByTestId('row-edit').click();
  await expect(formItem(dialog, 'endpoint').locator('input')).toHaveValue('http://oss1.example.com');
  await formItem(dialog, 'endpoint').locator('input').fill('http://oss1b.example.com');
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '修改成功');
  await expect(rows(list).first()).toContainText('http://oss1b.example.com');

  // enable: only one at a time
  await rows(list).first().getByTestId('row-enable').click();
  await confirm(page, '只有一个配置生效');
  await expect(rows(list).first().getByTestId('row-enabled')).toBeVisible();
  await search(list, { ossCode: `oss2${stamp}` });
  await rows(list).first().getByTestId('row-enable').click();
  await confirm(page, '只有一个配置生效');
  await expect(rows(list).first().getByTestId('row-enabled')).toBeVisible();
  await search(list, { ossCode: `oss1${stamp}` });
  await expect(rows(list).first().getByTestId('row-enable')).toBeVisible();

  // view, then remove
  await rows(list).first().getByTestId('row-view').click();
  await expect(page.getByTestId('resource-detail')).toContainText('cn-east');
  await dialog.getByTestId('dialog-close').click();
  await rows(list).first().getByTestId('row-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expect(list.locator('.ant-table-placeholder')).toBeVisible();
});

test('sms: add and edit through the dialog, enable, test send with its checks, remove', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  await page.goto('/resource/sms/index');
  const sms = resourcePage(page);

  await sms.getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  await expect(dialog.locator('[data-field-item="smsCode"] input')).toBeEditable();
  await dialog.getByTestId('dialog-submit').click();
  await expect(fieldError(dialog, 'category')).toHaveText('请选择分类');
  await expect(fieldError(dialog, 'smsCode')).toHaveText('请输入资源编号');
  await expect(fieldError(dialog, 'templateId')).toHaveText('请输入模板ID');
  await expect(fieldError(dialog, 'signName')).toHaveText('请输入短信签名');
  await choose(page, dialog, 'category', /阿里|ali/i);
  await fillText(dialog, {
    smsCode: `sms${stamp}`,
    templateId: 'T1',
    accessKey: 'ak',
    secretKey: 'sk',
    regionId: 'cn-hangzhou',
    signName: '书籍征订',
  });
  const saved = page.waitForRequest((req) => req.url().includes('/api/blade-resource/sms/submit'));
  await dialog.getByTestId('dialog-submit').click();
  expect((await saved).postDataJSON()).toMatchObject({
    smsCode: `sms${stamp}`,
    templateId: 'T1',
    accessKey: 'ak',
    secretKey: 'sk',
    regionId: 'cn-hangzhou',
    signName: '书籍征订',
  });
  await expectToast(page, '新增成功');

  await search(sms, { smsCode: `sms${stamp}` });
  await rows(sms).first().getByTestId('row-edit').click();
  await expect(formItem(dialog, 'templateId').locator('input')).toHaveValue('T1');
  await formItem(dialog, 'templateId').locator('input').fill('T2');
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '修改成功');
  await expect(rows(sms).first()).toContainText('T2');

  await rows(sms).first().getByTestId('row-enable').click();
  await confirm(page, '只有一个配置生效');
  await expect(rows(sms).first().getByTestId('row-enabled')).toBeVisible();
  await rows(sms).first().getByTestId('row-send').click();
  const send = modal(page, 'sms-send-dialog');
  await page.getByTestId('sms-send-dialog-submit').click();
  await expect(plainFieldError(send, 'phones')).toHaveText('请输入手机号码');
  await send.locator('[data-field=phones]').fill('12345');
  await expect(plainFieldError(send, 'phones')).toHaveText('手机号码格式不正确');
  await send.locator('[data-field=phones]').fill('13800001234,13900001234');
  await send.locator('[data-field=params]').fill('[1]');
  await expect(plainFieldError(send, 'params')).toHaveText('短信参数须为 JSON 对象');
  await send.locator('[data-field=params]').fill('{"code":"6789"}');
  const sent = page.waitForRequest((req) => req.url().includes('/sms/endpoint/send-message'));
  await page.getByTestId('sms-send-dialog-submit').click();
  expect((await sent).postDataJSON()).toEqual({
    code: `sms${stamp}`,
    phones: '13800001234,13900001234',
    params: { code: '6789' },
  });
  await expectToast(page, '发送成功');

  await rows(sms).first().getByTestId('row-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expect(sms.locator('.ant-table-placeholder')).toBeVisible();
});

test('attachments: upload, list, download with the session, remove', async ({ page }) => {
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  await page.goto('/resource/attach/index');
  const list = resourcePage(page);
  const chooser = page.waitForEvent('filechooser');
  await list.getByTestId('toolbar-upload').click();
  await (await chooser).setFiles({ name: `e2e${stamp}.png`, mimeType: 'image/png', buffer: PNG });
  await expectToast(page, '上传成功');
  await search(list, { originalName: `e2e${stamp}` });
  await expect(rows(list)).toHaveCount(1);
  await expect(rows(list).first()).toContainText('png');
  const download = page.waitForEvent('download');
  await rows(list).first().getByTestId('row-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`e2e${stamp}.png`);
  await rows(list).first().getByTestId('row-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expect(rows(list)).toHaveCount(0);
});

test('tenant admin: desk and resource screens of its own tenant only', async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  const tenantId = await createTenant(page, `桌面资源${stamp}`);
  // rows of the platform tenant 000000 that the tenant admin must not see
  await ok(
    apiPost(page, '/blade-desk/notice/submit', {
      title: `平台通知${stamp}`,
      category: 1,
      releaseTime: '2026-02-01 09:00:00',
      content: '<p>平台</p>',
    }),
  );
  await ok(
    apiPost(page, '/blade-resource/oss/submit', {
      category: 1,
      ossCode: `platoss${stamp}`,
      endpoint: 'http://plat.example.com',
      bucketName: 'plat',
    }),
  );
  await ok(
    apiPost(page, '/blade-resource/sms/submit', {
      category: 1,
      smsCode: `platsms${stamp}`,
      templateId: 'T',
      signName: '平台',
    }),
  );
  await page.goto('/resource/attach/index');
  const chooser = page.waitForEvent('filechooser');
  await resourcePage(page).getByTestId('toolbar-upload').click();
  await (await chooser).setFiles({ name: `plat${stamp}.png`, mimeType: 'image/png', buffer: PNG });
  await expectToast(page, '上传成功');

  await signOut(page);
  await signInAs(page, 'admin', 'admin', tenantId);
  // the new tenant's admin gets the desk and resource menus (Blade's default tenant menus)
  const menu = page.getByTestId('side-menu');
  for (const group of ['工作台', '资源管理'])
    await expect(menu.getByText(group, { exact: true })).toBeVisible();
  const routes = await apiGet<{ path: string; children?: { path: string }[] }[]>(
    page,
    '/blade-system/menu/routes',
  );
  const paths = JSON.stringify(routes.data);
  for (const path of ['/desk/notice', '/resource/oss', '/resource/sms', '/resource/attach'])
    expect(paths).toContain(path);
  // no platform-only screens
  for (const path of ['/system/tenant', '/system/menu', '/system/param']) expect(paths).not.toContain(path);

  // notices: the platform's notice is not listed; its own is added, viewed, edited, removed
  await page.goto('/desk/notice/index');
  const notices = resourcePage(page);
  await search(notices, { title: `平台通知${stamp}` });
  await expect(notices.locator('.ant-table-placeholder')).toBeVisible();
  const own = `租户通知${stamp}`;
  await addNotice(page, notices, own, '2026-03-05 10:00:00');
  await search(notices, { title: own });
  await expect(rows(notices)).toHaveCount(1);
  await rows(notices).first().getByTestId('row-view').click();
  await expect(page.getByTestId('notice-content').locator('strong')).toHaveText('请按时报到');
  await page.getByTestId('notice-detail').locator('.ant-drawer-close').click();
  await rows(notices).first().getByTestId('row-edit').click();
  const dialog = resourceDialog(page);
  await formItem(dialog, 'title').locator('input').fill(`${own}改`);
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '修改成功');
  await expect(rows(notices).first()).toContainText(`${own}改`);
  await rows(notices).first().getByTestId('row-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expect(notices.locator('.ant-table-placeholder')).toBeVisible();

  // oss: the platform's configuration is not listed; its own is added, enabled, removed
  await page.goto('/resource/oss/index');
  const oss = resourcePage(page);
  await search(oss, { ossCode: `platoss${stamp}` });
  await expect(oss.locator('.ant-table-placeholder')).toBeVisible();
  await oss.getByTestId('toolbar-add').click();
  await choose(page, dialog, 'category', /minio/i);
  await fillText(dialog, {
    ossCode: `tenoss${stamp}`,
    endpoint: 'http://ten.example.com',
    bucketName: 'ten',
  });
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '新增成功');
  await search(oss, { ossCode: `tenoss${stamp}` });
  await rows(oss).first().getByTestId('row-enable').click();
  await confirm(page, '只有一个配置生效');
  await expect(rows(oss).first().getByTestId('row-enabled')).toBeVisible();
  await rows(oss).first().getByTestId('row-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expect(oss.locator('.ant-table-placeholder')).toBeVisible();

  // sms: same, with a test send through its own configuration
  await page.goto('/resource/sms/index');
  const sms = resourcePage(page);
  await search(sms, { smsCode: `platsms${stamp}` });
  await expect(sms.locator('.ant-table-placeholder')).toBeVisible();
  await sms.getByTestId('toolbar-add').click();
  await choose(page, dialog, 'category', /阿里|ali/i);
  await fillText(dialog, { smsCode: `tensms${stamp}`, templateId: 'T9', signName: '租户' });
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '新增成功');
  await search(sms, { smsCode: `tensms${stamp}` });
  await rows(sms).first().getByTestId('row-enable').click();
  await confirm(page, '只有一个配置生效');
  await rows(sms).first().getByTestId('row-send').click();
  const send = modal(page, 'sms-send-dialog');
  await send.locator('[data-field=phones]').fill('13800001234');
  await page.getByTestId('sms-send-dialog-submit').click();
  await expectToast(page, '发送成功');
  await rows(sms).first().getByTestId('row-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expect(sms.locator('.ant-table-placeholder')).toBeVisible();

  // attachments: the platform's upload is not listed; its own is uploaded, downloaded, removed
  await page.goto('/resource/attach/index');
  const attach = resourcePage(page);
  await search(attach, { originalName: `plat${stamp}` });
  await expect(attach.locator('.ant-table-placeholder')).toBeVisible();
  const ownChooser = page.waitForEvent('filechooser');
  await attach.getByTestId('toolbar-upload').click();
  await (await ownChooser).setFiles({ name: `ten${stamp}.png`, mimeType: 'image/png', buffer: PNG });
  await expectToast(page, '上传成功');
  await search(attach, { originalName: `ten${stamp}` });
  await expect(rows(attach)).toHaveCount(1);
  const download = page.waitForEvent('download');
  await rows(attach).first().getByTestId('row-download').click();
  expect((await download).suggestedFilename()).toBe(`ten${stamp}.png`);
  await rows(attach).first().getByTestId('row-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expect(rows(attach)).toHaveCount(0);
});
