import type { TFunction } from 'i18next';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UserMenu } from '../src/app/layout/header/UserMenu';
import { site } from '../src/config/site';
import SwitchDeptDialog from '../src/app/layout/header/SwitchDeptDialog';
import { avatarProblem } from '../src/pages/info';
import RegisterDialog, { registerProblem } from '../src/pages/login/RegisterDialog';
import { envelope, resetStores, signIn } from './helpers';
import { server } from './msw-server';
import { renderPage } from './render';

/** Returns the key itself, so the checks name the message they expect. */
const t = ((key: string) => key) as unknown as TFunction;

describe('seed validation of the small dialogs', () => {
  beforeEach(() => resetStores());

  it('switch department and role: both are required', async () => {
    signIn({ dept_id: '', role_id: '' });
    server.use(
      http.get('/api/blade-system/dept/select', () => envelope([{ id: '1', deptName: '运营部' }])),
      http.get('/api/blade-system/role/select', () => envelope([{ id: '2', roleName: '管理员' }])),
    );
    renderPage(
      <App>
        <SwitchDeptDialog onClose={() => undefined} />
      </App>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请选择部门', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(screen.getByText('请选择角色', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
  });

  it('avatar: jpg or png only, at most 500 kb', () => {
    expect(avatarProblem({ type: 'image/png', size: 500 * 1024 }, t)).toBeNull();
    expect(avatarProblem({ type: 'image/jpeg', size: 1000 }, t)).toBeNull();
    expect(avatarProblem({ type: 'image/gif', size: 1000 }, t)).toBe('info.avatarType');
    expect(avatarProblem({ type: 'image/png', size: 500 * 1024 + 1 }, t)).toBe('info.avatarSize');
  });

  it('registration: the seed checks, in order', () => {
    const form = { tenantId: '', account: '', password: '', password2: '' };
    expect(registerProblem(form, 'zh')).toBe('请先输入租户ID');
    expect(registerProblem({ ...form, tenantId: '000000' }, 'zh')).toBe('请先输入账号名称');
    expect(registerProblem({ ...form, tenantId: '000000', account: 'a', password: 'x' }, 'zh')).toBe(
      '请先输入密码',
    );
    expect(registerProblem({ tenantId: '000000', account: 'a', password: 'x', password2: 'y' }, 'zh')).toBe(
      '两次密码输入不一致',
    );
    expect(registerProblem({ tenantId: '000000', account: 'a', password: 'x', password2: 'y' }, 'en')).toBe(
      'The two passwords do not match',
    );
    expect(
      registerProblem({ tenantId: '000000', account: 'a', password: 'x', password2: 'x' }, 'zh'),
    ).toBeNull();
  });
});

describe('user menu', () => {
  const mutable = site as { switchMode: boolean };
  beforeEach(() => {
    resetStores();
    signIn();
    server.use(
      http.get('/api/blade-system/dept/select', () => envelope([{ id: '1', deptName: '运营部' }])),
      http.get('/api/blade-system/role/select', () => envelope([{ id: '2', roleName: '管理员' }])),
      // the menu offers "reset demo data" only when the server says it can
      http.get('/api/demo/info', () => envelope({ resettable: false })),
    );
  });
  afterEach(() => {
    mutable.switchMode = false;
  });

  const itemsOf = async () => {
    fireEvent.click(await screen.findByTestId('user-menu'));
    await screen.findByText('个人信息');
    return [...document.querySelectorAll('.ant-dropdown-menu-item')].map((item) => item.textContent);
  };

  it('offers home, user info and log out; switching department only in switch mode', async () => {
    renderPage(
      <App>
        <UserMenu />
      </App>,
    );
    expect(await itemsOf()).toEqual(['首页', '个人信息', '退出登录']);
  });

  it('in switch mode opens the switch department and role dialog', async () => {
    mutable.switchMode = true;
    renderPage(
      <App>
        <UserMenu />
      </App>,
    );
    expect(await itemsOf()).toEqual(['首页', '个人信息', '切换部门与角色', '退出登录']);
    fireEvent.click(screen.getByText('切换部门与角色'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.textContent).toContain('切换部门与角色'));
    expect(dialog.querySelector('#deptId')).toBeTruthy();
    expect(dialog.querySelector('#roleId')).toBeTruthy();
  });
});

describe('registration dialog', () => {
  beforeEach(() => resetStores());

  function serveRegister() {
    const sent: URLSearchParams[] = [];
    server.use(
      http.post('/api/blade-user/register-guest', ({ request }) => {
        sent.push(new URL(request.url).searchParams);
        return envelope({});
      }),
    );
    return sent;
  }

  const fill = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });

  it('asks for the tenant id when the site does not tell it, fields in the seed order', async () => {
    const sent = serveRegister();
    renderPage(
      <App>
        <RegisterDialog tenantId={null} oauthId="77" accessToken="social" onClose={() => undefined} />
      </App>,
    );
    const order = [...(await screen.findByTestId('register-form')).querySelectorAll('input')].map((input) =>
      input.getAttribute('data-testid'),
    );
    expect(order).toEqual([
      'register-tenant',
      'register-name',
      'register-account',
      'register-password',
      'register-password2',
    ]);
    fill('register-tenant', '100001');
    fill('register-account', 'guest');
    fill('register-password', 'pw');
    fill('register-password2', 'pw');
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].get('tenantId')).toBe('100001');
    expect(sent[0].get('oauthId')).toBe('77');
  });

  it("hides the tenant id when the site's domain gives it, and registers under that tenant", async () => {
    const sent = serveRegister();
    renderPage(
      <App>
        <RegisterDialog tenantId="100002" oauthId="78" accessToken="social" onClose={() => undefined} />
      </App>,
    );
    await screen.findByTestId('register-form');
    expect(screen.queryByTestId('register-tenant')).toBeNull();
    fill('register-account', 'guest');
    fill('register-password', 'pw');
    fill('register-password2', 'pw');
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].get('tenantId')).toBe('100002');
  });
});
