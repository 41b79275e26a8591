import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { paramResource, tenantPackageResource, type ResourceDef } from '@psi/db/model';
import { ResourcePage } from '../src/components/resource/ResourcePage';
import { useSession } from '../src/stores/session';
import { envelope, resetStores, signIn } from './helpers';
import { server } from './msw-server';
import { renderPage } from './render';

const rows = [
  {
    id: '11',
    paramName: '账号初始密码',
    paramKey: 'account.initPassword',
    paramValue: '123456',
    createTime: '2026-11-22 08:00:00',
  },
  {
    id: '12',
    paramName: '是否开启注册功能',
    paramKey: 'account.registerUser',
    paramValue: 'true',
    createTime: '2026-11-22 08:00:00',
  },
];

function serveParams() {
  const lists: URLSearchParams[] = [];
  const bodies: unknown[] = [];
  server.use(
    http.get('/api/blade-system/param/list', ({ request }) => {
      lists.push(new URL(request.url).searchParams);
      return envelope({ records: rows, total: 42, size: 10, current: 1, pages: 5 });
    }),
    http.post('/api/blade-system/param/submit', async ({ request }) => {
      bodies.push(await request.json());
      return envelope({});
    }),
  );
  return { lists, bodies };
}

function renderResource(def: ResourceDef = paramResource) {
  return renderPage(
    <App>
      <ResourcePage def={def} />
    </App>,
  );
}

