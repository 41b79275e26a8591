import type { MessageKey } from '../i18n/resources';
import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router-dom';
import type { MenuNode } from '../api/types';
import { useSession } from '../stores/session';
import type { TabTitle } from '../stores/tabs';
import { mergedHandle } from './guard';
import { findMenuByHref, iframeRoute, menuLabel } from '../api/menu-model';

export type { RouteHandle } from './guard';

/** What a route is called: its handle's title key, else the name of the menu it belongs to. */
export interface RouteTitle {
  title: TabTitle;
  menu?: MenuNode;
  ancestors: MenuNode[];
}

function resolveRouteTitle(
  pathname: string,
  handleTitle: MessageKey | undefined,
  routes: readonly MenuNode[],
): RouteTitle | null {
  if (handleTitle) return { title: { key: handleTitle }, ancestors: [] };
  const found = findMenuByHref(routes, pathname);
  if (found) {
    const { node, ancestors } = found;
    return { title: { code: node.code, name: node.name, nameEn: node.nameEn }, menu: node, ancestors };
  }
  if (pathname.startsWith(`${iframeRoute}/`)) return { title: { key: 'route.iframe' }, ancestors: [] };
  return null;
}

/** A tab or route title in the current language. */
export function titleText(title: TabTitle, t: TFunction, language: string): string {
  if ('key' in title) return t(title.key);
  return menuLabel({ code: title.code ?? '', name: title.name, nameEn: title.nameEn }, t, language);
}

/** The title of the current route (null while a menu route waits for the menus). */
export function useRouteTitle(): RouteTitle | null {
  const { pathname } = useLocation();
  const matches = useMatches();
  const routes = useSession((state) => state.routes);
  const handle = mergedHandle(matches.map((match) => match.handle));
  return resolveRouteTitle(pathname, handle.title, routes);
}

/** Keeps `document.title` on "<tab label> - <product name>", in the current language. */
export function useDocumentTitle(): void {
  const { t, i18n } = useTranslation();
  const resolved = useRouteTitle();
  const appTitle = t('app.title');
  const label = resolved ? titleText(resolved.title, t, i18n.language) : '';
  useEffect(() => {
    document.title = label ? `${label} - ${appTitle}` : appTitle;
  }, [label, appTitle]);
}
