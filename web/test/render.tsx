import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../src/app/providers';
import { AntdProviders } from '../src/components/AntdProviders';
import { registerNavigate } from '../src/utils/navigation';

interface RenderOptions {
  /**
   * Inside antd's providers, as every route but the login page is in the app (`app/antd-shell.tsx`);
   * `false` renders as the login page does, without them.
   */
  antd?: boolean;
}

/** Renders routes inside the app's providers, with a fresh query cache and a memory router. */
export function renderRoutes(
  routes: RouteObject[],
  initialPath: string,
  { antd = true }: RenderOptions = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  registerNavigate((path) => void router.navigate(path, { replace: true }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const routed = <RouterProvider router={router} />;
  const view = render(
    <AppProviders queryClient={queryClient}>
      {antd ? <AntdProviders>{routed}</AntdProviders> : routed}
    </AppProviders>,
  );
  return { router, ...view };
}

export function renderPage(page: ReactElement, path = '/') {
  return renderRoutes([{ path, element: page }], path);
}
