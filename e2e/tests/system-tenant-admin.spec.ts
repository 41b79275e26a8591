import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { signInAsAdmin } from '../support/login';
import { apiGet, apiPost, createTenant, signInAs } from '../support/system';
import {
  confirm,
  expectToast,
  fieldError,
  formItem,
  resourceDialog,
  resourcePage,
  rows,
  search,
} from '../support/ui';

/**
 * The system screens as the administrator of a new tenant. A new tenant's admin role gets the menus of
 * the param `tenant.default.menuCode` (fixtures/params.json, Blade's TenantConstant): users,
 * departments, posts, roles, business dictionaries and top menus among the system screens, and the
 * logs. Rows of tenant 000000 made beforehand by the super-admin must never show, nor the platform's
 * screens and actions.
 */

const ROOT_DEPT = '1123598813738675201';
const USER_ROLE = '1123598816738675202';
const stamp = Date.now().toString(36);
/** Recognisable rows of tenant 000000. */
const PLATFORM = {
  post: `平台岗位${stamp}`,
  dept: `平台部门${stamp}`,
  role: `平台角色${stamp}`,
  dict: `plat_${stamp}`,
  account: `plat${stamp}`,
};
const TENANT_NAME = `E2E租管${stamp}`;
let tenantId = '';

async function ok<T>(call: Promise<{ success: boolean; msg: string; data: T }>): Promise<T> {
  const result = await call;
  expect(result.success, result.msg).toBe(true);
  return result.data;
}

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  const page = await browser.newPage();
  await signInAsAdmin(page);
  tenantId = await createTenant(page, TENANT_NAME);
  await ok(
    apiPost(page, '/blade-system/post/submit', {
      category: 1,
      postCode: `pp${stamp}`,
      postName: PLATFORM.post,
      sort: 1,
    }),
  );
  await ok(
    apiPost(page, '/blade-system/dept/submit', {
      parentId: ROOT_DEPT,
      deptName: PLATFORM.dept,
      fullName: PLATFORM.dept,
      deptCategory: 1,
      sort: 1,
    }),
  );
  await ok(
    apiPost(page, '/blade-system/role/submit', {
      parentId: '0',
      roleName: PLATFORM.role,
      roleAlias: `pr${stamp}`,
      sort: 1,
    }),
  );
  await ok(
    apiPost(page, '/blade-system/dict-biz/submit', {
      parentId: '0',
      code: PLATFORM.dict,
      dictValue: `平台业务字典${stamp}`,
      sort: 1,
      isSealed: 0,
    }),
  );
  await ok(
    apiPost(page, '/blade-user/submit', {
      tenantId: '000000',
      account: PLATFORM.account,
      password: 'e10adc3949ba59abbe56e057f20f883e',
      name: PLATFORM.account,
      realName: PLATFORM.account,
      phone: '13800009999',
      roleId: USER_ROLE,
      deptId: ROOT_DEPT,
    }),
  );
  await page.close();
});

interface MenuNode {
  path: string;
  children?: MenuNode[];
}

function menuPaths(nodes: MenuNode[] = [], out: string[] = []): string[] {
  for (const node of nodes) {
    out.push(node.path);
    menuPaths(node.children, out);
  }
  return out;
}

async function signInAsTenantAdmin(page: Page) {
  await signInAs(page, 'admin', 'admin', tenantId);
}

/** The current message under a field (not one fading out). */
function currentError(container: Locator, field: string): Locator {
  return formItem(container, field).locator(
    '.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)',
  );
}

async function pickTree(page: Page, item: Locator, text: string) {
  await item.locator('.ant-select').click();
  await page.keyboard.type(text);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper')
    .filter({ hasText: text })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

async function more(page: Page, row: Locator, action: string) {
  await row.getByTestId('row-more').click();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: action }).click();
}

/** Submits the open dialog, pressing again if a click during the opening animation was lost. */
async function submitDialog(dialog: Locator) {
  await expect(async () => {
    const submit = dialog.getByTestId('dialog-submit');
    if (await submit.isVisible()) await submit.click();
    await expect(dialog).toBeHidden({ timeout: 2000 });
  }).toPass();
}

/** A search that finds nothing. */
async function expectNone(list: Locator, values: Record<string, string>) {
  await search(list, values);
  await expect(list.locator('.ant-table-placeholder')).toBeVisible();
  await expect(rows(list)).toHaveCount(0);
}

