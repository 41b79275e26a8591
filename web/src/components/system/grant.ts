import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { TreeNode } from '../../api/types';

/** Keys of the nodes without children: a checked parent is derived from its children in the tree. */
export function leafKeys(nodes: readonly TreeNode[] = [], out = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (node.children?.length) leafKeys(node.children, out);
    else out.add(String(node.id));
  }
  return out;
}

interface Source<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
}

/** A grant dialog's sources, read afresh each time it opens: the tree to check and the keys granted so far. */
export function useGrantSources<Tree, Keys>(tree: Source<Tree>, keys: Source<Keys>) {
  return {
    tree: useQuery({ ...tree, gcTime: 0 }),
    keys: useQuery({ ...keys, gcTime: 0, staleTime: 0 }),
  };
}
