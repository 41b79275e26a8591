import { toWire, type ResourceDef } from '@psi/db/model';

/**
 * Blade's null-to-empty: a missing optional value is `""`, never JSON null; secrets never leave the
 * server. Declared fields get their wire form (money cents → "12.50").
 */
export function toWireRow(row: Record<string, unknown>, def?: ResourceDef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const fields = def ? new Map(def.fields.map((f) => [f.name, f])) : undefined;
  for (const [k, v] of Object.entries(row)) {
    const f = fields?.get(k);
    if (f?.secret || k === 'password') {
      if (k === 'password') out[k] = '';
      continue;
    }
    out[k] = v === null || v === undefined ? '' : f ? toWire(f, v) : v;
  }
  return out;
}

/** A tree node leaf omits `children`; `hasChildren` is a real boolean. */
export interface Node {
  id: string;
  parentId: string;
  children?: Node[];
  hasChildren?: boolean;
  [key: string]: unknown;
}

/** Builds a forest: a node is a root when its parent is `0` or absent from the list. Keeps input order. */
export function forest<T extends Node>(nodes: T[]): T[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const roots: T[] = [];
  for (const n of nodes) {
    const parent = n.parentId !== '0' ? byId.get(n.parentId) : undefined;
    if (parent && parent !== n) {
      (parent.children ??= []).push(n);
    } else roots.push(n);
  }
  for (const n of nodes) n.hasChildren = !!n.children?.length;
  return roots;
}
