import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { doneProgress, startProgress } from '../utils/progress';
import { useDocumentTitle } from './document-title';
import { RouteGuard } from './guards';

/** The progress bar runs on every navigation until the new route has rendered (and its page loaded). */
function useNavigationProgress(): void {
  const { key } = useLocation();
  useEffect(() => {
    startProgress();
    let running = true;
    const finish = () => {
      if (!running) return;
      running = false;
      doneProgress();
    };
    const frame = requestAnimationFrame(finish);
    return () => {
      cancelAnimationFrame(frame);
      finish();
    };
  }, [key]);
}

/** The top of the route tree: route guard, page title, progress bar and the loading state of lazy pages. */
export function RootRoute() {
  useDocumentTitle();
  useNavigationProgress();
  return (
    <RouteGuard>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </RouteGuard>
  );
}
