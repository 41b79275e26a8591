import { Card, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { faultResource } from '@psi/db/model';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { site } from '../../../config/site';
import '../../../i18n/fault';

/**
 * Fault injection (/tool/fault): the platform super-admin's fault rules with how often each was
 * applied, added and removed through `/blade-develop/fault/*` (the server checks who calls). Without
 * `FAULTS=on` the server has no such routes, and the page says how to turn them on.
 */
export default function FaultPage() {
  const { t } = useTranslation();
  if (!site.faults)
    return (
      <Card>
        <Result status="info" title={t('fault.off')} subTitle={t('fault.offHint')} data-testid="fault-off" />
      </Card>
    );
  return (
    <ResourcePage
      def={faultResource}
      title={
        <div data-testid="fault-page">
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0, fontWeight: 'normal' }}>
            {t('fault.intro')}
          </Typography.Paragraph>
        </div>
      }
    />
  );
}
