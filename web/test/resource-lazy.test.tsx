import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { deptResource } from '@psi/db/model';
import { ResourcePage } from '../src/components/resource/ResourcePage';
import { buildLazyRows, lazyRootParams } from '../src/components/resource/lazy';
import { useSession } from '../src/stores/session';
import { envelope, resetStores, signIn } from './helpers';
import { server } from './msw-server';
import { renderPage } from './render';

interface Dept {
  id: string;
  parentId: string;
  tenantId: string;
  deptName: string;
  fullName: string;
  deptCategory: number;
  sort: number;
}

const dept = (id: string, parentId: string, deptName: string, sort = 1): Dept => ({
  id,
  parentId,
  tenantId: '000000',
  deptName,
  fullName: `${deptName}全称`,
  deptCategory: 1,
  sort,
});

/**
 * A small department server speaking the lazy-list contract: the children of `parentId`, or with a
 * `deptName` filter every matching row; each row with `hasChildren`. Requests are recorded; a level can
 * be held back (`hold`) to see the row's loading state.
 */
function serveDepts() {
  const depts: Dept[] = [
    dept('1', '0', '总部'),
    dept('2', '1', '运营部'),
    dept('3', '1', '财务部', 2),
    dept('4', '2', '运营一组'),
    dept('5', '0', '分部', 2),
  ];
  const requests: URLSearchParams[] = [];
  const bodies: Record<string, unknown>[] = [];
  const held = new Map<string, Promise<void>>();
  let nextId = 100;
  const withChildren = (rows: Dept[]) =>
    rows
      .sort((a, b) => a.sort - b.sort)
      .map((row) => ({ ...row, hasChildren: depts.some((d) => d.parentId === row.id) }));
  server.use(
    http.get('/api/blade-system/dept/lazy-list', async ({ request }) => {
      const query = new URL(request.url).searchParams;
      requests.push(query);
      const parentId = query.get('parentId');
      const gate = parentId ? held.get(parentId) : undefined;
      if (gate) await gate;
      const name = query.get('deptName');
      const rows = name
        ? depts.filter((d) => d.deptName.includes(name))
        : depts.filter((d) => d.parentId === (parentId ?? '0'));
      return envelope(withChildren(rows));
    }),
    http.get('/api/blade-system/dept/list', () => {
      throw new Error('a lazy tree must not load the whole forest');
    }),
    http.get('/api/blade-system/dept/tree', () =>
      envelope(
        depts.map((d) => ({ id: d.id, parentId: d.parentId, title: d.deptName, value: d.id, key: d.id })),
      ),
    ),
    http.get('/api/blade-system/dict/dictionary', () =>
      envelope([{ id: 'c1', code: 'org_category', dictKey: 1, dictValue: '公司', sort: 1 }]),
    ),
    http.post('/api/blade-system/dept/submit', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      depts.push({ ...dept(String(nextId++), String(body.parentId ?? '0'), String(body.deptName)), sort: 9 });
      return envelope({});
    }),
    http.post('/api/blade-system/dept/remove', ({ request }) => {
      const ids = new URL(request.url).searchParams.get('ids')?.split(',') ?? [];
      for (const id of ids)
        depts.splice(
          depts.findIndex((d) => d.id === id),
          1,
        );
      return envelope({});
    }),
  );
  const hold = (parentId: string) => {
    let release = () => {};
    held.set(
      parentId,
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    return () => {
      held.delete(parentId);
      release();
    };
  };
  return { requests, bodies, hold };
}

const table = () => screen.getByTestId('resource-table');
const rowOf = (text: string) => {
  const cell = within(table()).getByText(text);
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};
const expandButton = (text: string) => within(rowOf(text)).getByRole('button', { name: '展开' });
const parents = (requests: URLSearchParams[]) => requests.map((q) => q.get('parentId'));

function renderDepts() {
  return renderPage(
    <App>
      <ResourcePage def={deptResource} />
    </App>,
  );
}

