import { useTranslation } from 'react-i18next';
import { PurchaseorderyyptPage } from './PurchaseorderyyptPage';
import '../../../i18n/psi';

export default function PurchaseorderyyptMenuPage() {
  const { t } = useTranslation();
  return (
    <PurchaseorderyyptPage path="/psi/purchaseorderyypt/index" title={t('psi.purchaseorderyypt.title')} />
  );
}
