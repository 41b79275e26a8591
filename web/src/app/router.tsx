import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { site } from '../config/site';
import { registerNavigate } from '../utils/navigation';
import type { RouteHandle } from './document-title';
import { GuestOnly, RequireAuth } from './guards';
import { BasicLayout, ForbiddenPage, LoginPage, NotFoundPage, ServerErrorPage, WelcomePage } from './pages';
import { RootRoute } from './RootRoute';
import { RouteError } from './RouteError';

const title = (key: string): RouteHandle => ({ title: key });

export const appRoutes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteError />,
    children: [
      {
        path: site.loginPath,
        handle: title('route.login'),
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      { path: '/', element: <Navigate to="/wel" replace /> },
      { path: '/wel', element: <Navigate to={site.homePath} replace /> },
      {
        element: (
          <RequireAuth>
            <BasicLayout />
          </RequireAuth>
        ),
        children: [{ path: site.homePath, handle: title('route.home'), element: <WelcomePage /> }],
      },
      { path: '/403', handle: title('route.forbidden'), element: <ForbiddenPage /> },
      { path: '/404', handle: title('route.notFound'), element: <NotFoundPage /> },
      { path: '/500', handle: title('route.serverError'), element: <ServerErrorPage /> },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(appRoutes);
  registerNavigate((path) => void router.navigate(path, { replace: true }));
  return router;
}
