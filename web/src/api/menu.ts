import { apiGet } from './call';
import type { ButtonNode, MenuNode, PermissionMap, TopMenu } from './types';

/** The react-query keys of the menus: the header's top menus, the menu tree, a menu's home-page count. */
export const menuKeys = {
  topMenus: () => ['menu', 'top-menu'] as const,
  tree: () => ['menu', 'tree'] as const,
  dashboardCount: (menuCode: string) => ['dashboard', menuCode] as const,
};

/**
 * The menu forest granted to the user. The route is public at the gateway: a caller whose token was
 * not accepted gets `{}` rather than a list (a Blade quirk), answered here as null ("not seen as
 * signed in") so the caller can try again once its token is renewed.
 */
export async function fetchRoutes(topMenuId?: string): Promise<MenuNode[] | null> {
  const data: MenuNode[] | Record<string, never> = await apiGet('/blade-system/menu/routes', {
    query: topMenuId ? { topMenuId } : undefined,
  });
  return Array.isArray(data) ? data : null;
}

export async function fetchButtons(): Promise<ButtonNode[]> {
  const data: ButtonNode[] | Record<string, never> = await apiGet('/blade-system/menu/buttons');
  return Array.isArray(data) ? data : [];
}

/**
 * Flattens the button forest to `{code: true}`. Only leaves count: a node without `children` is a
 * button, a node with a `children` list (even an empty one) is a menu that groups them.
 */
export function flattenButtons(nodes: readonly ButtonNode[]): PermissionMap {
  const permission: PermissionMap = {};
  const visit = (node: ButtonNode): void => {
    if (!Array.isArray(node.children)) {
      if (node.code) permission[node.code] = true;
      return;
    }
    node.children.forEach(visit);
  };
  nodes.forEach(visit);
  return permission;
}

/** The top menus (groups of side menus) granted to the user; `{}` when there are none. */
export async function fetchTopMenus(): Promise<TopMenu[]> {
  const data: TopMenu[] | Record<string, never> = await apiGet('/blade-system/menu/top-menu');
  return Array.isArray(data) ? data : [];
}
