import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import SwitchDeptDialog from '../src/app/layout/header/SwitchDeptDialog';
import { UserMenu } from '../src/app/layout/header/UserMenu';
import { readServedSite, site } from '../src/config/site';
import { useSession } from '../src/stores/session';
import { envelope, resetStores, signIn, tokenBody } from './helpers';
import { server } from './msw-server';
import { renderPage } from './render';

const mutableSite = site as { switchMode: boolean };

describe('switch department and role (switch mode on)', () => {
  beforeEach(() => {
    resetStores();
    mutableSite.switchMode = true;
  });
  afterEach(() => {
    mutableSite.switchMode = false;
  });

  it('refreshes the token with the chosen department and role, then reloads the menus', async () => {
    signIn({ dept_id: '', role_id: '' });
    const seen: { headers: Record<string, string>; query: URLSearchParams }[] = [];
    let routesLoaded = 0;
    server.use(
      http.get('/api/blade-system/dept/select', () =>
        envelope([
          { id: '11', deptName: '运营部' },
          { id: '12', deptName: '财务部' },
        ]),
      ),
      http.get('/api/blade-system/role/select', () =>
        envelope([
          { id: '21', roleName: '管理员' },
          { id: '22', roleName: '用户' },
        ]),
      ),
      http.post('/api/blade-auth/oauth/token', ({ request }) => {
        seen.push({
          headers: Object.fromEntries(request.headers.entries()),
          query: new URL(request.url).searchParams,
        });
        return Response.json(tokenBody({ access_token: 'access-2', dept_id: '12', role_id: '22' }));
      }),
      http.get('/api/blade-system/menu/routes', () => {
        routesLoaded += 1;
        return envelope([]);
      }),
      http.get('/api/blade-system/menu/buttons', () => envelope([])),
    );
    let closed = false;
    renderPage(
      <App>
        <SwitchDeptDialog onClose={() => (closed = true)} />
      </App>,
    );
    const [dept, role] = await screen.findAllByRole('combobox');
    fireEvent.mouseDown(dept);
    fireEvent.click(await screen.findByTitle('财务部'));
    fireEvent.mouseDown(role);
    fireEvent.click(await screen.findByTitle('用户'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(closed).toBe(true));
    expect(seen).toHaveLength(1);
    expect(seen[0].query.get('grant_type')).toBe('refresh_token');
    expect(seen[0].query.get('refresh_token')).toBe('refresh-1');
    expect(seen[0].headers['dept-id']).toBe('12');
    expect(seen[0].headers['role-id']).toBe('22');
    expect(useSession.getState().token).toBe('access-2');
    expect(useSession.getState().userInfo?.dept_id).toBe('12');
    expect(routesLoaded).toBeGreaterThan(0);
  });

  it('sends no department or role header while switch mode is off', async () => {
    mutableSite.switchMode = false;
    signIn();
    const headers: Record<string, string>[] = [];
    server.use(
      http.post('/api/blade-auth/oauth/token', ({ request }) => {
        headers.push(Object.fromEntries(request.headers.entries()));
        return Response.json(tokenBody({ access_token: 'access-3' }));
      }),
      http.get('/api/blade-system/menu/routes', () => envelope([])),
      http.get('/api/blade-system/menu/buttons', () => envelope([])),
    );
    await useSession.getState().switchDeptRole('12', '22');
    expect(headers).toHaveLength(1);
    expect(headers[0]['dept-id']).toBeUndefined();
    expect(headers[0]['role-id']).toBeUndefined();
  });
});

describe('the served site configuration', () => {
  const docWith = (content: string | null) => {
    const doc = document.implementation.createHTMLDocument('x');
    if (content !== null) {
      const meta = doc.createElement('meta');
      meta.setAttribute('name', 'psi-site');
      meta.setAttribute('content', content);
      doc.head.append(meta);
    }
    return doc;
  };

  it('reads switch mode from the meta tag the server writes into index.html', () => {
    expect(readServedSite(docWith('{"switchMode":true}'))).toEqual({ switchMode: true });
    expect(readServedSite(docWith('{"switchMode":false}'))).toEqual({ switchMode: false });
  });

  it('ignores a missing, malformed or mistyped configuration (the build default applies)', () => {
    expect(readServedSite(docWith(null))).toEqual({});
    expect(readServedSite(docWith('{switchMode'))).toEqual({});
    expect(readServedSite(docWith('{"switchMode":"yes"}'))).toEqual({});
    expect(readServedSite(docWith('null'))).toEqual({});
    expect(readServedSite(undefined)).toEqual({});
  });
});

describe('switch mode: the choice goes with the next sign-in', () => {
  beforeEach(() => {
    resetStores();
    localStorage.removeItem('saber-switch');
    mutableSite.switchMode = true;
  });
  afterEach(() => {
    mutableSite.switchMode = false;
    localStorage.removeItem('saber-switch');
  });

  /** Token requests with their grant and switch headers; `answer` decides each response. */
  function serveToken(answer: (grant: string | null) => Response) {
    const seen: { grant: string | null; dept: string | null; role: string | null }[] = [];
    server.use(
      http.post('/api/blade-auth/oauth/token', ({ request }) => {
        const grant = new URL(request.url).searchParams.get('grant_type');
        seen.push({ grant, dept: request.headers.get('dept-id'), role: request.headers.get('role-id') });
        return answer(grant);
      }),
      http.get('/api/blade-system/menu/routes', () => envelope([])),
      http.get('/api/blade-system/menu/buttons', () => envelope([])),
    );
    return seen;
  }

  const form = (username = 'admin') => ({
    tenantId: '000000',
    username,
    password: 'admin',
    captchaKey: 'k',
    captchaCode: 'c',
  });

  it('sends the department and role the account last switched to, and only for that account', async () => {
    const seen = serveToken(() => Response.json(tokenBody({ dept_id: '12', role_id: '22' })));
    signIn();
    await useSession.getState().switchDeptRole('12', '22');
    await useSession.getState().login(form());
    await useSession.getState().login(form('someone'));
    expect(seen).toEqual([
      { grant: 'refresh_token', dept: '12', role: '22' },
      { grant: 'captcha', dept: '12', role: '22' },
      { grant: 'captcha', dept: null, role: null },
    ]);
  });

  it('drops a choice the server refuses, but keeps it after a wrong password', async () => {
    let failure = '用户名或密码错误';
    const seen = serveToken((grant) =>
      grant === 'refresh_token'
        ? Response.json(tokenBody({ dept_id: '12', role_id: '22' }))
        : Response.json({ error_code: 400, error_description: failure }, { status: 400 }),
    );
    signIn();
    await useSession.getState().switchDeptRole('12', '22');
    await expect(useSession.getState().login(form())).rejects.toThrow('用户名或密码错误');
    failure = '无权切换到该部门或角色';
    await expect(useSession.getState().login(form())).rejects.toThrow('无权切换到该部门或角色');
    await expect(useSession.getState().login(form())).rejects.toThrow();
    expect(seen.slice(1)).toEqual([
      { grant: 'captcha', dept: '12', role: '22' },
      { grant: 'captcha', dept: '12', role: '22' },
      { grant: 'captcha', dept: null, role: null },
    ]);
  });

  it('remembers nothing while switch mode is off', async () => {
    mutableSite.switchMode = false;
    const seen = serveToken(() => Response.json(tokenBody()));
    signIn();
    await useSession.getState().switchDeptRole('12', '22');
    await useSession.getState().login(form());
    expect(seen.map((s) => s.dept)).toEqual([null, null]);
    expect(localStorage.getItem('saber-switch')).toBeNull();
  });
});

describe('switch dialog and header (switch mode on)', () => {
  beforeEach(() => {
    resetStores();
    mutableSite.switchMode = true;
    server.use(
      http.get('/api/blade-system/dept/select', () =>
        envelope([
          { id: '11', deptName: '运营部' },
          { id: '12', deptName: '财务部' },
        ]),
      ),
      http.get('/api/blade-system/role/select', () =>
        envelope([
          { id: '21', roleName: '管理员' },
          { id: '22', roleName: '用户' },
        ]),
      ),
    );
  });
  afterEach(() => {
    mutableSite.switchMode = false;
  });

  it('requires both fields with the seed messages and sends nothing without them', async () => {
    signIn({ dept_id: '11', role_id: '21' });
    let requested = 0;
    server.use(
      http.post('/api/blade-auth/oauth/token', () => {
        requested += 1;
        return Response.json(tokenBody());
      }),
    );
    renderPage(
      <App>
        <SwitchDeptDialog onClose={() => undefined} />
      </App>,
    );
    await screen.findByTitle('运营部');
    for (const clear of document.querySelectorAll('.ant-select-clear')) fireEvent.click(clear);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请选择部门', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(screen.getByText('请选择角色', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(requested).toBe(0);
  });

  it('names the department and role of the session in the header', async () => {
    signIn({ dept_id: '12', role_id: '21,22' });
    renderPage(
      <App>
        <UserMenu />
      </App>,
    );
    expect((await screen.findByTestId('user-menu-assignment')).textContent).toBe('财务部 · 管理员、用户');
  });

  it('shows no assignment while switch mode is off', async () => {
    mutableSite.switchMode = false;
    signIn({ dept_id: '12', role_id: '22' });
    renderPage(
      <App>
        <UserMenu />
      </App>,
    );
    await screen.findByTestId('user-menu');
    expect(screen.queryByTestId('user-menu-assignment')).toBeNull();
  });
});