test('tenant admin: only the tenant screens in the menu; platform screens, chooser and writes refused', async ({
  page,
}) => {
  await signInAsTenantAdmin(page);
  const menu = page.getByTestId('side-menu');
  for (const group of ['系统管理', '权限管理', '系统监控'])
    await menu.locator('.ant-menu-submenu-title').filter({ hasText: group }).click();
  await menu.locator('.ant-menu-submenu-title').filter({ hasText: '日志管理' }).click();
  for (const name of [
    '用户管理',
    '部门管理',
    '岗位管理',
    '业务字典',
    '顶部菜单',
    '角色管理',
    '通用日志',
    '接口日志',
    '错误日志',
  ])
    await expect(menu.locator('.ant-menu-item').filter({ hasText: name })).toBeVisible();
  for (const name of [
    '租户管理',
    '租户产品包',
    '应用管理',
    '菜单管理',
    '字典管理',
    '参数管理',
    '流程管理',
    '研发工具',
    '代码生成',
    '数据源管理',
    '数据权限',
    '接口权限',
  ])
    await expect(menu).not.toContainText(name);

  // the same from the menus the server hands out
  const routes = await apiGet<MenuNode[]>(page, '/blade-system/menu/routes');
  const paths = menuPaths(routes.data);
  for (const path of [
    '/system/user',
    '/system/dept',
    '/system/post',
    '/system/dictbiz',
    '/system/topmenu',
    '/authority/role',
    '/monitor/log/usual',
    '/monitor/log/api',
    '/monitor/log/error',
  ])
    expect(paths).toContain(path);
  for (const path of [
    '/system/tenant',
    '/system/tenantpackage',
    '/system/client',
    '/system/menu',
    '/system/dict',
    '/system/param',
    '/tool/code',
    '/tool/datasource',
    '/authority/datascope',
    '/authority/apiscope',
    '/flow/model',
    '/flow/deploy',
  ])
    expect(paths).not.toContain(path);

  // a direct visit to a platform route is an unknown page, and its API refuses
  for (const path of [
    '/system/tenant/index',
    '/system/tenantpackage/index',
    '/system/client/index',
    '/system/menu/index',
    '/system/dict/index',
    '/system/param/index',
    '/tool/code/index',
    '/flow/model/index',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByTestId('resource-page')).toHaveCount(0);
  }
  for (const url of [
    '/blade-system/tenant/list',
    '/blade-system/tenant-package/list',
    '/blade-system/client/list',
    '/blade-system/param/list',
    '/blade-flow/model/list',
  ]) {
    const refused = await apiGet<{ records?: unknown[] }>(page, url);
    expect(refused.success, url).toBe(false);
    expect(refused.code, url).toBe(403);
    expect(refused.data?.records, url).toBeUndefined();
  }
  // platform-wide writes are refused whatever the role holds
  const menuWrite = await apiPost(page, '/blade-system/menu/submit', {
    name: 'x',
    code: `x${stamp}`,
    path: '/x',
    category: 1,
    action: 0,
    sort: 1,
    parentId: '0',
  });
  expect(menuWrite.success).toBe(false);
  expect(menuWrite.code).toBe(403);
  const dictWrite = await apiPost(page, '/blade-system/dict/submit', {
    parentId: '0',
    code: `x${stamp}`,
    dictValue: 'x',
    sort: 1,
    isSealed: 0,
  });
  expect(dictWrite.success).toBe(false);
  expect(dictWrite.code).toBe(403);
  const tenantWrite = await apiPost(page, '/blade-system/tenant/submit', {
    tenantName: 'x',
    linkman: 'x',
  });
  expect(tenantWrite.success).toBe(false);
  expect(tenantWrite.code).toBe(403);
});

