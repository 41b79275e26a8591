import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import type { ResourceDef } from '@psi/db/model';
import { site } from '../../config/site';
import { fetchList, resourceKeys, type ListParams } from '../../api/resource';
import { listModeOf } from '../../api/lines';
import { useLazyTree } from './lazy';
import type { DeclaredRow } from './model';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

interface ListOptions {
  listUrl?: string;
  params?: ListParams;
  /** Nothing is listed while a placeholder shows. */
  placeholder: boolean;
}

/**
 * The rows of a resource screen: filters, sort, page and selection, the list query (or a lazy tree's
 * levels), and what a new search or a table change does to them.
 */
export function useResourceList(def: ResourceDef, { listUrl, params, placeholder }: ListOptions) {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<ListParams>({});
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState<number>(site.pageSize);
  const [sort, setSort] = useState<{ ascs?: string; descs?: string }>({});
  const [selected, setSelected] = useState<string[]>([]);

  // a lazy tree (`def.lazy`) loads its roots, then each expanded row's children (`lazy-list`), on a
  // line that lists lazily; elsewhere `{api}/list` answers the whole forest
  const lazy = listModeOf(def) === 'lazy' && !listUrl;
  const url = listUrl ?? `${def.api}/list`;
  const query: ListParams = { ...filters, ...sort, ...params, current, size };
  const list = useQuery({
    queryKey: resourceKeys.list(def.key, url, query),
    queryFn: () => fetchList(url, query),
    placeholderData: keepPreviousData,
    enabled: !placeholder && !lazy,
  });
  const tree = useLazyTree(def, filters, params, !placeholder && lazy);
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(def.key) });

  /** A new search starts again on page 1 (spec section 2, "Generic list behaviour"). */
  const search = (next: ListParams) => {
    // Searching again with the same filters on page 1 fetches the list again; otherwise the new
    // filters or page make a new query.
    if (current === 1 && JSON.stringify(next) === JSON.stringify(filters))
      void (lazy ? refresh() : list.refetch());
    setFilters(next);
    setCurrent(1);
    setSelected([]);
  };

  const onTableChange: TableProps<DeclaredRow>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = single?.order ? String(single.columnKey ?? single.field ?? '') : '';
    const nextSort = field ? { [single.order === 'ascend' ? 'ascs' : 'descs']: snake(field) } : {};
    if (JSON.stringify(nextSort) !== JSON.stringify(sort)) {
      setSort(nextSort);
      setCurrent(1);
      return;
    }
    if (pagination.pageSize && pagination.pageSize !== size) {
      setSize(pagination.pageSize);
      setCurrent(1);
      return;
    }
    setCurrent(pagination.current ?? 1);
  };

  return {
    lazy,
    tree,
    records: lazy ? tree.rows : (list.data?.records ?? []),
    isTree: lazy || (list.data?.tree ?? false),
    fetching: lazy ? tree.isFetching : list.isFetching,
    total: list.data?.total ?? 0,
    /** The filters and sort of the list without its page (what an export takes). */
    filtered: { ...filters, ...sort, ...params } as ListParams,
    current,
    size,
    selected,
    setSelected,
    refresh,
    search,
    onTableChange,
  };
}
