import type { TreeDataNode } from 'antd';
import type { TreeNode } from '../../api/types';

/** Server tree nodes as antd Tree data, keyed by id. */
export function toTreeNodes(nodes: readonly TreeNode[] = []): TreeDataNode[] {
  return nodes.map((node) => ({
    title: node.title,
    key: String(node.id),
    ...(node.children?.length ? { children: toTreeNodes(node.children) } : {}),
  }));
}

/** Server tree nodes as antd TreeSelect data, valued by id. */
export interface SelectNode {
  title: string;
  value: string;
  children?: SelectNode[];
}
export function toSelectNodes(nodes: readonly TreeNode[] = []): SelectNode[] {
  return nodes.map((node) => ({
    title: node.title,
    value: String(node.id),
    ...(node.children?.length ? { children: toSelectNodes(node.children) } : {}),
  }));
}

/** A data-testid for props objects (modal buttons) that do not take it in JSX form. */
export function testId(id: string): Record<'data-testid', string> {
  return { 'data-testid': id };
}
