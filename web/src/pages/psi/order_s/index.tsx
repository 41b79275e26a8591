import { useTranslation } from 'react-i18next';
import { PurchaseorderyyptPage } from '../purchaseorderyypt/PurchaseorderyyptPage';
import '../../../i18n/psi';

export default function SchoolOrderPage() {
  const { t } = useTranslation();
  return <PurchaseorderyyptPage path="/psi/order_s/index" title={t('psi.purchaseorderyypt.schoolTitle')} />;
}
