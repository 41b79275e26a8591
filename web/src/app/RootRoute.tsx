import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { useDocumentTitle } from './document-title';

/** The top of the route tree: page title and the loading state of lazily loaded pages. */
export function RootRoute() {
  useDocumentTitle();
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}
