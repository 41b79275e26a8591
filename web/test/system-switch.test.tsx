import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import SwitchDeptDialog from '../src/app/layout/header/SwitchDeptDialog';
import { site } from '../src/config/site';
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
