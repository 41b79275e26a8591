import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAsAdmin } from '../support/login';
import { confirm, expectToast, formItem, resourceDialog, resourcePage, rows, search } from '../support/ui';

interface Screen {
  path: string;
  title: string;
  /** Text fields filled on add (the first is searched and changed on edit). */
  text: Record<string, string>;
  numbers?: Record<string, string>;
  /** Select fields: the first option is picked. */
  selects?: string[];
}

async function fill(page: Page, dialog: Locator, screen: Screen) {
  for (const [name, value] of Object.entries(screen.text)) {
    const input = formItem(dialog, name).locator('input, textarea').first();
    await input.fill(value);
  }
  for (const [name, value] of Object.entries(screen.numbers ?? {}))
    await formItem(dialog, name).locator('input').first().fill(value);
  for (const name of screen.selects ?? []) {
    await formItem(dialog, name).locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  }
}

const stamp = Date.now().toString(36);
const screens: Screen[] = [
  {
    path: '/system/client/index',
    title: '应用管理',
    text: {
      clientId: `c${stamp}`,
      clientSecret: `s${stamp}secret`,
      scope: 'all',
      authorizedGrantTypes: 'refresh_token,password',
    },
    numbers: { accessTokenValidity: '3600', refreshTokenValidity: '604800' },
  },
  {
    path: '/system/post/index',
    title: '岗位管理',
    text: { postName: `岗位${stamp}`, postCode: `p${stamp}` },
    selects: ['category'],
  },
  {
    path: '/system/dept/index',
    title: '部门管理',
    text: { deptName: `部门${stamp}`, fullName: `部门全称${stamp}` },
  },
  {
    path: '/tool/datasource/index',
    title: '数据源管理',
    text: {
      name: `ds${stamp}`,
      driverClass: 'org.sqlite.JDBC',
      url: 'jdbc:sqlite:e2e.db',
      username: 'e2e',
    },
  },
];

for (const screen of screens) {
  test(`${screen.title}: add, search, view, edit, delete`, async ({ page }) => {
    const [key, value] = Object.entries(screen.text)[0];
    await signInAsAdmin(page);
    await page.goto(screen.path);
    const list = resourcePage(page);
    await expect(list.locator('[data-testid=resource-table]')).toBeVisible();
    await list.getByTestId('toolbar-add').click();
    const dialog = resourceDialog(page);
    await expect(dialog).toContainText(`新增 · ${screen.title}`);
    await expect(formItem(dialog, key).locator('input, textarea').first()).toBeVisible();
    // required fields say so
    await dialog.getByTestId('dialog-submit').click();
    await expect(formItem(dialog, key).locator('.ant-form-item-explain-error').first()).toBeVisible();
    await fill(page, dialog, screen);
    await dialog.getByTestId('dialog-submit').click();
    await expectToast(page, '新增成功');
    await search(list, { [key]: value });
    const row = rows(list).filter({ hasText: value });
    await expect(row).toHaveCount(1);
    await row.getByTestId('row-view').click();
    await expect(page.getByTestId('resource-detail')).toContainText(value);
    await dialog.getByTestId('dialog-close').click();
    await row.getByTestId('row-edit').click();
    await expect(formItem(dialog, key).locator('input, textarea').first()).toHaveValue(value);
    const changed = `${value}x`;
    const editable = formItem(dialog, key).locator('input, textarea').first();
    if (await editable.isEditable()) {
      await editable.fill(changed);
      await dialog.getByTestId('dialog-submit').click();
      await expectToast(page, '修改成功');
      await search(list, { [key]: changed });
    } else {
      await dialog.getByTestId('dialog-submit').click();
      await expectToast(page, '修改成功');
    }
    const edited = rows(list).first();
    await edited.getByTestId('row-delete').click();
    await confirm(page, '确定将选择数据删除?');
    await expectToast(page, '删除成功');
    await expect(rows(list)).toHaveCount(0);
  });
}
