import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';

/** A render error or a failed page download; a full reload fetches fresh chunks after a deploy. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <Result
      status="error"
      title={t('error.serverError')}
      subTitle={detail}
      extra={
        <Button type="primary" onClick={() => window.location.assign('/')}>
          {t('error.backHome')}
        </Button>
      }
    />
  );
}