test('tenant admin users: own rows only, add, search, view, edit, platform settings, reset, delete', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const account = `tu${stamp}`;
  await signInAsTenantAdmin(page);
  await page.goto('/system/user/index');
  const list = resourcePage(page);
  await expect(rows(list).first()).toBeVisible();
  await expect(page.getByTestId('user-tenant')).toHaveCount(0);
  await expect(page.getByTestId('user-dept-tree')).toContainText(TENANT_NAME);
  await expect(page.getByTestId('user-dept-tree')).not.toContainText('书籍征订平台');
  await expectNone(list, { account: PLATFORM.account });
  await list.getByTestId('search-reset').click();
  await expect(rows(list)).toHaveCount(1);
  await expect(rows(list).first()).toContainText(tenantId);

  await list.getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  await expect(formItem(dialog, 'tenantId')).toHaveCount(0);
  await dialog.getByTestId('dialog-submit').click();
  await expect(currentError(dialog, 'account')).toHaveText('请输入登录账号');
  await formItem(dialog, 'account').locator('input').fill(account);
  await formItem(dialog, 'password').locator('input').fill('Pass#123');
  await formItem(dialog, 'password2').locator('input').fill('Pass#123');
  await formItem(dialog, 'name').locator('input').fill('租户用户');
  await formItem(dialog, 'realName').locator('input').fill(`租户用户${stamp}`);
  await formItem(dialog, 'phone').locator('input').fill('13900002222');
  // the choosers offer the tenant's own roles and departments only
  await formItem(dialog, 'roleId').locator('.ant-select').click();
  await expect(page.locator('.ant-select-dropdown:visible')).not.toContainText('超级管理员');
  await page.keyboard.press('Escape');
  await pickTree(page, formItem(dialog, 'roleId'), '管理员');
  await pickTree(page, formItem(dialog, 'deptId'), TENANT_NAME);
  const submitted = page.waitForRequest((req) => req.url().includes('/api/blade-user/submit'));
  await dialog.getByTestId('dialog-submit').click();
  expect((await submitted).postDataJSON()).not.toHaveProperty('tenantId');
  await expectToast(page, '新增成功');

  await search(list, { account });
  await expect(rows(list)).toHaveCount(1);
  const row = rows(list).first();
  await expect(row).toContainText(tenantId);
  await row.getByTestId('row-view').click();
  await expect(page.getByTestId('resource-detail')).toContainText('13900002222');
  await page.getByTestId('dialog-close').click();
  await row.getByTestId('row-edit').click();
  await formItem(dialog, 'realName').locator('input').fill(`改名${stamp}`);
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '修改成功');
  await expect(row).toContainText(`改名${stamp}`);

  // 平台配置 sets the user type and extension of a user of the own tenant (not platform-only)
  await more(page, row, '平台配置');
  await page.locator('[data-field=userExt]').fill('{"school":"tenant"}');
  await page.getByTestId('user-platform-submit').click();
  await expectToast(page, '操作成功');
  const ids = await apiGet<{ records: { id: string }[] }>(page, '/blade-user/list', { account });
  const platform = await apiGet<{ userExt: string }>(page, '/blade-user/platform-detail', {
    id: ids.data.records[0].id,
  });
  expect(platform.data.userExt).toBe('{"school":"tenant"}');

  await more(page, row, '密码重置');
  await confirm(page, '初始密码');
  await expectToast(page, '操作成功');
  await more(page, row, '账号解封');
  await confirm(page, '解封');
  await expectToast(page, '操作成功');
  // role configuration offers the tenant's roles only
  await more(page, row, '角色配置');
  await page.locator('[data-field=roleIds]').click();
  const offered = page.locator('.ant-select-dropdown:visible');
  await expect(offered).toContainText('管理员');
  await expect(offered).not.toContainText('超级管理员');
  await expect(offered).not.toContainText(PLATFORM.role);
  await page.keyboard.press('Escape');
  const granted = page.waitForRequest((req) => req.url().includes('/api/blade-user/grant'));
  await page.getByTestId('user-role-submit').click();
  expect(new URL((await granted).url()).searchParams.get('roleIds')).toBeTruthy();
  await expectToast(page, '操作成功');

  await row.getByTestId('row-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expectToast(page, '删除成功');
  await expect(rows(list)).toHaveCount(0);
});

interface Screen {
  path: string;
  title: string;
  /** The platform's row, searched by the first text field: never listed. */
  platform: string;
  text: Record<string, string>;
  selects?: string[];
}

const screens: Screen[] = [
  {
    path: '/system/dept/index',
    title: '部门管理',
    platform: PLATFORM.dept,
    text: { deptName: `租户部门${stamp}`, fullName: `租户部门全称${stamp}` },
  },
  {
    path: '/system/post/index',
    title: '岗位管理',
    platform: PLATFORM.post,
    text: { postName: `租户岗位${stamp}`, postCode: `tp${stamp}` },
    selects: ['category'],
  },
  {
    path: '/authority/role/index',
    title: '角色管理',
    platform: PLATFORM.role,
    text: { roleName: `租户角色${stamp}`, roleAlias: `tr${stamp}` },
  },
];

