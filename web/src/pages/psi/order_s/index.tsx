import { useTranslation } from 'react-i18next';
import { YyptOrdersPage } from './YyptOrdersPage';
import '../../../i18n/psi';

export default function SchoolOrderPage() {
  const { t } = useTranslation();
  return <YyptOrdersPage path="/psi/order_s/index" title={t('psi.yypt.schoolTitle')} />;
}
