import type { TFunction } from 'i18next';
import type { MenuNode } from '../../api/types';

/** A menu entry the user can open, with the names of its ancestors for display. */
export interface MenuLeaf {
  id: string;
  code: string;
  name: string;
  href: string;
  external: boolean;
  /** `isOpen` 2: open in a new window. */
  newWindow: boolean;
  trail: string[];
  source?: string;
}

export function isExternalPath(path: string): boolean {
  return /^https?:\/\//i.test(path);
}

function hasChildren(node: MenuNode): node is MenuNode & { children: MenuNode[] } {
  return Array.isArray(node.children) && node.children.length > 0;
}

/** Where a menu leads. A leaf's path gets `/index` appended (spec section 2) unless it is external. */
export function menuHref(node: MenuNode): string {
  const path = node.path ?? '';
  if (isExternalPath(path) || hasChildren(node)) return path;
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.endsWith('/index') ? trimmed : `${trimmed}/index`;
}

/**
 * The label in the current language. English: the server's `nameEn`, else our `menu.<code>` translation;
 * the server's `name` is the fallback (and the Chinese label: zh has no `menu.*` keys).
 */
export function menuLabel(node: MenuNode, t: TFunction, language: string): string {
  if (language === 'en' && node.nameEn) return node.nameEn;
  return node.code ? t(`menu.${node.code}`, { defaultValue: node.name }) : node.name;
}

/** Menus only: the routes forest should not contain buttons, but a real backend's data may. */
export function visibleMenus(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.filter((node) => node.category !== 2);
}

/** Every openable leaf of the forest, in menu order. */
export function menuLeaves(
  nodes: readonly MenuNode[],
  t: TFunction,
  language: string,
  trail: string[] = [],
): MenuLeaf[] {
  return visibleMenus(nodes).flatMap((node) => {
    const label = menuLabel(node, t, language);
    if (hasChildren(node)) return menuLeaves(node.children, t, language, [...trail, label]);
    const href = menuHref(node);
    return [
      {
        id: node.id,
        code: node.code,
        name: label,
        href,
        external: isExternalPath(href),
        newWindow: node.isOpen === 2,
        trail,
        source: node.source,
      },
    ];
  });
}

/** Keys of the sub-menus that contain `href`, so the sider opens on the current page. */
export function openKeysFor(nodes: readonly MenuNode[], href: string): string[] {
  for (const node of visibleMenus(nodes)) {
    if (!hasChildren(node)) continue;
    if (node.children.some((child) => !hasChildren(child) && menuHref(child) === href))
      return [subMenuKey(node)];
    const inner = openKeysFor(node.children, href);
    if (inner.length > 0) return [subMenuKey(node), ...inner];
  }
  return [];
}

export function subMenuKey(node: MenuNode): string {
  return `menu:${node.id}`;
}
