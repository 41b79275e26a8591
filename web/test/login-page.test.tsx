import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BasicLayout, preloadSignedInPages, WelcomePage } from '../src/app/pages';
import LoginPage from '../src/pages/login';
import { useSession } from '../src/stores/session';
import { useSettings } from '../src/stores/settings';
import { resetStores, serveShellDefaults, tokenBody } from './helpers';
import { server } from './msw-server';
import { renderRoutes } from './render';

const captchaImage = 'data:image/png;base64,iVBORw0KGgo=';

function serveCaptcha() {
  const served = { count: 0 };
  server.use(
    http.get('/api/blade-auth/oauth/captcha', () => {
      served.count += 1;
      return HttpResponse.json({
        code: 200,
        success: true,
        data: { key: `key-${served.count}`, image: `${captchaImage}#${served.count}` },
        msg: '',
      });
    }),
  );
  return served;
}

/** The login page as the app renders it: outside antd's providers. */
function renderLogin() {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/wel/index', element: <p>home page</p> },
    ],
    '/login',
    { antd: false },
  );
}

function fill(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

describe('login page', () => {
  beforeEach(() => {
    resetStores();
    serveShellDefaults();
  });

  it('renders the brand, the default tenant and the captcha image', async () => {
    serveCaptcha();
    renderLogin();
    expect(screen.getAllByText('书籍征订系统').length).toBeGreaterThan(0);
    expect(screen.getByTestId('login-tenant')).toHaveProperty('value', '000000');
    expect(screen.getByPlaceholderText('请输入账号')).toBe(screen.getByTestId('login-account'));
    const image = await screen.findByTestId('login-captcha-image');
    expect(image.getAttribute('src')).toBe(`${captchaImage}#1`);
  });

  it('shows a message for every missing field', async () => {
    serveCaptcha();
    renderLogin();
    fill('login-tenant', '');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入租户ID')).toBeTruthy();
    expect(screen.getByText('请输入账号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(screen.getByText('请输入验证码')).toBeTruthy();
  });

  it('marks each refused input invalid and points it at its message', async () => {
    serveCaptcha();
    renderLogin();
    const account = screen.getByTestId('login-account');
    expect(account.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByTestId('login-submit'));
    const alerts = await screen.findAllByRole('alert');
    // the tenant is filled in (000000): account, password and captcha are refused
    expect(alerts.map((alert) => alert.textContent)).toEqual(['请输入账号', '请输入密码', '请输入验证码']);
    for (const testId of ['login-account', 'login-password', 'login-captcha']) {
      const input = screen.getByTestId(testId);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const message = document.getElementById(input.getAttribute('aria-describedby') ?? '');
      expect(message?.getAttribute('role')).toBe('alert');
    }
    expect(screen.getByTestId('login-tenant').getAttribute('aria-invalid')).toBeNull();
    // checked again on change: a typed account clears its message, a cleared one brings it back
    fill('login-account', 'admin');
    expect(account.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('请输入账号')).toBeNull();
    fill('login-account', '');
    expect(await screen.findByText('请输入账号')).toBeTruthy();
  });

  it('counts blank text as empty where the rule says so, not in the password', async () => {
    serveCaptcha();
    let asked = false;
    server.use(
      http.post('/api/blade-auth/oauth/token', () => {
        asked = true;
        return HttpResponse.json({ error_code: 400, error_description: 'x' }, { status: 400 });
      }),
    );
    renderLogin();
    fill('login-tenant', '   ');
    fill('login-account', '   ');
    fill('login-password', '   ');
    fill('login-captcha', '  ');
    fireEvent.click(screen.getByTestId('login-submit'));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(['请输入租户ID', '请输入账号', '请输入验证码']);
    expect(screen.getByTestId('login-password').getAttribute('aria-invalid')).toBeNull();
    expect(asked).toBe(false);
  });

  it('shows or hides the password', () => {
    serveCaptcha();
    renderLogin();
    const password = screen.getByTestId('login-password');
    expect(password.getAttribute('type')).toBe('password');
    const toggle = screen.getByRole('button', { name: '显示密码' });
    fireEvent.click(toggle);
    expect(password.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(password.getAttribute('type')).toBe('password');
  });

  it('says a shown message in English once the language is switched', async () => {
    serveCaptcha();
    renderLogin();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入账号')).toBeTruthy();
    fireEvent.click(screen.getByText('English'));
    expect(await screen.findByText('Please enter your account')).toBeTruthy();
    expect(screen.queryByText('请输入账号')).toBeNull();
  });

  it('validates in English after switching the language', async () => {
    serveCaptcha();
    renderLogin();
    fireEvent.click(screen.getByText('English'));
    expect(useSettings.getState().language).toBe('en');
    expect(await screen.findByPlaceholderText('Please enter your account')).toBeTruthy();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Please enter your account')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(screen.getByText('Please enter the captcha')).toBeTruthy();
  });

  it('refreshes the captcha when its picture is clicked', async () => {
    const served = serveCaptcha();
    renderLogin();
    await screen.findByTestId('login-captcha-image');
    fireEvent.click(screen.getByTestId('login-captcha-refresh'));
    await waitFor(() =>
      expect(screen.getByTestId('login-captcha-image').getAttribute('src')).toContain('#2'),
    );
    expect(served.count).toBe(2);
  });

  it('signs in with the md5 password and captcha headers, loads menus and goes home', async () => {
    serveCaptcha();
    let tokenRequest: Request | undefined;
    server.use(
      http.post('/api/blade-auth/oauth/token', ({ request }) => {
        tokenRequest = request.clone();
        return HttpResponse.json(tokenBody({ access_token: 'signed-in' }));
      }),
      http.get('/api/blade-system/menu/routes', () =>
        HttpResponse.json({
          code: 200,
          success: true,
          data: [{ id: '1', parentId: '0', code: 'desk', name: '工作台', path: '/desk' }],
          msg: '',
        }),
      ),
      http.get('/api/blade-system/menu/buttons', () =>
        HttpResponse.json({
          code: 200,
          success: true,
          data: [
            {
              id: '1',
              parentId: '0',
              code: 'desk',
              name: '工作台',
              path: '/desk',
              children: [{ id: '2', parentId: '1', code: 'notice_add', name: '新增', path: '' }],
            },
          ],
          msg: '',
        }),
      ),
    );
    const { router } = renderLogin();
    await screen.findByTestId('login-captcha-image');
    fill('login-account', 'admin');
    fill('login-password', 'admin');
    fill('login-captcha', 'ab12c');
    fireEvent.click(screen.getByTestId('login-submit'));

    expect(await screen.findByText('home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/wel/index');
    const url = new URL(tokenRequest?.url ?? '');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tenantId: '000000',
      username: 'admin',
      password: '21232f297a57a5a743894a0e4a801fc3',
      grant_type: 'captcha',
      scope: 'all',
      type: 'account',
    });
    expect(tokenRequest?.headers.get('tenant-id')).toBe('000000');
    expect(tokenRequest?.headers.get('captcha-key')).toBe('key-1');
    expect(tokenRequest?.headers.get('captcha-code')).toBe('ab12c');
    const session = useSession.getState();
    expect(session.token).toBe('signed-in');
    expect(session.menus.map((menu) => menu.code)).toEqual(['desk']);
    expect(session.permission).toEqual({ notice_add: true });
  });

  describe('the first signed-in screen', () => {
    let idle: (() => void)[] = [];
    beforeEach(() => {
      idle = [];
      vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
      vi.stubGlobal('cancelIdleCallback', () => undefined);
    });
    afterEach(() => {
      // the page unmounts (cancelling its idle callback) before the browser's own functions come back
      cleanup();
      vi.unstubAllGlobals();
    });
    const runIdle = () => act(() => idle.splice(0).forEach((callback) => callback()));

    it('downloads only once the login page is idle, not before', async () => {
      serveCaptcha();
      const preloads = [BasicLayout, WelcomePage].map((page) =>
        vi.spyOn(page, 'preload').mockResolvedValue(undefined),
      );
      renderRoutes(
        [{ path: '/login', element: <LoginPage preloadSignedIn={preloadSignedInPages} /> }],
        '/login',
      );
      await screen.findByTestId('login-captcha-image');
      // rendered, its captcha answered: nothing downloads until the browser says it is idle
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
      expect(idle.length).toBeGreaterThan(0);
      for (const preload of preloads) expect(preload).not.toHaveBeenCalled();
      runIdle();
      await waitFor(() => {
        for (const preload of preloads) expect(preload).toHaveBeenCalledTimes(1);
      });
    });

    it('asks for its data once the token is stored, before the menus answered', async () => {
      serveCaptcha();
      let answerMenus: () => void = () => undefined;
      const menusAsked = new Promise<void>((resolve) => {
        server.use(
          http.post('/api/blade-auth/oauth/token', () => HttpResponse.json(tokenBody({ access_token: 't' }))),
          http.get('/api/blade-system/menu/routes', async () => {
            resolve();
            await new Promise<void>((release) => (answerMenus = release));
            return HttpResponse.json({ code: 200, success: true, data: [], msg: '' });
          }),
          http.get('/api/blade-system/menu/buttons', () =>
            HttpResponse.json({ code: 200, success: true, data: [], msg: '' }),
          ),
        );
      });
      const prefetch = vi.fn();
      renderRoutes(
        [
          { path: '/login', element: <LoginPage prefetchSignedIn={prefetch} /> },
          { path: '/wel/index', element: <p>home page</p> },
        ],
        '/login',
      );
      await screen.findByTestId('login-captcha-image');
      fill('login-account', 'admin');
      fill('login-password', 'admin');
      fill('login-captcha', 'ab12c');
      fireEvent.click(screen.getByTestId('login-submit'));
      await menusAsked;
      await waitFor(() => expect(prefetch).toHaveBeenCalledTimes(1));
      expect(useSession.getState().token).toBe('t');
      expect(screen.queryByText('home page')).toBeNull();
      answerMenus();
      expect(await screen.findByText('home page')).toBeTruthy();
    });
  });

  it('shows error_description and fetches a new captcha when sign-in fails', async () => {
    const served = serveCaptcha();
    server.use(
      http.post('/api/blade-auth/oauth/token', () =>
        HttpResponse.json({ error_code: 400, error_description: '验证码不正确' }, { status: 400 }),
      ),
    );
    renderLogin();
    await screen.findByTestId('login-captcha-image');
    fill('login-account', 'admin');
    fill('login-password', 'wrong');
    fill('login-captcha', 'zzzzz');
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-submit'));
    });

    // no antd provider on the login page: the toast loads antd's message and shows as its toast
    await waitFor(() =>
      expect(document.querySelector('.ant-message')?.textContent).toContain('验证码不正确'),
    );
    await waitFor(() => expect(served.count).toBe(2));
    expect(screen.getByTestId('login-captcha')).toHaveProperty('value', '');
    expect(useSession.getState().token).toBeNull();
  });

  it("hides the tenant field when the site's domain belongs to a tenant, and signs in under it", async () => {
    serveCaptcha();
    let tokenUrl: URL | undefined;
    server.use(
      http.get('/api/blade-system/tenant/info', ({ request }) => {
        expect(new URL(request.url).searchParams.get('domain')).toBe(window.location.origin);
        return HttpResponse.json({
          code: 200,
          success: true,
          data: { tenantId: '654321', domain: 'x' },
          msg: '',
        });
      }),
      http.post('/api/blade-auth/oauth/token', ({ request }) => {
        tokenUrl = new URL(request.url);
        return HttpResponse.json({ error_code: 400, error_description: '用户名或密码错误' }, { status: 400 });
      }),
    );
    renderLogin();
    await screen.findByTestId('login-captcha-image');
    await waitFor(() => expect(screen.queryByTestId('login-tenant')).toBeNull());
    fill('login-account', 'admin');
    fill('login-password', 'admin');
    fill('login-captcha', 'abcde');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(tokenUrl?.searchParams.get('tenantId')).toBe('654321'));
  });
});
