import { Navigate, useParams } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { useSession } from '../stores/session';
import { findMenuByHref } from '../api/menu-model';
import { MenuResourcePage, menuPages } from './pages';

/**
 * The routes built from the server's menus: a path the user's menus lead to shows the page the registry
 * names for it, else the generic resource page of its declaration. Any other path is unknown (/404).
 * The path comes from the route match (not the location), so a page kept alive in a hidden tab stays
 * what it was.
 */
export function MenuRoute() {
  const splat = useParams()['*'] ?? '';
  const path = `/${splat}`.replace(/\/+$/, '') || '/';
  const routes = useSession((state) => state.routes);
  const menusLoaded = useSession((state) => state.menusLoaded);
  const found = findMenuByHref(routes, path);

  if (!found) return menusLoaded ? <Navigate to="/404" replace /> : <PageLoading />;
  const Page = menuPages[path];
  if (Page) return <Page />;
  return <MenuResourcePage code={found.node.code} name={found.node.name} nameEn={found.node.nameEn} />;
}
