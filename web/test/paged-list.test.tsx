import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { SorterResult } from 'antd/es/table/interface';
import { describe, expect, it } from 'vitest';
import { usePagedList, type PagedParams } from '../src/hooks/usePagedList';
import { site } from '../src/config/site';

/** The one list engine under every web list, driven as a table and a search bar drive it. */
function setup(fixed?: PagedParams) {
  const calls: PagedParams[] = [];
  const fetch = (params: PagedParams) => {
    calls.push(params);
    return Promise.resolve({ records: [{ id: String(calls.length) }], total: 42 });
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(
    () =>
      usePagedList<{ records: { id: string }[]; total: number }>({
        queryKey: (params) => ['test-list', params],
        fetch,
        ...(fixed ? { fixed } : {}),
      }),
    { wrapper },
  );
  return { ...view, calls };
}

const pager = (current: number, pageSize: number) => ({ current, pageSize });
const noSort = {} as SorterResult<unknown>;
const table = { action: 'paginate' as const, currentDataSource: [] };

describe('usePagedList', () => {
  it('asks for page 1 at the site page size with the fixed filters, and shows the total', async () => {
    const { result, calls } = setup({ threshold: 10 });
    await waitFor(() => expect(result.current.records).toEqual([{ id: '1' }]));
    expect(calls[0]).toEqual({ threshold: 10, current: 1, size: site.pageSize });
    expect(result.current.pagination.total).toBe(42);
    expect(result.current.pagination.pageSizeOptions).toEqual(site.pageSizes.map(String));
  });

  it('goes back to page 1 on a new search and a new page size, and keeps the page otherwise', async () => {
    const { result, calls } = setup();
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => result.current.pagination.onChange?.(3, site.pageSize));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ current: 3 }));
    act(() => result.current.search({ name: 'math' }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ name: 'math', current: 1, size: site.pageSize }));
    act(() => result.current.pagination.onChange?.(2, site.pageSize));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ name: 'math', current: 2 }));
    act(() => result.current.pagination.onChange?.(2, 50));
    await waitFor(() => expect(calls.at(-1)).toEqual({ name: 'math', current: 1, size: 50 }));
  });

  it('asks the server again when the same search is made on page 1', async () => {
    const { result, calls } = setup();
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => result.current.search({}));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual(calls[0]);
  });

  it('sorts by the snake_case column, back on page 1, and leaves the sort out of nothing else', async () => {
    const { result, calls } = setup();
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => result.current.onTableChange(pager(4, site.pageSize), {}, noSort, table));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ current: 4 }));
    const sorter = { order: 'ascend', field: 'createTime', columnKey: 'createTime' } as SorterResult<unknown>;
    act(() => result.current.onTableChange(pager(4, site.pageSize), {}, sorter, table));
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({ ascs: 'create_time', current: 1, size: site.pageSize }),
    );
    expect(result.current.filtered).toEqual({ ascs: 'create_time' });
    const descending = { ...sorter, order: 'descend' } as SorterResult<unknown>;
    act(() => result.current.onTableChange(pager(1, site.pageSize), {}, descending, table));
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({ descs: 'create_time', current: 1, size: site.pageSize }),
    );
  });
});

describe('one list engine', () => {
  it('is the only pager of a server-paged list in the web (no list keeps its own page state)', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join, relative } = await import('node:path');
    const root = join(__dirname, '../src');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name)) files.push(path);
      }
    };
    walk(root);
    // a paged list's own state: a page number of its own, or a size changer over server pages
    const ownPaging = /useState(<number>)?\(\s*site\.pageSize\s*\)|useState\(\{\s*current:\s*1/;
    const offenders = files
      .filter((file) => !file.endsWith('usePagedList.ts') && ownPaging.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });
});
