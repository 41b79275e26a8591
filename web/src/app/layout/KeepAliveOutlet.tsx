import { Activity, useState, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useOutlet } from 'react-router-dom';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { site } from '../../config/site';
import { useTabs } from '../../stores/tabs';

/** A page that failed to render: the error went to the error log; the user can try again. */
function PageError({ error, retry }: { error: Error; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('error.pageCrashed')}
      subTitle={error.message}
      extra={
        <Button type="primary" onClick={retry}>
          {t('error.retry')}
        </Button>
      }
    />
  );
}

/**
 * The page area of the layout. Every page opened as a tab stays mounted while its tab is open, hidden
 * with React's `<Activity>` when another tab is shown, so its search, paging and dialogs survive a tab
 * switch. Pages that are not tabs (a menu path still resolving) render directly.
 */
export function KeepAliveOutlet({ cacheable }: { cacheable: boolean }) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const tabs = useTabs((state) => state.tabs);
  const reloads = useTabs((state) => state.reloads);
  const [pages, setPages] = useState<ReadonlyArray<readonly [string, ReactNode]>>([]);

  const open = new Set(tabs.map((tab) => tab.value));
  open.add(pathname);
  if (cacheable && !pages.some(([key]) => key === pathname)) {
    // Remember the page of a newly opened path (React's "store information from previous renders").
    const kept = pages.filter(([key]) => open.has(key)).slice(-(site.keepAliveMax - 1));
    setPages([...kept, [pathname, outlet] as const]);
  }

  return (
    <>
      {!cacheable && outlet}
      {pages
        .filter(([key]) => open.has(key))
        .map(([key, element]) => (
          <Activity
            key={`${key}#${reloads[key] ?? 0}`}
            mode={cacheable && key === pathname ? 'visible' : 'hidden'}
          >
            <div className="psi-page" data-page={key}>
              <ErrorBoundary fallback={(error, retry) => <PageError error={error} retry={retry} />}>
                {element}
              </ErrorBoundary>
            </div>
          </Activity>
        ))}
    </>
  );
}
