import { useState } from 'react';
import { CarOutlined, CheckOutlined, RollbackOutlined } from '@ant-design/icons';
import { type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DepositoryOrderSource } from '@psi/db/model/psi/status';
import { purchaseOrderDepositoryResource } from '@psi/db/model';
import { useNavigate } from 'react-router-dom';
import { type Row, useCan } from '../../../api/psi';
import { AuditDialog } from '../AuditDialog';
import { DeliveryEditor } from '../DeliveryEditor';
import { docNoColumn } from '../DocActions';
import { yuan } from '../format';
import { OrderEditor } from '../OrderEditor';
import {
  actionsColumn,
  DocPage,
  docRowActions,
  moneyColumn,
  numberColumn,
  statusColumn,
  textColumn,
  useDocPage,
  useRowDialog,
} from './shared';
import '../i18n';

const PATH = '/psi/purchaseorderdepository/index';

/**
 * The money an accept or a return moves, as the platform's audit states its charge: a supplementary
 * order is charged on acceptance; an order from a 征订单 was charged at the platform audit and is
 * refunded when returned.
 */
function moneyHint(t: TFunction, row: Row, pass: boolean): string {
  const amount = yuan(row.totalAmount);
  const source = String(row.sourceNo ?? '');
  if (Number(row.sourceType) === DepositoryOrderSource.direct)
    return pass ? t('psi.audit.acceptCharges', { amount }) : t('psi.audit.returnNoMoney');
  return pass
    ? t('psi.audit.acceptCharged', { amount, source })
    : t('psi.audit.returnRefunds', { amount, source });
}
const directEditable = (row: Row) => Number(row.sourceType) === 2 && [1, 8].includes(Number(row.orderStatus));

/** 配送单 inbox (`purchaseOrderDepository`): accept or return, enter a 补订单, ship. */
export default function DepositoryOrderPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const page = useDocPage(PATH);
  const audit = useRowDialog<{ row: Row; pass: boolean }>(page.refresh);
  const [shipping, setShipping] = useState<string | null>(null);

  const canAudit = can('purchaseorderdepository_audit');
  const canAdd = can('purchaseorderdepository_add', 'order_s_supplement');
  const canEdit = can('purchaseorderdepository_edit', 'order_s_supplement');
  const canDelete = can('purchaseorderdepository_delete');
  const canShip = can('deliveryorder_add');

  const actions = docRowActions(page, {
    edit: (row) => canEdit && directEditable(row),
    remove: (row) =>
      canDelete && directEditable(row) && { resource: 'purchaseorderdepository', no: String(row.orderNo) },
    steps: (row) => {
      const status = Number(row.orderStatus);
      const auditable = canAudit && status === 1;
      return [
        auditable && {
          id: 'accept',
          label: t('psi.pod.accept'),
          icon: <CheckOutlined />,
          onClick: () => audit.open({ row, pass: true }),
          primary: true,
        },
        auditable && {
          id: 'reject',
          label: t('psi.pod.reject'),
          icon: <RollbackOutlined />,
          onClick: () => audit.open({ row, pass: false }),
          danger: true,
        },
        canShip &&
          [2, 4].includes(status) && {
            id: 'ship',
            label: t('psi.pod.createDelivery'),
            icon: <CarOutlined />,
            onClick: () => setShipping(String(row.id)),
            primary: true,
          },
      ];
    },
  });

  const columns: TableColumnsType<Row> = [
    docNoColumn(t('psi.field.orderNo'), 'orderNo', page.open),
    statusColumn(t('psi.field.source'), 'source', 'sourceType'),
    textColumn(t('psi.field.sourceNo'), 'sourceNo'),
    textColumn(t('psi.field.school'), 'schoolName'),
    textColumn(t('psi.field.depository'), 'depositoryName'),
    numberColumn(t('psi.field.totalQuantity'), 'totalQuantity'),
    numberColumn(t('psi.field.deliveredQuantity'), 'deliveredQuantity'),
    moneyColumn(t('psi.field.totalAmount'), 'totalAmount'),
    statusColumn(t('psi.field.status'), 'depository'),
    statusColumn(t('psi.field.payStatus'), 'pay', 'payStatus'),
    textColumn(t('psi.field.submitTime'), 'submitTime'),
    actionsColumn(t('psi.common.actions'), (r) => actions(r)),
  ];

  return (
    <DocPage
      page={page}
      kind="pod"
      actions={actions}
      root="pod"
      endpoint="purchaseorderdepository/purchaseOrderDepository"
      exportResource="purchaseorderdepository"
      exportName={t('psi.pod.title')}
      statusKind="depository"
      title={t('psi.pod.inbox')}
      resource={purchaseOrderDepositoryResource}
      columns={columns}
      searchFields={{
        orderNo: t('psi.field.orderNo'),
        sourceNo: t('psi.field.sourceNo'),
        term: t('psi.field.term'),
      }}
      create={canAdd && { label: t('psi.pod.newDirect'), testId: 'direct-new' }}
      editor={(props) => <OrderEditor kind="direct" {...props} />}
    >
      {audit.target && (
        <AuditDialog
          endpoint="purchaseorderdepository/approveAuditDepository"
          record={audit.target.row}
          initialPass={audit.target.pass}
          hint={(pass) => moneyHint(t, audit.target!.row, pass)}
          passLabel={t('psi.pod.accept')}
          rejectLabel={t('psi.pod.reject')}
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
