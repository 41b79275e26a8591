import type { TFunction } from 'i18next';
import type { MenuNode } from './types';

/** A menu entry the user can open, with the names of its ancestors for display. */
export interface MenuLeaf {
  id: string;
  code: string;
  name: string;
  /** Where it leads inside the app (an app route or the embedded-page route), or the external URL. */
  href: string;
  /** Opens in a new window: `isOpen` 2 with an external path (spec section 2). */
  external: boolean;
  /** The page shown inside `/myiframe/...`, for html and http(s) paths. */
  src?: string;
  /** `isOpen` 2. */
  newWindow: boolean;
  trail: string[];
  source?: string;
}

/** The route that embeds external pages. */
export const iframeRoute = '/myiframe';

function isExternalPath(path: string): boolean {
  return /^https?:\/\//i.test(path);
}

/** Paths shown in the embedded-page route: http(s) URLs and html pages (spec section 2). */
function isEmbeddedPath(path: string): boolean {
  return isExternalPath(path) || /html/i.test(path);
}

function hasChildren(node: MenuNode): node is MenuNode & { children: MenuNode[] } {
  return Array.isArray(node.children) && node.children.length > 0;
}

/** The embedded-page route of a menu: `/myiframe/<code>`. */
function iframeHref(node: Pick<MenuNode, 'code' | 'id'>): string {
  return `${iframeRoute}/${encodeURIComponent(node.code || node.id)}`;
}

/**
 * Where a menu leads. A type-2 (`isOpen` 2) external path opens as is in a new window; other html or
 * http(s) paths open in the embedded-page route; a leaf path gets `/index` appended (spec section 2).
 */
export function menuHref(node: MenuNode): string {
  const path = (node.path ?? '').trim();
  if (hasChildren(node)) return path;
  if (isExternalPath(path) && node.isOpen === 2) return path;
  if (isEmbeddedPath(path)) return iframeHref(node);
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.endsWith('/index') ? trimmed : `${trimmed}/index`;
}

/**
 * The label in the current language. English: the server's `nameEn`, else our `menu.<code>` translation;
 * the server's `name` is the fallback (and the Chinese label: zh has no `menu.*` keys).
 */
export function menuLabel(
  node: Pick<MenuNode, 'code' | 'name' | 'nameEn' | 'meta'>,
  t: TFunction,
  language: string,
): string {
  if (language === 'en' && node.nameEn) return node.nameEn;
  const key = node.meta?.i18n || node.code;
  return key ? t(`menu.${key}`, { defaultValue: node.name }) : node.name;
}

/**
 * Spec section 6: a menu whose `meta.roles` is set shows only to users holding one of those roles (the
 * user's comma-joined role aliases, or names). Applied to the forest the server sends.
 */
export function filterByRoles(nodes: readonly MenuNode[], roles: readonly string[]): MenuNode[] {
  return nodes
    .filter((node) => !node.meta?.roles?.length || node.meta.roles.some((role) => roles.includes(role)))
    .map((node) => (node.children ? { ...node, children: filterByRoles(node.children, roles) } : node));
}

/** Whether the forest holds a menu of this code (at any depth). */
function hasMenuCode(nodes: readonly MenuNode[], code: string): boolean {
  return nodes.some((node) => node.code === code || hasMenuCode(node.children ?? [], code));
}

/** The menu whose grant also grants the header's developer tools (the error log): 错误日志. */
const DEV_TOOLS_MENU = 'log_error';

/**
 * Developer tools (the header's error log) show to the platform super administrator and to users
 * granted the error-log menu; school and depository users never see them.
 */
export function canUseDevTools(menus: readonly MenuNode[], roles: readonly string[]): boolean {
  return roles.includes('administrator') || hasMenuCode(menus, DEV_TOOLS_MENU);
}

/** Menus only: the routes forest should not contain buttons, but a real backend's data may. */
export function visibleMenus(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.filter((node) => node.category !== 2);
}

function leafOf(node: MenuNode, label: string, trail: string[]): MenuLeaf {
  const href = menuHref(node);
  const path = (node.path ?? '').trim();
  const embedded = href.startsWith(`${iframeRoute}/`);
  return {
    id: node.id,
    code: node.code,
    name: label,
    href,
    external: isExternalPath(href),
    ...(embedded ? { src: path } : {}),
    newWindow: node.isOpen === 2,
    trail,
    source: node.source,
  };
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
    return [leafOf(node, label, trail)];
  });
}

/** The menu leaf a path belongs to, with its ancestors (first the outermost). */
export function findMenuByHref(
  nodes: readonly MenuNode[],
  href: string,
  ancestors: MenuNode[] = [],
): { node: MenuNode; ancestors: MenuNode[] } | null {
  for (const node of visibleMenus(nodes)) {
    if (hasChildren(node)) {
      const found = findMenuByHref(node.children, href, [...ancestors, node]);
      if (found) return found;
    } else if (menuHref(node) === href) {
      return { node, ancestors };
    }
  }
  return null;
}

/** The leaf embedded at `/myiframe/<routerPath>`. */
export function findEmbeddedMenu(nodes: readonly MenuNode[], routerPath: string): MenuNode | null {
  return findMenuByHref(nodes, iframeHref({ code: routerPath, id: routerPath }))?.node ?? null;
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

/** Opens a menu leaf: a new window for external links, otherwise the app route. */
export function openMenuLeaf(leaf: MenuLeaf, navigate: (href: string) => void): void {
  if (leaf.external) {
    window.open(leaf.href, '_blank', 'noopener,noreferrer');
    return;
  }
  navigate(leaf.href);
}

/** Menu search (spec section 2): entries whose name starts with the text, ignoring case. */
export function searchMenus(leaves: readonly MenuLeaf[], text: string): MenuLeaf[] {
  const query = text.trim().toLowerCase();
  if (!query) return [];
  return leaves.filter((leaf) => leaf.name.toLowerCase().startsWith(query));
}
