import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ResourceDef } from '@psi/db/model';
import { fetchList, resourceKeys, type ListParams } from '../../api/resource';
import { listModeOf } from '../../api/lines';
import { usePagedList } from '../../hooks/usePagedList';
import { useLazyTree } from './lazy';

interface ListOptions {
  listUrl?: string;
  params?: ListParams;
  /** Nothing is listed while a placeholder shows. */
  placeholder: boolean;
}

/**
 * The rows of a resource screen: the paged list (the web's one list engine, `usePagedList`) or a lazy
 * tree's levels, and the selection, which a new search clears.
 */
export function useResourceList(def: ResourceDef, { listUrl, params, placeholder }: ListOptions) {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string[]>([]);

  // a lazy tree (`def.lazy`) loads its roots, then each expanded row's children (`lazy-list`), on a
  // line that lists lazily; elsewhere `{api}/list` answers the whole forest
  const lazy = listModeOf(def) === 'lazy' && !listUrl;
  const url = listUrl ?? `${def.api}/list`;
  const list = usePagedList<Awaited<ReturnType<typeof fetchList>>, ListParams>({
    queryKey: (query) => resourceKeys.list(def.key, url, query),
    fetch: (query) => fetchList(url, query),
    fixed: params,
    enabled: !placeholder && !lazy,
  });
  const tree = useLazyTree(def, list.filters, params, !placeholder && lazy);
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(def.key) });

  return {
    lazy,
    tree,
    records: lazy ? tree.rows : list.records,
    isTree: lazy || (list.query.data?.tree ?? false),
    fetching: lazy ? tree.isFetching : list.fetching,
    total: list.total,
    /** The filters and sort of the list without its page (what an export takes). */
    filtered: list.filtered,
    current: list.current,
    size: list.size,
    pagination: list.pagination,
    selected,
    setSelected,
    refresh,
    search: (next: ListParams) => {
      list.search(next, lazy ? refresh : undefined);
      setSelected([]);
    },
    onTableChange: list.onTableChange,
  };
}
