import type { MessageKey } from '../i18n/resources';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { site } from '../config/site';
import { registerNavigate } from '../utils/navigation';
import type { RouteHandle } from './guard';
import { GuestOnly } from './guards';
import { MenuRoute } from './MenuRoute';
import {
  AntdShell,
  BasicLayout,
  CodePage,
  DashboardPage,
  DictHorizontalPage,
  DictVerticalPage,
  ForbiddenPage,
  IframePage,
  InfoPage,
  LeaveDetailPage,
  LeaveFormPage,
  LeaveHandlePage,
  LockPage,
  LoginPage,
  NotFoundPage,
  prefetchSignedInData,
  preloadSignedInPages,
  PsiHomePanel,
  ServerErrorPage,
  TestPage,
  WelcomePage,
} from './pages';
import { RootRoute } from './RootRoute';
import { RouteError } from './RouteError';

const publicRoute = (title: MessageKey): RouteHandle => ({ title, isAuth: false, isTab: false });
const page = (title: MessageKey): RouteHandle => ({ title });

/**
 * Every route of the spec (section 2). Public routes sit outside the layout; the layout's children are
 * the signed-in pages, each opened as a tab. The last child resolves the server's menu paths. The login
 * page is plain markup (its first screen's weight, docs/decisions/web-ui-and-accessibility.md): every
 * other route sits inside `AntdShell`, which loads antd's providers.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteError />,
    children: [
      {
        path: site.loginPath,
        handle: publicRoute('route.login'),
        element: (
          <GuestOnly>
            <LoginPage preloadSignedIn={preloadSignedInPages} prefetchSignedIn={prefetchSignedInData} />
          </GuestOnly>
        ),
      },
      {
        // every other route renders inside antd's providers, loaded with the first of them
        element: <AntdShell />,
        children: [
          { path: site.lockPath, handle: { title: 'route.lock', isTab: false }, element: <LockPage /> },
          { path: '/403', handle: publicRoute('route.forbidden'), element: <ForbiddenPage /> },
          { path: '/404', handle: publicRoute('route.notFound'), element: <NotFoundPage /> },
          { path: '/500', handle: publicRoute('route.serverError'), element: <ServerErrorPage /> },
          { path: '/', element: <Navigate to="/wel" replace /> },
          { path: '/wel', element: <Navigate to={site.homePath} replace /> },
          {
            element: <BasicLayout />,
            errorElement: <RouteError />,
            children: [
              {
                path: site.homePath,
                handle: page('route.home'),
                element: <WelcomePage psiPanel={PsiHomePanel} />,
              },
              { path: '/wel/dashboard', handle: page('route.dashboard'), element: <DashboardPage /> },
              { path: '/info/index', handle: page('route.info'), element: <InfoPage /> },
              {
                path: '/dict-horizontal/index',
                handle: page('route.dictHorizontal'),
                element: <DictHorizontalPage />,
              },
              {
                path: '/dict-vertical/index',
                handle: page('route.dictVertical'),
                element: <DictVerticalPage />,
              },
              { path: '/test/index', handle: page('route.test'), element: <TestPage /> },
              {
                path: '/work/process/leave/form/:processDefinitionId',
                handle: page('route.leaveForm'),
                element: <LeaveFormPage />,
              },
              {
                path: '/work/process/leave/handle/:taskId/:processInstanceId/:businessId',
                handle: page('route.leaveHandle'),
                element: <LeaveHandlePage />,
              },
              {
                path: '/work/process/leave/detail/:processInstanceId/:businessId',
                handle: page('route.leaveDetail'),
                element: <LeaveDetailPage />,
              },
              { path: '/code/*', handle: page('route.code'), element: <CodePage /> },
              { path: '/myiframe/:routerPath', element: <IframePage /> },
              { path: '*', handle: { catchAll: true }, element: <MenuRoute /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(appRoutes);
  registerNavigate((path) => void router.navigate(path, { replace: true }));
  return router;
}
