import { useMemo, useState } from 'react';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { ResourceDef } from '@psi/db/model';
import { fetchLazyList, resourceKeys, type ListParams } from '../../api/resource';
import type { DeclaredRow } from './model';

/**
 * The rows of a lazy tree resource (`def.lazy`, BladeX's lazy tree table) and their expansion: the
 * roots from `{api}/lazy-list?parentId=0` (with search filters, the matching rows the server answers,
 * wherever they sit), and a row's children from `lazy-list?parentId=<id>` once it is expanded. Each
 * parent's rows are one react-query query (key per parentId), so a refresh of `[def.key]` reloads
 * the roots and every expanded level and keeps the rows expanded.
 */

export interface LazyTree {
  /** The rows for the table: rows with `hasChildren` carry `children` (empty until loaded). */
  rows: DeclaredRow[];
  expandedKeys: string[];
  /** Rows whose children are being loaded for the first time. */
  loadingKeys: ReadonlySet<string>;
  isFetching: boolean;
  toggle: (id: string, open: boolean) => void;
  /** Opens a parent (a child was just added under it). */
  expand: (id: string) => void;
}

const idOf = (row: DeclaredRow) => String(row.id ?? '');

const lazyListUrl = (def: ResourceDef) => `${def.api}/lazy-list`;

/** The parameters of the first level: the roots, or with filters the matching rows. */
export function lazyRootParams(filters: ListParams, params: ListParams = {}): ListParams {
  return Object.keys(filters).length > 0 ? { ...params, ...filters } : { ...params, parentId: 0 };
}

/**
 * The table's rows from the first level and the loaded levels below (by parent id). A row shown
 * already (a search can answer a parent and its child) is not shown a second time below its parent.
 */
export function buildLazyRows(
  top: readonly DeclaredRow[],
  childrenOf: ReadonlyMap<string, readonly DeclaredRow[]>,
  expanded: readonly string[],
): DeclaredRow[] {
  const seen = new Set(top.map(idOf));
  const open = new Set(expanded);
  const build = (level: readonly DeclaredRow[]): DeclaredRow[] =>
    level.map((row) => {
      const { children: _ignored, ...own } = row;
      if (!row.hasChildren) return own;
      const id = idOf(row);
      const loaded = open.has(id) ? childrenOf.get(id) : undefined;
      if (!loaded) return { ...own, children: [] };
      const fresh = loaded.filter((child) => !seen.has(idOf(child)));
      for (const child of fresh) seen.add(idOf(child));
      return { ...own, children: build(fresh) };
    });
  return build(top);
}

export function useLazyTree(
  def: ResourceDef,
  filters: ListParams,
  params: ListParams | undefined,
  enabled: boolean,
): LazyTree {
  const url = lazyListUrl(def);
  const [expandedKeys, setExpandedKeys] = useState<string[]>([]);
  const rootParams = lazyRootParams(filters, params);
  const root = useQuery({
    queryKey: resourceKeys.lazy(def.key, url, rootParams),
    queryFn: () => fetchLazyList(url, rootParams),
    placeholderData: keepPreviousData,
    enabled,
  });
  const levels = useQueries({
    queries: expandedKeys.map((parentId) => {
      const query = { ...params, parentId };
      return {
        queryKey: resourceKeys.lazy(def.key, url, query),
        queryFn: () => fetchLazyList(url, query),
        enabled,
      };
    }),
    // one stable value for every level: the rows, and which levels load for the first time
    combine: (results) => ({
      data: results.map((result) => result.data),
      loading: results.map((result) => result.isFetching && result.data === undefined),
    }),
  });

  const top = root.data;
  const rows = useMemo(() => {
    const childrenOf = new Map<string, DeclaredRow[]>();
    expandedKeys.forEach((id, index) => {
      const data = levels.data[index];
      if (data) childrenOf.set(id, data);
    });
    return buildLazyRows(top ?? [], childrenOf, expandedKeys);
  }, [top, expandedKeys, levels.data]);
  const loadingKeys = useMemo(
    () => new Set(expandedKeys.filter((_id, index) => levels.loading[index])),
    [expandedKeys, levels.loading],
  );

  const toggle = (id: string, open: boolean) =>
    setExpandedKeys((keys) =>
      open ? (keys.includes(id) ? keys : [...keys, id]) : keys.filter((k) => k !== id),
    );
  const expand = (id: string) => toggle(id, true);

  return { rows, expandedKeys, loadingKeys, isFetching: root.isFetching, toggle, expand };
}
