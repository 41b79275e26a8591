import { useEffect } from 'react';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { recordError } from '../stores/error-log';

/**
 * A render error or a failed page download. Plain markup rather than antd Result, whose pictures would
 * weigh on every page's initial JavaScript; a full reload fetches fresh chunks after a deploy. The error
 * goes to the local error log.
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
      <Button type="primary" onClick={() => window.location.assign('/')}>
        {t('error.backHome')}
      </Button>
    </div>
  );
}