for (const screen of screens) {
  test(`tenant admin ${screen.title}: no platform row, add, search, view, edit, delete`, async ({ page }) => {
    const [key, value] = Object.entries(screen.text)[0];
    await signInAsTenantAdmin(page);
    await page.goto(screen.path);
    const list = resourcePage(page);
    await expect(rows(list).first()).toBeVisible();
    await expect(list).not.toContainText('书籍征订平台');
    await expectNone(list, { [key]: screen.platform });

    await list.getByTestId('toolbar-add').click();
    const dialog = resourceDialog(page);
    await expect(dialog).toContainText(`新增 · ${screen.title}`);
    await expect(formItem(dialog, 'tenantId')).toHaveCount(0);
    for (const [name, text] of Object.entries(screen.text))
      await formItem(dialog, name).locator('input, textarea').first().fill(text);
    for (const name of screen.selects ?? []) {
      await formItem(dialog, name).locator('.ant-select').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    }
    const submitted = page.waitForRequest((req) => /\/submit$|\/submit\?/.test(req.url()));
    await dialog.getByTestId('dialog-submit').click();
    expect((await submitted).postDataJSON()).not.toHaveProperty('tenantId');
    await expectToast(page, '新增成功');

    await search(list, { [key]: value });
    await expect(rows(list)).toHaveCount(1);
    const row = rows(list).first();
    await row.getByTestId('row-view').click();
    await expect(page.getByTestId('resource-detail')).toContainText(value);
    await dialog.getByTestId('dialog-close').click();
    await row.getByTestId('row-edit').click();
    await expect(formItem(dialog, key).locator('input').first()).toHaveValue(value);
    await formItem(dialog, key).locator('input').first().fill(`${value}改`);
    await submitDialog(dialog);
    await expectToast(page, '修改成功');
    await search(list, { [key]: `${value}改` });
    await expect(rows(list)).toHaveCount(1);
    const detail = await apiGet<{ records: { tenantId?: string }[] }>(
      page,
      `/blade-system/${screen.path.split('/')[2]}/list`,
      { [key]: `${value}改` },
    );
    if (detail.data?.records?.[0]?.tenantId) expect(detail.data.records[0].tenantId).toBe(tenantId);

    await rows(list).first().getByTestId('row-delete').click();
    await confirm(page, '确定将选择数据删除?');
    await expectToast(page, '删除成功');
    await expect(rows(list)).toHaveCount(0);
  });
}

test('tenant admin role grant: only what the tenant admin holds is offered; a tenant role granted the posts', async ({
  page,
}) => {
  const roleName = `授权角色${stamp}`;
  await signInAsTenantAdmin(page);
  await ok(
    apiPost(page, '/blade-system/role/submit', { parentId: '0', roleName, roleAlias: `g${stamp}`, sort: 2 }),
  );
  await page.goto('/authority/role/index');
  const list = resourcePage(page);
  await search(list, { roleName });
  await expect(rows(list)).toHaveCount(1);
  await rows(list).first().getByTestId('row-grant').click();
  const dialog = page.locator('.ant-modal-container').filter({ hasText: `权限设置 · ${roleName}` });
  const tree = dialog.getByTestId('grant-tree-menu');
  await expect(tree).toBeVisible();
  await expect(tree).toContainText('系统管理');
  for (const name of ['租户管理', '菜单管理', '应用管理', '代码生成', '参数管理', '流程管理'])
    await expect(tree).not.toContainText(name);
  const node = (title: string) =>
    tree.locator('.ant-tree-treenode').filter({
      has: page.locator(`.ant-tree-node-content-wrapper[title="${title}"]`),
    });
  const switcher = node('系统管理').locator('.ant-tree-switcher');
  await expect(async () => {
    if (!/switcher_open/.test((await switcher.getAttribute('class')) ?? '')) await switcher.click();
    await expect(switcher).toHaveClass(/switcher_open/, { timeout: 1000 });
  }).toPass();
  await node('岗位管理').locator('.ant-tree-checkbox').first().click();
  const sent = page.waitForRequest((req) => req.url().includes('/api/blade-system/role/grant'));
  await dialog.getByTestId('grant-submit').click();
  const body = (await sent).postDataJSON() as { menuIds: string[] };
  expect([...body.menuIds].sort()).toEqual([...POST_MENUS, SYSTEM_MENU].sort());
  await expectToast(page, '权限设置成功');
  const roles = await apiGet<RoleRow[] | { records: RoleRow[] }>(page, '/blade-system/role/list', {
    roleName,
  });
  const role = flatRoles(Array.isArray(roles.data) ? roles.data : roles.data.records)[0];
  const keys = await apiGet<{ menu: string[] }>(page, '/blade-system/menu/role-tree-keys', {
    roleIds: role.id,
  });
  expect([...keys.data.menu].sort()).toEqual([...POST_MENUS, SYSTEM_MENU].sort());
  // a menu the tenant admin does not hold is refused even when sent directly
  const refused = await apiPost(page, '/blade-system/role/grant', {
    roleIds: [role.id],
    menuIds: [TENANT_MENU],
    dataScopeIds: [],
    apiScopeIds: [],
  });
  expect(refused.success).toBe(false);
  expect(refused.msg).toBe('无权授予本人未拥有的菜单');
});

