import { SendOutlined } from '@ant-design/icons';
import { App, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { deliveryOrderResource } from '@psi/db/model';
import { RequestError } from '../../../api/errors';
import { post, type Row, useCan } from '../../../api/psi';
import { DeliveryEditor } from '../DeliveryEditor';
import { docNoColumn } from '../DocActions';
import {
  actionsColumn,
  DocPage,
  docRowActions,
  moneyColumn,
  numberColumn,
  statusColumn,
  textColumn,
  useDocPage,
} from './shared';
import '../i18n';

const PATH = '/psi/deliveryorder/index';

/** 发货单: shipments against accepted 配送单; shipping reduces stock or is refused whole. */
export default function DeliveryOrderPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const can = useCan();
  const page = useDocPage(PATH);
  const canAdd = can('deliveryorder_add');
  const canEdit = can('deliveryorder_edit');
  const canDelete = can('deliveryorder_delete');
  const canShip = can('deliveryorder_delivery');

  const ship = (row: Row) =>
    modal.confirm({
      title: t('psi.delivery.approve'),
      content: t('psi.delivery.approveConfirm', { no: String(row.deliveryNo) }),
      okText: t('psi.delivery.approve'),
      cancelText: t('psi.common.cancel'),
      onOk: async () => {
        try {
          await post('deliveryorder/approveDelivery', { id: row.id, version: row.version }, true);
          void message.success(t('psi.delivery.shipped'));
        } catch (failure) {
          const text = failure instanceof RequestError ? failure.message : String(failure);
          modal.error({
            title: t('psi.delivery.refused'),
            content: <span data-testid="ship-refused">{text}</span>,
          });
        }
        await page.refresh();
      },
    });

  const pending = (row: Row) => Number(row.orderStatus) === 1;
  const actions = docRowActions(page, {
    edit: (row) => canEdit && pending(row),
    remove: (row) => canDelete && pending(row) && { resource: 'deliveryorder', no: String(row.deliveryNo) },
    steps: (row) => [
      canShip &&
        pending(row) && {
          id: 'ship',
          label: t('psi.delivery.approve'),
          icon: <SendOutlined />,
          onClick: () => ship(row),
          primary: true,
        },
    ],
  });

  const columns: TableColumnsType<Row> = [
    docNoColumn(t('psi.field.deliveryNo'), 'deliveryNo', page.open),
    textColumn(t('psi.field.depositoryOrderNo'), 'depositoryOrderNo'),
    textColumn(t('psi.field.school'), 'schoolName'),
    textColumn(t('psi.field.depository'), 'depositoryName'),
    numberColumn(t('psi.field.totalQuantity'), 'totalQuantity'),
    moneyColumn(t('psi.field.totalAmount'), 'totalAmount'),
    textColumn(t('psi.field.trackingNo'), 'trackingNo'),
    statusColumn(t('psi.field.status'), 'delivery'),
    textColumn(t('psi.field.submitTime'), 'submitTime'),
    textColumn(t('psi.field.deliveryTime'), 'deliveryTime'),
    actionsColumn(t('psi.common.actions'), (r) => actions(r)),
  ];

  return (
    <DocPage
      page={page}
      kind="delivery"
      actions={actions}
      root="delivery"
      endpoint="deliveryorder/list"
      exportResource="deliveryorder"
      exportName={t('psi.delivery.title')}
      statusKind="delivery"
      title={t('psi.delivery.title')}
      resource={deliveryOrderResource}
      columns={columns}
      searchFields={{
        deliveryNo: t('psi.field.deliveryNo'),
        depositoryOrderNo: t('psi.field.depositoryOrderNo'),
      }}
      create={canAdd && { label: t('psi.delivery.newDelivery'), testId: 'delivery-new' }}
      editor={(props) => <DeliveryEditor {...props} />}
    />
  );
}
