import { useQuery } from '@tanstack/react-query';
import type { FieldDef, Lang } from '@psi/db/model';
import type { TreeNode } from '../../api/types';
import { fetchDictionary, fetchTree, resourceKeys } from '../../api/resource';

/** Dictionaries and trees change rarely: cached for long, dropped by the tab bar's "clear cache". */
const longStale = 30 * 60_000;

export interface Option {
  value: string | number;
  label: string;
}

/** The choices of a dict, select or switch field: the server's dictionary, else the declared options. */
export function useFieldOptions(field: FieldDef, lang: Lang): { options: Option[]; loading: boolean } {
  const code = field.dict?.code;
  const source = field.dict?.source ?? 'dict';
  const query = useQuery({
    queryKey: resourceKeys.dictionary(code, source),
    queryFn: () => fetchDictionary(code ?? '', source),
    enabled: Boolean(code),
    staleTime: longStale,
    gcTime: longStale,
  });
  const declared = (field.options ?? []).map((option) => ({
    value: option.value,
    label: option.label[lang],
  }));
  if (!code || !query.data || query.data.length === 0) return { options: declared, loading: query.isLoading };
  // In English: the entry's English label, else the declaration's label of the same key, else the value.
  const options = query.data.map((entry) => {
    if (lang !== 'en') return { value: entry.dictKey, label: entry.dictValue };
    const own = declared.find((option) => String(option.value) === String(entry.dictKey));
    return { value: entry.dictKey, label: entry.dictValueEn || own?.label || entry.dictValue };
  });
  return { options, loading: false };
}

export function useTreeData(url: string | undefined): { tree: TreeNode[]; loading: boolean } {
  const query = useQuery({
    queryKey: resourceKeys.tree(url),
    queryFn: () => fetchTree(url ?? ''),
    enabled: Boolean(url),
    staleTime: longStale,
  });
  return { tree: query.data ?? [], loading: query.isLoading };
}

/** The label of a tree node by its value, searching the whole forest. */
export function treeLabel(nodes: readonly TreeNode[], value: string): string | undefined {
  for (const node of nodes) {
    if (String(node.value) === value || String(node.id) === value) return node.title;
    const inner = node.children ? treeLabel(node.children, value) : undefined;
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/** The label of an option value (dictionary keys may arrive as numbers or strings). */
export function optionLabel(options: readonly Option[], value: unknown): string | undefined {
  return options.find((option) => String(option.value) === String(value))?.label;
}
