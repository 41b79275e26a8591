import { EditOutlined, EyeOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../api/errors';
import { post, type Row } from '../api';
import { DeliveryEditor } from '../DeliveryEditor';
import { docNoColumn, RemoveDocButton } from '../DocActions';
import { DocDetail } from '../DocDetail';
import { DocList } from '../DocList';
import { yuan } from '../format';
import { useCan } from '../hooks';
import { StatusTag } from '../status';
import { useDocRoute } from '../useDocRoute';
import '../i18n';

const PATH = '/psi/deliveryorder/index';

/** 发货单: shipments against accepted 配送单; shipping reduces stock or is refused whole. */
export default function DeliveryOrderPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const can = useCan();
  const client = useQueryClient();
  const [view, go] = useDocRoute(PATH);
  const canAdd = can('deliveryorder_add');
  const canEdit = can('deliveryorder_edit');
  const canDelete = can('deliveryorder_delete');
  const canShip = can('deliveryorder_delivery');
  const refresh = () => client.invalidateQueries({ queryKey: ['psi'] });

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
        await refresh();
      },
    });

  const actions = (row: Row, inDetail = false) => {
    const pending = Number(row.orderStatus) === 1;
    return (
      <Space size={0} wrap={false}>
        {!inDetail && (
          <Button
            type="link"
            size="small"
            icon={<EyeOutlined />}
            onClick={() => go({ mode: 'view', id: String(row.id) })}
            data-testid="row-view"
          >
            {t('psi.common.view')}
          </Button>
        )}
        {canShip && pending && (
          <Button
            type={inDetail ? 'primary' : 'link'}
            size="small"
            icon={<SendOutlined />}
            onClick={() => ship(row)}
            data-testid="row-ship"
          >
            {t('psi.delivery.approve')}
          </Button>
        )}
        {canEdit && pending && (
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => go({ mode: 'edit', id: String(row.id) })}
            data-testid="row-edit"
          >
            {t('psi.common.edit')}
          </Button>
        )}
        {canDelete && pending && !inDetail && (
          <RemoveDocButton
            resource="deliveryorder"
            row={row}
            no={String(row.deliveryNo)}
            onRemoved={refresh}
          />
        )}
      </Space>
    );
  };

  const columns: TableColumnsType<Row> = [
    docNoColumn(t('psi.field.deliveryNo'), 'deliveryNo', (id) => go({ mode: 'view', id })),
    { title: t('psi.field.depositoryOrderNo'), dataIndex: 'depositoryOrderNo', key: 'podNo' },
    { title: t('psi.field.school'), dataIndex: 'schoolName', key: 'school' },
    { title: t('psi.field.depository'), dataIndex: 'depositoryName', key: 'depository' },
    { title: t('psi.field.totalQuantity'), dataIndex: 'totalQuantity', key: 'qty', align: 'right' },
    {
      title: t('psi.field.totalAmount'),
      key: 'amount',
      align: 'right',
      render: (_v, r) => yuan(r.totalAmount),
    },
    { title: t('psi.field.trackingNo'), dataIndex: 'trackingNo', key: 'trackingNo' },
    {
      title: t('psi.field.status'),
      key: 'status',
      render: (_v, r) => <StatusTag kind="delivery" value={r.orderStatus} />,
    },
    { title: t('psi.field.submitTime'), dataIndex: 'submitTime', key: 'submitTime' },
    { title: t('psi.field.deliveryTime'), dataIndex: 'deliveryTime', key: 'deliveryTime' },
    { title: t('psi.common.actions'), key: 'actions', fixed: 'right', render: (_v, r) => actions(r) },
  ];

  return (
    <>
      <DocList
        root="delivery"
        endpoint="deliveryorder/list"
        exportResource="deliveryorder"
        exportName={t('psi.delivery.title')}
        statusKind="delivery"
        title={t('psi.delivery.title')}
        columns={columns}
        searchFields={{
          deliveryNo: t('psi.field.deliveryNo'),
          depositoryOrderNo: t('psi.field.depositoryOrderNo'),
        }}
        onRowClick={(r) => go({ mode: 'view', id: String(r.id) })}
        toolbar={
          canAdd && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => go({ mode: 'new' })}
              data-testid="delivery-new"
            >
              {t('psi.delivery.newDelivery')}
            </Button>
          )
        }
      />
      {view?.mode === 'view' && (
        <DocDetail kind="delivery" id={view.id} onClose={() => go(null)} actions={(h) => actions(h, true)} />
      )}
      {(view?.mode === 'edit' || view?.mode === 'new') && (
        <DeliveryEditor
          id={view.mode === 'edit' ? view.id : undefined}
          onClose={() => go(null)}
          onSaved={(saved) => {
            void refresh();
            go({ mode: 'view', id: String(saved.id) });
          }}
        />
      )}
    </>
  );
}
