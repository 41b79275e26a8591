import { useState } from 'react';
import { CarOutlined, CheckOutlined, RollbackOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DepositoryOrderSource } from '@psi/db/model/psi/status';
import { useNavigate } from 'react-router-dom';
import { type DeclaredRow, psiRoutes } from '../../../api/psi';
import { AuditDialog } from '../AuditDialog';
import { DeliveryEditor } from '../DeliveryEditor';
import { yuan } from '../format';
import { OrderEditor } from '../OrderEditor';
import { DocPage, useDocPage, useRowDialog, primaryStep } from '../DocPage';
import '../../../i18n/psi';

const PATH = '/psi/purchaseorderdepository/index';

/**
 * The money an accept or a return moves, as the platform's audit states its charge: a supplementary
 * order is charged on acceptance; an order from a 征订单 was charged at the platform audit and is
 * refunded when returned.
 */
function moneyHint(t: TFunction, row: DeclaredRow, pass: boolean): string {
  const amount = yuan(row.totalAmount);
  const source = String(row.sourceNo ?? '');
  if (Number(row.sourceType) === DepositoryOrderSource.direct)
    return pass ? t('psi.audit.acceptCharges', { amount }) : t('psi.audit.returnNoMoney');
  return pass
    ? t('psi.audit.acceptCharged', { amount, source })
    : t('psi.audit.returnRefunds', { amount, source });
}

/** 配送单 inbox (`purchaseOrderDepository`): accept or return, enter a 补订单, ship. */
export default function PurchaseorderdepositoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const page = useDocPage(PATH);
  const audit = useRowDialog<{ row: DeclaredRow; pass: boolean }>(page.refresh);
  const [shipping, setShipping] = useState<string | null>(null);

  return (
    <DocPage
      page={page}
      kind="purchaseorderdepository"
      steps={[
        primaryStep(
          'auditPass',
          'accept',
          t('psi.purchaseorderdepository.accept'),
          <CheckOutlined />,
          (row) => audit.open({ row, pass: true }),
        ),
        {
          action: 'auditReject',
          id: 'reject',
          label: t('psi.purchaseorderdepository.reject'),
          icon: <RollbackOutlined />,
          onClick: (row) => audit.open({ row, pass: false }),
          danger: true,
        },
        primaryStep(
          'deliver',
          'ship',
          t('psi.purchaseorderdepository.createDelivery'),
          <CarOutlined />,
          (row) => setShipping(String(row.id)),
        ),
      ]}
      endpoint={psiRoutes.purchaseorderdepositoryPurchaseOrderDepository}
      exportName={t('psi.purchaseorderdepository.title')}
      title={t('psi.purchaseorderdepository.inbox')}
      create={{ label: t('psi.purchaseorderdepository.newDirect'), testId: 'direct-new' }}
      editor={(props) => <OrderEditor kind="purchaseorderdepository" {...props} />}
    >
      {audit.target && (
        <AuditDialog
          endpoint={psiRoutes.purchaseorderdepositoryApproveAuditDepository}
          record={audit.target.row}
          initialPass={audit.target.pass}
          hint={(pass) => moneyHint(t, audit.target!.row, pass)}
          passVerb="accept"
          rejectVerb="return"
          onClose={audit.close}
          onDone={audit.done}
        />
      )}
      {shipping && (
        <DeliveryEditor
          podId={shipping}
          onClose={() => setShipping(null)}
          onSaved={(saved) => {
            setShipping(null);
            void page.refresh();
            navigate(`/psi/deliveryorder/index?id=${String(saved.id)}`);
          }}
        />
      )}
    </DocPage>
  );
}