describe('<ResourcePage> from a declaration', () => {
  beforeEach(() => {
    resetStores();
    signIn();
    useSession.getState().setMenus([], {
      param_add: true,
      param_edit: true,
      param_delete: true,
      param_view: true,
      tenantpackage_add: true,
      tenantpackage_edit: true,
      tenantpackage_delete: true,
      tenantpackage_view: true,
    });
  });

  it('lists page 1 of 10 with index and selection columns, the declared columns and row buttons', async () => {
    const { lists } = serveParams();
    renderResource();
    expect(await screen.findByText('account.initPassword')).toBeTruthy();
    expect(lists[0].get('current')).toBe('1');
    expect(lists[0].get('size')).toBe('10');
    const table = screen.getByTestId('resource-table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(
      expect.arrayContaining(['#', '参数名称', '参数键名', '参数键值', '创建时间', '操作']),
    );
    expect(within(table).getAllByRole('checkbox').length).toBe(3);
    expect(screen.getAllByTestId('row-view')).toHaveLength(2);
    expect(screen.getByText('共 42 条')).toBeTruthy();
  });

  it('searches with the filled fields only, back from page 3 to page 1', async () => {
    const { lists } = serveParams();
    renderResource();
    await screen.findByText('account.initPassword');
    // on page 3 first (42 rows, 10 a page)
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(lists.at(-1)?.get('current')).toBe('3'));
    const bar = screen.getByTestId('resource-search');
    fireEvent.change(bar.querySelector('[data-field="paramName"]') as Element, {
      target: { value: ' 账号 ' },
    });
    fireEvent.click(screen.getByTestId('search-submit'));
    await waitFor(() => expect(lists.at(-1)?.get('paramName')).toBe('账号'));
    expect(lists.at(-1)?.get('current')).toBe('1');
    expect(lists.at(-1)?.has('paramKey')).toBe(false);
  });

  it('warns when deleting nothing, and shows the seed messages of an empty add', async () => {
    serveParams();
    renderResource();
    await screen.findByText('account.initPassword');
    fireEvent.click(screen.getByTestId('toolbar-delete'));
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();

    fireEvent.click(screen.getByTestId('toolbar-add'));
    fireEvent.click(await screen.findByTestId('dialog-submit'));
    expect(await screen.findByText('请输入参数名称')).toBeTruthy();
    expect(screen.getByText('请输入参数键名')).toBeTruthy();
    expect(screen.getByText('请输入参数键值')).toBeTruthy();
  });

  it('adds a record and says so', async () => {
    const { bodies } = serveParams();
    renderResource();
    await screen.findByText('account.initPassword');
    fireEvent.click(screen.getByTestId('toolbar-add'));
    const form = await screen.findByTestId('resource-form');
    const input = (name: string) => form.querySelector(`[data-field="${name}"]`) as Element;
    fireEvent.change(input('paramName'), { target: { value: '站点名称' } });
    fireEvent.change(input('paramKey'), { target: { value: 'site.name' } });
    fireEvent.change(input('paramValue'), { target: { value: '书籍征订系统' } });
    fireEvent.click(screen.getByTestId('dialog-submit'));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(bodies).toEqual([{ paramName: '站点名称', paramKey: 'site.name', paramValue: '书籍征订系统' }]);
  });

  it('on a refused add shows the server message and only resets the loading state', async () => {
    serveParams();
    server.use(
      http.post('/api/blade-system/param/submit', () =>
        HttpResponse.json({ code: 400, success: false, msg: '参数键名已存在' }, { status: 400 }),
      ),
    );
    renderResource();
    await screen.findByText('account.initPassword');
    fireEvent.click(screen.getByTestId('toolbar-add'));
    const form = await screen.findByTestId('resource-form');
    const input = (name: string) => form.querySelector(`[data-field="${name}"]`) as HTMLInputElement;
    fireEvent.change(input('paramName'), { target: { value: '站点名称' } });
    fireEvent.change(input('paramKey'), { target: { value: 'account.initPassword' } });
    fireEvent.change(input('paramValue'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('dialog-submit'));
    expect(await screen.findByText('参数键名已存在')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('dialog-submit').classList.contains('ant-btn-loading')).toBe(false),
    );
    // the dialog stays open with what was typed; no success message
    expect(screen.getByTestId('resource-form')).toBeTruthy();
    expect(input('paramName').value).toBe('站点名称');
    expect(input('paramKey').value).toBe('account.initPassword');
    expect(screen.queryByText('新增成功')).toBeNull();
  });

  it('on a refused delete shows the server message, closes the confirm and keeps the row', async () => {
    const { lists } = serveParams();
    const removed: string[] = [];
    server.use(
      http.post('/api/blade-system/param/remove', ({ request }) => {
        removed.push(new URL(request.url).searchParams.get('ids') ?? '');
        return HttpResponse.json({ code: 400, success: false, msg: '该参数不可删除' }, { status: 400 });
      }),
    );
    const rejections: unknown[] = [];
    const onRejection = (event: PromiseRejectionEvent) => rejections.push(event.reason);
    window.addEventListener('unhandledrejection', onRejection);
    try {
      renderResource();
      await screen.findByText('account.initPassword');
      const listed = lists.length;
      fireEvent.click(screen.getAllByTestId('row-delete')[0]);
      expect(await screen.findByText('确定将选择数据删除?')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
      expect(await screen.findByText('该参数不可删除')).toBeTruthy();
      // the confirm is closing (jsdom keeps it in the document in its leave motion)
      await waitFor(() =>
        expect(document.querySelector('.ant-modal-confirm')?.className).toMatch(/ant-zoom-leave/),
      );
      expect(removed).toEqual(['11']);
      expect(screen.queryByText('删除成功')).toBeNull();
      expect(lists.length).toBe(listed);
      expect(screen.getByText('account.initPassword')).toBeTruthy();
      expect(rejections).toEqual([]);
    } finally {
      window.removeEventListener('unhandledrejection', onRejection);
    }
  });

  it('has no view button where the declaration has none (tenant packages)', async () => {
    server.use(
      http.get('/api/blade-system/tenant-package/list', () =>
        envelope({
          records: [{ id: '5', packageName: '基础包', menuId: '1,2' }],
          total: 1,
          size: 10,
          current: 1,
          pages: 1,
        }),
      ),
    );
    renderResource(tenantPackageResource);
    expect(await screen.findByText('基础包')).toBeTruthy();
    expect(screen.queryAllByTestId('row-view')).toHaveLength(0);
    expect(screen.getAllByTestId('row-edit')).toHaveLength(1);
    expect(within(screen.getByTestId('resource-table')).queryByText('菜单列表')).toBeNull();
  });
});

describe('HTTP client', () => {
  it('lets a caller word a failure itself (quiet)', async () => {
    const { request } = await import('../src/api/request');
    const { captureToasts } = await import('./helpers');
    const toasts = captureToasts();
    server.use(
      http.post('/api/quiet', () => HttpResponse.json({ code: 400, success: false }, { status: 400 })),
    );
    await expect(request.post('/quiet', null, { meta: { quiet: true } })).rejects.toMatchObject({
      code: 400,
      notified: false,
    });
    expect(toasts.errors).toEqual([]);
  });
});
