import { useTranslation } from 'react-i18next';
import { YyptOrdersPage } from './YyptOrdersPage';
import '../../../i18n/psi';

export default function YyptPage() {
  const { t } = useTranslation();
  return <YyptOrdersPage path="/psi/purchaseorderyypt/index" title={t('psi.yypt.title')} />;
}
