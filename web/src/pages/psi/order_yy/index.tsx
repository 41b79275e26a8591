import { useTranslation } from 'react-i18next';
import { YyptOrdersPage } from './YyptOrdersPage';
import '../../../i18n/psi';

export default function PlatformOrderPage() {
  const { t } = useTranslation();
  return <YyptOrdersPage path="/psi/order_yy/index" title={t('psi.yypt.platformTitle')} />;
}
