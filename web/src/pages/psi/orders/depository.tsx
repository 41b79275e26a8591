import { useState } from 'react';
import {
  CarOutlined,
  CheckOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
  RollbackOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type Row } from '../api';
import { AuditDialog } from '../AuditDialog';
import { DeliveryEditor } from '../DeliveryEditor';
import { docNoColumn, RemoveDocButton } from '../DocActions';
import { DocDetail } from '../DocDetail';
import { DocList } from '../DocList';
import { yuan } from '../format';
import { useCan } from '../hooks';
import { OrderEditor } from '../OrderEditor';
import { StatusTag } from '../status';
import { useDocRoute } from '../useDocRoute';
import '../i18n';

const PATH = '/psi/purchaseorderdepository/index';
const directEditable = (row: Row) => Number(row.sourceType) === 2 && [1, 8].includes(Number(row.orderStatus));

/** 配送单 inbox (`purchaseOrderDepository`): accept or return, enter a 补订单, ship. */
export default function DepositoryOrderPage() {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [view, go] = useDocRoute(PATH);
  const [auditing, setAuditing] = useState<{ row: Row; pass: boolean } | null>(null);
  const [shipping, setShipping] = useState<string | null>(null);

  const canAudit = can('purchaseorderdepository_audit');
  const canAdd = can('purchaseorderdepository_add', 'order_s_supplement');
  const canEdit = can('purchaseorderdepository_edit', 'order_s_supplement');
  const canDelete = can('purchaseorderdepository_delete');
  const canShip = can('deliveryorder_add');
  const refresh = () => client.invalidateQueries({ queryKey: ['psi'] });

  const actions = (row: Row, inDetail = false) => {
    const status = Number(row.orderStatus);
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
        {canAudit && status === 1 && (
          <>
            <Button
              type={inDetail ? 'primary' : 'link'}
              size="small"
              icon={<CheckOutlined />}
              onClick={() => setAuditing({ row, pass: true })}
              data-testid="row-accept"
            >
              {t('psi.pod.accept')}
            </Button>
            <Button
              type="link"
              size="small"
              danger
              icon={<RollbackOutlined />}
              onClick={() => setAuditing({ row, pass: false })}
              data-testid="row-reject"
            >
              {t('psi.pod.reject')}
            </Button>
          </>
        )}
        {canShip && [2, 4].includes(status) && (
          <Button
            type={inDetail ? 'primary' : 'link'}
            size="small"
            icon={<CarOutlined />}
            onClick={() => setShipping(String(row.id))}
            data-testid="row-ship"
          >
            {t('psi.pod.createDelivery')}
          </Button>
        )}
        {canEdit && directEditable(row) && (
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
        {canDelete && directEditable(row) && !inDetail && (
          <RemoveDocButton
            resource="purchaseorderdepository"
            row={row}
            no={String(row.orderNo)}
            onRemoved={refresh}
          />
        )}
      </Space>
    );
  };

  const columns: TableColumnsType<Row> = [
    docNoColumn(t('psi.field.orderNo'), 'orderNo', (id) => go({ mode: 'view', id })),
    {
      title: t('psi.field.source'),
      key: 'source',
      render: (_v, r) => <StatusTag kind="source" value={r.sourceType} />,
    },
    { title: t('psi.field.sourceNo'), dataIndex: 'sourceNo', key: 'sourceNo' },
    { title: t('psi.field.school'), dataIndex: 'schoolName', key: 'school' },
    { title: t('psi.field.depository'), dataIndex: 'depositoryName', key: 'depository' },
    { title: t('psi.field.totalQuantity'), dataIndex: 'totalQuantity', key: 'qty', align: 'right' },
    {
      title: t('psi.field.deliveredQuantity'),
      dataIndex: 'deliveredQuantity',
      key: 'delivered',
      align: 'right',
    },
    {
      title: t('psi.field.totalAmount'),
      key: 'amount',
      align: 'right',
      render: (_v, r) => yuan(r.totalAmount),
    },
    {
      title: t('psi.field.status'),
      key: 'status',
      render: (_v, r) => <StatusTag kind="depository" value={r.orderStatus} />,
    },
    {
      title: t('psi.field.payStatus'),
      key: 'pay',
      render: (_v, r) => <StatusTag kind="pay" value={r.payStatus} />,
    },
    { title: t('psi.field.submitTime'), dataIndex: 'submitTime', key: 'submitTime' },
    { title: t('psi.common.actions'), key: 'actions', fixed: 'right', render: (_v, r) => actions(r) },
  ];

  return (
    <>
      <DocList
        root="pod"
        endpoint="purchaseorderdepository/purchaseOrderDepository"
        exportResource="purchaseorderdepository"
        exportName={t('psi.pod.title')}
        statusKind="depository"
        title={t('psi.pod.inbox')}
        columns={columns}
        searchFields={{
          orderNo: t('psi.field.orderNo'),
          sourceNo: t('psi.field.sourceNo'),
          term: t('psi.field.term'),
        }}
        onRowClick={(r) => go({ mode: 'view', id: String(r.id) })}
        toolbar={
          canAdd && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => go({ mode: 'new' })}
              data-testid="direct-new"
            >
              {t('psi.pod.newDirect')}
            </Button>
          )
        }
      />
      {view?.mode === 'view' && (
        <DocDetail kind="pod" id={view.id} onClose={() => go(null)} actions={(h) => actions(h, true)} />
      )}
      {(view?.mode === 'edit' || view?.mode === 'new') && (
        <OrderEditor
          kind="direct"
          id={view.mode === 'edit' ? view.id : undefined}
          onClose={() => go(null)}
          onSaved={(saved) => {
            void refresh();
            go({ mode: 'view', id: String(saved.id) });
          }}
        />
      )}
      {auditing && (
        <AuditDialog
          endpoint="purchaseorderdepository/approveAuditDepository"
          record={auditing.row}
          initialPass={auditing.pass}
          passLabel={t('psi.pod.accept')}
          rejectLabel={t('psi.pod.reject')}
          onClose={() => setAuditing(null)}
          onDone={() => {
            setAuditing(null);
            void refresh();
          }}
        />
      )}
      {shipping && (
        <DeliveryEditor
          podId={shipping}
          onClose={() => setShipping(null)}
          onSaved={(saved) => {
            setShipping(null);
            void refresh();
            navigate(`/psi/deliveryorder/index?id=${String(saved.id)}`);
          }}
        />
      )}
    </>
  );
}
