import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { lineUrl } from '../api/lines';

/** A screen whose route the backend's line lacks: which route, in the user's language; nothing is called. */
export function RouteAbsent({ route, method = 'GET' }: { route: string; method?: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('request.featureAbsent')}
      subTitle={t('request.routeAbsent', { route: `${method} ${lineUrl(route)}` })}
      data-testid="route-absent"
    />
  );
}
