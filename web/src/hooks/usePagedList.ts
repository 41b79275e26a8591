import { useState } from 'react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { TablePaginationConfig, TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { site } from '../config/site';

/** A list request's query string: the search bar's filters, the sort, fixed filters and the page. */
export type PagedParams = Record<string, string | number | undefined>;

/** `ascs`/`descs` with a snake_case column, as Blade's `Condition.getQuery` reads them. */
export type ListSort = { ascs?: string; descs?: string };

/** What a list request answers: a page of rows and how many match (a resource list also says `tree`). */
export interface PagedAnswer<R> {
  records: R[];
  total: number;
}

export interface PagedListOptions<A> {
  /** The cache key of one request (its params included), under the list's own root. */
  queryKey: (params: PagedParams) => QueryKey;
  fetch: (params: PagedParams) => Promise<A>;
  /** Filters every request carries besides the search bar's (a status tab, a parent record). */
  fixed?: PagedParams;
  /** Nothing is requested while false (a placeholder shows, or another source lists the rows). */
  enabled?: boolean;
  refetchOnMount?: 'always';
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The one list engine under every server-paged list of the web (resource screens, document lists,
 * stock, workflow lists): the search bar's filters, the sort, the page and its size, the request under
 * react-query's cache (the previous page stays while the next loads), the table's pager, and what a
 * new search or a table change does to them. A new search starts again on page 1 (spec section 2,
 * "Generic list behaviour"); the same search on page 1 asks the server again.
 */
export function usePagedList<A extends PagedAnswer<unknown>, F extends PagedParams = PagedParams>(
  options: PagedListOptions<A>,
) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<F>({} as F);
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState<number>(site.pageSize);
  const [sort, setSort] = useState<ListSort>({});

  /** What the list shows without its page: what an export or a count takes. */
  const filtered: PagedParams = { ...filters, ...sort, ...options.fixed };
  const params: PagedParams = { ...filtered, current, size };
  const query = useQuery<A>({
    queryKey: options.queryKey(params),
    queryFn: () => options.fetch(params),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    ...(options.refetchOnMount ? { refetchOnMount: options.refetchOnMount } : {}),
  });
  const total = query.data?.total ?? 0;
  const none: A['records'] = [];
  const records: A['records'] = query.data ? query.data.records : none;

  const first = () => setCurrent(1);
  const search = (next: F, refetch: () => unknown = () => query.refetch()) => {
    if (current === 1 && same(next, filters)) void refetch();
    setFilters(next);
    first();
  };
  const turn = (page: number, pageSize: number) => {
    if (pageSize !== size) {
      setSize(pageSize);
      first();
    } else setCurrent(page);
  };

  /** The table's pager: a new page size goes back to page 1. */
  const pagination: TablePaginationConfig = {
    current,
    pageSize: size,
    total,
    showSizeChanger: true,
    pageSizeOptions: site.pageSizes.map(String),
    showTotal: (count) => t('crud.total', { total: count }),
    onChange: turn,
  };

  /** A sortable table's change: a new sort goes back to page 1, otherwise the pager moved. */
  const onTableChange = <T>(...[pager, , sorter]: Parameters<NonNullable<TableProps<T>['onChange']>>) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = single?.order ? String(single.columnKey ?? single.field ?? '') : '';
    const nextSort: ListSort = field ? { [single?.order === 'ascend' ? 'ascs' : 'descs']: snake(field) } : {};
    if (!same(nextSort, sort)) {
      setSort(nextSort);
      first();
      return;
    }
    turn(pager.current ?? 1, pager.pageSize ?? size);
  };

  return {
    query,
    records,
    total,
    fetching: query.isFetching,
    filters,
    filtered,
    current,
    size,
    first,
    search,
    pagination,
    onTableChange,
  };
}
