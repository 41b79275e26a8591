import { useTranslation } from 'react-i18next';
import { PurchaseorderyyptPage } from '../purchaseorderyypt/PurchaseorderyyptPage';
import '../../../i18n/psi';

export default function PlatformOrderPage() {
  const { t } = useTranslation();
  return (
    <PurchaseorderyyptPage path="/psi/order_yy/index" title={t('psi.purchaseorderyypt.platformTitle')} />
  );
}
