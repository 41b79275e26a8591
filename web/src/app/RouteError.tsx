import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { recordError } from '../stores/error-log';

/**
 * A render error or a failed page download. Plain markup (its button drawn like antd's primary one):
 * it shows where antd's providers are not loaded, and when the download that failed was antd's own; a
 * full reload fetches fresh chunks after a deploy. The error goes to the local error log.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : undefined;
  useEffect(() => {
    recordError(error, 'router errorElement');
  }, [error]);
  return (
    <div className="psi-route-error" role="alert">
      <h1>500</h1>
      <p>{t('error.serverError')}</p>
      {detail && <pre>{detail}</pre>}
      <button type="button" className="psi-button-primary" onClick={() => window.location.assign('/')}>
        {t('error.backHome')}
      </button>
    </div>
  );
}
