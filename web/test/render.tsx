import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../src/app/providers';
import { registerNavigate } from '../src/utils/navigation';

/** Renders routes inside the app's providers, with a fresh query cache and a memory router. */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  registerNavigate((path) => void router.navigate(path, { replace: true }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

export function renderPage(page: ReactElement, path = '/') {
  return renderRoutes([{ path, element: page }], path);
}