describe('lazy tree lists (def.lazy)', () => {
  beforeEach(() => {
    resetStores();
    signIn();
    useSession
      .getState()
      .setMenus([], { dept_add: true, dept_edit: true, dept_delete: true, dept_view: true });
  });

  it('loads only the roots first, with no pager and an expand button on rows with children', async () => {
    const { requests } = serveDepts();
    renderDepts();
    expect(await within(table()).findByText('总部')).toBeTruthy();
    expect(within(table()).getByText('分部')).toBeTruthy();
    expect(requests).toHaveLength(1);
    expect(requests[0].get('parentId')).toBe('0');
    expect(requests[0].has('current')).toBe(false);
    expect(requests[0].has('size')).toBe(false);
    // children are not loaded yet
    expect(within(table()).queryByText('运营部')).toBeNull();
    expect(expandButton('总部')).toBeTruthy();
    expect(within(rowOf('分部')).queryByRole('button', { name: '展开' })).toBeNull();
    expect(document.querySelector('.ant-pagination')).toBeNull();
    expect(within(table()).queryByRole('columnheader', { name: '#' })).toBeNull();
  });

  it('loads a row’s children when it is expanded, showing the row as loading meanwhile', async () => {
    const { requests, hold } = serveDepts();
    renderDepts();
    await within(table()).findByText('总部');
    const release = hold('1');
    fireEvent.click(expandButton('总部'));
    expect(await within(rowOf('总部')).findByTestId('row-loading')).toBeTruthy();
    await waitFor(() => expect(parents(requests)).toEqual(['0', '1']));
    act(() => release());
    expect(await within(table()).findByText('运营部')).toBeTruthy();
    expect(within(table()).getByText('财务部')).toBeTruthy();
    expect(within(rowOf('总部')).queryByTestId('row-loading')).toBeNull();
    expect(within(rowOf('总部')).getByRole('button', { name: '收起' })).toBeTruthy();
    // one level deeper
    fireEvent.click(expandButton('运营部'));
    expect(await within(table()).findByText('运营一组')).toBeTruthy();
    expect(parents(requests)).toEqual(['0', '1', '2']);
    // collapsing hides the rows without asking again
    fireEvent.click(within(rowOf('总部')).getByRole('button', { name: '收起' }));
    await waitFor(() => expect(within(table()).queryByText('运营部')).toBeNull());
    expect(requests).toHaveLength(3);
  });

  it('searches across levels: sends the filters without a parent and lists the matching rows', async () => {
    const { requests } = serveDepts();
    renderDepts();
    await within(table()).findByText('总部');
    const bar = screen.getByTestId('resource-search');
    fireEvent.change(bar.querySelector('[data-field="deptName"]') as Element, { target: { value: '一组' } });
    fireEvent.click(screen.getByTestId('search-submit'));
    expect(await within(table()).findByText('运营一组')).toBeTruthy();
    const last = requests.at(-1)!;
    expect(last.get('deptName')).toBe('一组');
    expect(last.has('parentId')).toBe(false);
    expect(within(table()).queryByText('总部')).toBeNull();
    // clearing the search goes back to the roots
    fireEvent.click(screen.getByTestId('search-reset'));
    expect(await within(table()).findByText('总部')).toBeTruthy();
    expect(requests.at(-1)?.get('parentId')).toBe('0');
  });

  it('adds a child under a row: the parent opens and shows it; refreshes keep rows open', async () => {
    const { requests, bodies } = serveDepts();
    renderDepts();
    await within(table()).findByText('总部');
    fireEvent.click(expandButton('总部'));
    await within(table()).findByText('财务部');
    // 财务部 has no children yet: add one under it
    fireEvent.click(within(rowOf('财务部')).getByTestId('row-add-child'));
    const form = await screen.findByTestId('resource-form');
    const input = (name: string) => form.querySelector(`[data-field="${name}"]`) as Element;
    fireEvent.change(input('deptName'), { target: { value: '核算组' } });
    fireEvent.change(input('fullName'), { target: { value: '财务部核算组' } });
    fireEvent.click(screen.getByTestId('dialog-submit'));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(bodies[0]).toMatchObject({ parentId: '3', deptName: '核算组' });
    // the new row is under its parent, and the level above was reloaded too
    expect(await within(table()).findByText('核算组')).toBeTruthy();
    expect(within(rowOf('财务部')).getByRole('button', { name: '收起' })).toBeTruthy();
    const after = parents(requests.slice(2));
    expect(after).toEqual(expect.arrayContaining(['0', '1', '3']));

    // deleting the new row refreshes every open level, which stay open
    const before = requests.length;
    fireEvent.click(within(rowOf('核算组')).getByTestId('row-delete'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(within(table()).queryByText('核算组')).toBeNull());
    expect(parents(requests.slice(before))).toEqual(expect.arrayContaining(['0', '1', '3']));
    expect(within(table()).getByText('运营部')).toBeTruthy();
    expect(within(table()).getByText('财务部')).toBeTruthy();
  });

  it('builds the rows: children only under open parents, a row shown once', () => {
    const top = [
      { id: 'a', hasChildren: true },
      { id: 'b', hasChildren: true },
      { id: 'c', hasChildren: false, children: [{ id: 'x' }] },
    ];
    const childrenOf = new Map([
      [
        'a',
        [
          { id: 'b', hasChildren: true },
          { id: 'a1', hasChildren: false },
        ],
      ],
      ['b', [{ id: 'b1', hasChildren: false }]],
    ]);
    expect(buildLazyRows(top, childrenOf, ['a'])).toEqual([
      { id: 'a', hasChildren: true, children: [{ id: 'a1', hasChildren: false }] },
      { id: 'b', hasChildren: true, children: [] },
      { id: 'c', hasChildren: false },
    ]);
    expect(lazyRootParams({})).toEqual({ parentId: 0 });
    expect(lazyRootParams({ deptName: 'x' }, { tenantId: '1' })).toEqual({ tenantId: '1', deptName: 'x' });
  });
});