test('tenant admin business dictionaries: own dictionaries only, add with messages, entries, view, edit, delete', async ({
  page,
}) => {
  const code = `biz_${stamp}`;
  await signInAsTenantAdmin(page);
  await page.goto('/system/dictbiz/index');
  const list = resourcePage(page, 0);
  await expect(list.locator('[data-testid=resource-table]')).toBeVisible();
  await expectNone(list, { code: PLATFORM.dict });
  await list.getByTestId('search-reset').click();

  await list.getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  await dialog.getByTestId('dialog-submit').click();
  await expect(fieldError(dialog, 'code')).toHaveText('请输入字典编号');
  await expect(fieldError(dialog, 'dictValue')).toHaveText('请输入字典名称');
  await formItem(dialog, 'code').locator('input').fill(code);
  await formItem(dialog, 'dictValue').locator('input').fill('租户字典');
  await formItem(dialog, 'sort').locator('input').fill('1');
  const submitted = page.waitForRequest((req) => req.url().includes('/api/blade-system/dict-biz/submit'));
  await dialog.getByTestId('dialog-submit').click();
  expect((await submitted).postDataJSON()).not.toHaveProperty('tenantId');
  await expectToast(page, '新增成功');
  await search(list, { code });
  await expect(rows(list)).toHaveCount(1);

  // entries in the configuration drawer
  await rows(list).first().getByTestId('row-dict-config').click();
  const drawer = page.locator('.ant-drawer-section');
  await expect(drawer).toContainText('字典配置 · 租户字典');
  const entries = drawer.getByTestId('resource-page');
  await entries.getByTestId('toolbar-add').click();
  await expect(formItem(dialog, 'code').locator('input')).toHaveValue(code);
  await dialog.getByTestId('dialog-submit').click();
  await expect(fieldError(dialog, 'dictKey')).toHaveText('请输入字典键值');
  await formItem(dialog, 'dictValue').locator('input').fill('甲');
  await formItem(dialog, 'dictKey').locator('input').fill('a');
  await formItem(dialog, 'sort').locator('input').fill('1');
  await dialog.getByTestId('dialog-submit').click();
  await expectToast(page, '新增成功');
  await expect(rows(entries)).toHaveCount(1);
  await rows(entries).first().getByTestId('row-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expectToast(page, '删除成功');
  await drawer.locator('.ant-drawer-close').click();

  await rows(list).first().getByTestId('row-view').click();
  await expect(page.getByTestId('resource-detail')).toContainText(code);
  await dialog.getByTestId('dialog-close').click();
  await rows(list).first().getByTestId('row-edit').click();
  await formItem(dialog, 'dictValue').locator('input').fill('租户字典改');
  await submitDialog(dialog);
  await expectToast(page, '修改成功');
  await expect(rows(list).first()).toContainText('租户字典改');
  await rows(list).first().getByTestId('row-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expectToast(page, '删除成功');
  await expect(rows(list)).toHaveCount(0);
});

test('tenant admin users import and export: own tenant only', async ({ page }) => {
  const ExcelJS = (await import('exceljs')).default;
  await signInAsTenantAdmin(page);
  await page.goto('/system/user/index');
  const list = resourcePage(page);
  await expect(rows(list).first()).toBeVisible();

  // the export holds the tenant's users only
  const exported = page.waitForEvent('download');
  await list.getByTestId('toolbar-export').click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.read(await (await exported).createReadStream());
  const sheet = book.worksheets[0];
  const accounts: string[] = [];
  const tenants: string[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    tenants.push(String(row.getCell(1).value));
    accounts.push(String(row.getCell(2).value));
  });
  expect(accounts).toContain('admin');
  expect(accounts).not.toContain(PLATFORM.account);
  expect(new Set(tenants)).toEqual(new Set([tenantId]));

  // an import row naming another tenant is refused; without a tenant it lands in the own tenant
  const headers: string[] = [];
  sheet.getRow(1).eachCell((cell, column) => {
    headers[column - 1] = String(cell.value);
  });
  const file = async (tenant: string, account: string) => {
    const out = new ExcelJS.Workbook();
    const rowsSheet = out.addWorksheet('users');
    rowsSheet.addRow(headers);
    const values: Record<string, string> = {
      租户ID: tenant,
      登录账号: account,
      用户昵称: account,
      用户姓名: `导入${account}`,
      所属角色: '管理员',
      所属部门: TENANT_NAME,
    };
    rowsSheet.addRow(headers.map((h) => values[h] ?? null));
    return Buffer.from(await out.xlsx.writeBuffer());
  };
  const upload = async (buffer: Buffer) => {
    await list.getByTestId('toolbar-import').click();
    const dialog = page.locator('.ant-modal-container').filter({ has: page.getByTestId('user-import-pick') });
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'users.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    await dialog.getByTestId('user-import-submit').click();
    return dialog;
  };
  const refused = await upload(await file('000000', `x${stamp}`));
  await expectToast(page, '无权操作非本租户的数据');
  await refused.locator('.ant-modal-close').click();
  // the refused file is still chosen: closing asks before throwing it away
  await page.getByTestId('discard-ok').last().click();
  await expect(refused).toBeHidden();
  await upload(await file('', `ti${stamp}`));
  await expectToast(page, '导入成功');
  await search(list, { account: `ti${stamp}` });
  await expect(rows(list)).toHaveCount(1);
  await expect(rows(list).first()).toContainText(tenantId);
  const platform = await apiGet<{ records: unknown[] }>(page, '/blade-user/list', { account: `x${stamp}` });
  expect(platform.data.records).toHaveLength(0);
});

interface RoleRow {
  id: string;
  roleAlias: string;
  tenantId: string;
  children?: RoleRow[];
}

function flatRoles(nodes: RoleRow[] = []): RoleRow[] {
  return nodes.flatMap((node) => [node, ...flatRoles(node.children)]);
}

const SYSTEM_MENU = '1123598815738675382';
const USER_MENU = '1123598815738675383';
/** 租户管理: a platform menu no tenant admin holds. */
const TENANT_MENU = '1123598815738675432';
const POST_MENUS = [
  '1123598815738675399',
  '1123598815738675400',
  '1123598815738675401',
  '1123598815738675402',
  '1123598815738675403',
];

test('tenant admin top menus: the platform ones not listed; add, search, view, edit, grant own menus, header, delete', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = `租户顶部${stamp}`;
  await signInAsTenantAdmin(page);
  await page.goto('/system/topmenu/index');
  const list = resourcePage(page);
  await expect(list.locator('[data-testid=resource-table]')).toBeVisible();
  // the platform's top menus (工作台, 业务, 系统) are not listed
  await expect(list.locator('.ant-table-placeholder')).toBeVisible();
  await expect(rows(list)).toHaveCount(0);
  await expectNone(list, { name: '业务' });
  await list.getByTestId('search-reset').click();

  await list.getByTestId('toolbar-add').click();
  const dialog = resourceDialog(page);
  await expect(dialog).toContainText('新增 · 顶部菜单');
  await expect(formItem(dialog, 'tenantId')).toHaveCount(0);
  await dialog.getByTestId('dialog-submit').click();
  await expect(fieldError(dialog, 'name')).toHaveText('请输入菜单名称');
  await formItem(dialog, 'name').locator('input').fill(name);
  await formItem(dialog, 'code').locator('input').fill(`tt${stamp}`);
  await formItem(dialog, 'source').locator('input').fill('AppstoreOutlined');
  await formItem(dialog, 'sort').locator('input').fill('1');
  const submitted = page.waitForRequest((req) => req.url().includes('/api/blade-system/topmenu/submit'));
  await dialog.getByTestId('dialog-submit').click();
  expect((await submitted).postDataJSON()).not.toHaveProperty('tenantId');
  await expectToast(page, '新增成功');
  await expect(dialog).toBeHidden();

  await search(list, { name });
  await expect(rows(list)).toHaveCount(1);
  const row = rows(list).first();
  await row.getByTestId('row-view').click();
  await expect(page.getByTestId('resource-detail')).toContainText(`tt${stamp}`);
  await expect(page.getByTestId('resource-detail')).toContainText('AppstoreOutlined');
  await dialog.getByTestId('dialog-close').click();
  await row.getByTestId('row-edit').click();
  await expect(formItem(dialog, 'name').locator('input')).toHaveValue(name);
  await formItem(dialog, 'name').locator('input').fill(`${name}改`);
  await submitDialog(dialog);
  await expectToast(page, '修改成功');
  await search(list, { name: `${name}改` });
  await expect(rows(list)).toHaveCount(1);
  const saved = await apiGet<{ records: { id: string; tenantId: string }[] }>(
    page,
    '/blade-system/topmenu/list',
    { name: `${name}改` },
  );
  expect(saved.data.records.map((r) => r.tenantId)).toEqual([tenantId]);

  // the grant dialog offers the menus the tenant admin holds, no platform menu
  await row.getByTestId('row-topmenu-setting').click();
  const tree = page.getByTestId('topmenu-grant-tree');
  await expect(tree).toContainText('系统管理');
  await expect(tree).toContainText('系统监控');
  for (const platformMenu of ['流程管理', '研发工具']) await expect(tree).not.toContainText(platformMenu);
  const node = (title: string) =>
    tree.locator('.ant-tree-treenode').filter({
      has: page.locator(`.ant-tree-node-content-wrapper[title="${title}"]`),
    });
  const switcher = node('系统管理').locator('.ant-tree-switcher');
  const openSystem = () =>
    expect(async () => {
      if (!/switcher_open/.test((await switcher.getAttribute('class')) ?? '')) await switcher.click();
      await expect(switcher).toHaveClass(/switcher_open/, { timeout: 1000 });
    }).toPass();
  await openSystem();
  await expect(node('用户管理')).toBeVisible();
  for (const platformMenu of ['租户管理', '菜单管理', '参数管理', '应用管理'])
    await expect(tree).not.toContainText(platformMenu);
  await node('用户管理').locator('.ant-tree-checkbox').first().click();
  const sent = page.waitForRequest((req) => req.url().includes('/api/blade-system/topmenu/grant'));
  await page.getByTestId('topmenu-grant-submit').click();
  const body = (await sent).postDataJSON() as { menuIds: string[] };
  expect([...body.menuIds].sort()).toEqual([USER_MENU, SYSTEM_MENU].sort());
  await expectToast(page, '操作成功');
  await expect(tree).toBeHidden();
  // a platform menu sent directly is refused
  const refused = await apiPost(page, '/blade-system/topmenu/grant', {
    topMenuIds: [saved.data.records[0].id],
    menuIds: [SYSTEM_MENU, TENANT_MENU],
  });
  expect(refused.success).toBe(false);
  expect(refused.msg).toBe('无权授予本人未拥有的菜单');
  // the dialog shows the stored grant again
  await row.getByTestId('row-topmenu-setting').click();
  await expect(node('系统管理').locator('.ant-tree-checkbox-indeterminate')).toBeVisible();
  await openSystem();
  await expect(node('用户管理').locator('.ant-tree-checkbox-checked')).toBeVisible();
  await expect(node('部门管理').locator('.ant-tree-checkbox-checked')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(tree).toBeHidden();

  // after a reload the header's top-menu bar has the tenant's own top menu, not the platform's
  await page.reload();
  const bar = page.locator('.psi-top-menu');
  await expect(bar).toContainText(`${name}改`);
  await expect(bar).not.toContainText('业务');
  const menu = page.getByTestId('side-menu');
  await expect(menu).toContainText('系统监控');
  await bar.getByText(`${name}改`, { exact: true }).click();
  await expect(menu).toContainText('系统管理');
  await expect(menu).not.toContainText('系统监控');
  await expect(menu).not.toContainText('基础资料');
  await bar.getByText('全部', { exact: true }).click();
  await expect(menu).toContainText('系统监控');

  await page.goto('/system/topmenu/index');
  await search(list, { name: `${name}改` });
  await expect(rows(list)).toHaveCount(1);
  await rows(list).first().getByTestId('row-delete').click();
  await confirm(page, '确定将选择数据删除?');
  await expectToast(page, '删除成功');
  await expect(rows(list)).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('resource-page')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(`${name}改`);
});

test('tenant admin logs: usual, api and error logs hold the tenant own rows only; filters and the detail drawer', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // recognisable rows of tenant 000000: its post of beforeAll in the api log, and an error log row
  const platform = await browser.newPage();
  await signInAsAdmin(platform);
  await ok(
    apiPost(platform, '/blade-auth/oauth/logout', [
      {
        type: 'error',
        message: `平台错误${stamp}`,
        stack: `Error: 平台错误${stamp}\n    at platform (platform.js:1:1)`,
        url: '/platform',
        time: new Date().toISOString(),
      },
    ]),
  );
  const platformErrors = await apiGet<{ records: { tenantId: string }[] }>(
    platform,
    '/blade-log/error/list',
    {
      message: `平台错误${stamp}`,
    },
  );
  expect(platformErrors.data.records.map((r) => r.tenantId)).toEqual(['000000']);
  const platformPosts = await apiGet<{ records: { tenantId: string }[] }>(platform, '/blade-log/api/list', {
    requestUri: '/blade-system/post/submit',
    size: 100,
  });
  expect(platformPosts.data.records.map((r) => r.tenantId)).toContain('000000');
  await platform.close();

  await signInAsTenantAdmin(page);
  await page.goto('/monitor/log/usual/index');
  const usual = resourcePage(page);
  await search(usual, { logId: 'login' });
  await expect(rows(usual).first()).toBeVisible();
  // every listed sign-in is of the tenant; the newest one's data says so in the drawer
  const logins = await apiGet<{ records: { tenantId: string }[] }>(page, '/blade-log/usual/list', {
    logId: 'login',
    size: 100,
  });
  expect(logins.data.records.length).toBeGreaterThan(0);
  expect(new Set(logins.data.records.map((r) => r.tenantId))).toEqual(new Set([tenantId]));
  await rows(usual).first().getByTestId('row-detail').click();
  await expect(page.getByTestId('log-logData')).toContainText(`"tenantId": "${tenantId}"`);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('log-logData')).toBeHidden();

  // a post of the tenant, then the api log: the tenant's write is there, the platform's is not
  await ok(
    apiPost(page, '/blade-system/post/submit', {
      category: 1,
      postCode: `lp${stamp}`,
      postName: `日志岗位${stamp}`,
      sort: 1,
    }),
  );
  await page.goto('/monitor/log/api/index');
  const api = resourcePage(page);
  await search(api, { requestUri: '/blade-system/post/submit' });
  await expect(rows(api).first()).toBeVisible();
  const own = await apiGet<{ records: { id: string; tenantId: string }[] }>(page, '/blade-log/api/list', {
    requestUri: '/blade-system/post/submit',
    size: 100,
  });
  expect(own.data.records.length).toBeGreaterThan(0);
  expect(new Set(own.data.records.map((r) => r.tenantId))).toEqual(new Set([tenantId]));
  await expect(rows(api)).toHaveCount(Math.min(own.data.records.length, 10));
  // the tenant's post is in the newest row's data
  await rows(api).first().getByTestId('row-detail').click();
  await expect(page.getByTestId('log-params')).toContainText(`日志岗位${stamp}`);
  await page.keyboard.press('Escape');

  // an error of the tenant (the web's error log, uploaded): listed; the platform's is not
  await ok(
    apiPost(page, '/blade-auth/oauth/logout', [
      {
        type: 'error',
        message: `租户错误${stamp}`,
        stack: `Error: 租户错误${stamp}\n    at tenant (tenant.js:2:2)`,
        url: '/tenant',
        time: new Date().toISOString(),
      },
    ]),
  );
  await page.goto('/monitor/log/error/index');
  const errors = resourcePage(page);
  await search(errors, { message: `错误${stamp}` });
  await expect(rows(errors)).toHaveCount(1);
  await expect(rows(errors).first()).toContainText(`租户错误${stamp}`);
  await expectNone(errors, { message: `平台错误${stamp}` });
  const listed = await apiGet<{ records: { tenantId: string }[] }>(page, '/blade-log/error/list', {
    size: 100,
  });
  expect(new Set(listed.data.records.map((r) => r.tenantId))).toEqual(new Set([tenantId]));
  // the detail drawer keeps the stack trace's lines
  await search(errors, { message: `租户错误${stamp}` });
  await expect(rows(errors)).toHaveCount(1);
  await rows(errors).first().getByTestId('row-detail').click();
  const stack = page.getByTestId('log-stackTrace');
  await expect(stack).toContainText(`Error: 租户错误${stamp}`);
  await expect(stack).toContainText('at tenant (tenant.js:2:2)');
  expect(await stack.innerText()).toContain('\n    at tenant');
  await page.keyboard.press('Escape');
  await expect(stack).toBeHidden();
});
