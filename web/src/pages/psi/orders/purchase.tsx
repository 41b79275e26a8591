import { useState } from 'react';
import { AuditOutlined, EditOutlined, EyeOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Input,
  InputNumber,
  Modal,
  Space,
  Table,
  type ButtonProps,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../api/errors';
import { linesOf, post, type Row } from '../api';
import { AuditDialog } from '../AuditDialog';
import { docNoColumn, RemoveDocButton } from '../DocActions';
import { DocDetail } from '../DocDetail';
import { DocList } from '../DocList';
import { yuan } from '../format';
import { useCan } from '../hooks';
import { OrderEditor } from '../OrderEditor';
import { StatusTag } from '../status';
import { useDocRoute } from '../useDocRoute';
import '../i18n';

const PATH = '/psi/purchaseorder/index';
const editable = (row: Row) => [1, 8].includes(Number(row.orderStatus));

/** Storage approval: received quantity per line (0 … ordered), default the ordered quantity. */
function StorageDialog({
  record,
  onClose,
  onDone,
}: {
  record: Row;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lines = useQuery({
    queryKey: ['psi', 'purchase-lines', record.id],
    queryFn: () => linesOf.purchase(String(record.id)),
  });
  const [received, setReceived] = useState<Record<string, number>>({});
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const value = (l: Row) => received[String(l.id)] ?? Number(l.quantity);

  const submit = async () => {
    const rows = lines.data ?? [];
    if (!rows.some((l) => value(l) > 0)) {
      setError(t('psi.purchase.nothing'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await post(
        'purchaseorder/approveStorage',
        {
          id: record.id,
          version: record.version,
          storageRemark: remark || undefined,
          details: rows.map((l) => ({ detailId: l.id, receivedQuantity: value(l) })),
        },
        true,
      );
      void message.success(t('psi.common.done'));
      onDone();
    } catch (failure) {
      const text = failure instanceof RequestError ? failure.message : String(failure);
      setError(text);
      void message.error(text);
    } finally {
      setBusy(false);
    }
  };

  const columns: TableColumnsType<Row> = [
    { title: t('psi.field.goodsName'), dataIndex: 'goodsName', key: 'name' },
    { title: t('psi.field.isbn'), dataIndex: 'isbn', key: 'isbn' },
    { title: t('psi.field.quantity'), dataIndex: 'quantity', key: 'qty', align: 'right' },
    {
      title: t('psi.field.received'),
      key: 'received',
      render: (_v, l) => (
        <InputNumber
          size="small"
          min={0}
          max={Number(l.quantity)}
          precision={0}
          value={value(l)}
          onChange={(v) =>
            setReceived((r) => ({
              ...r,
              [String(l.id)]: Math.min(Number(l.quantity), Math.max(0, Number(v ?? 0))),
            }))
          }
          data-testid="line-received"
        />
      ),
    },
  ];

  return (
    <Modal
      open
      width={860}
      title={t('psi.purchase.storageTitle', { no: String(record.orderNo) })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('psi.purchase.storage')}
      cancelText={t('psi.common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'storage-ok' } as ButtonProps}
      destroyOnHidden
      data-testid="storage-dialog"
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('psi.purchase.storageHint')} />
        <Table
          rowKey={(r) => String(r.id)}
          size="small"
          loading={lines.isLoading}
          columns={columns}
          dataSource={lines.data ?? []}
          pagination={false}
        />
        <Input.TextArea
          value={remark}
          maxLength={255}
          placeholder={t('psi.field.storageRemark')}
          onChange={(e) => setRemark(e.target.value)}
        />
        {error && <Alert type="error" showIcon title={error} data-testid="storage-error" />}
      </Space>
    </Modal>
  );
}

/** 采购入库单: submit, platform audit, depository storage with received quantities. */
export default function PurchaseOrderPage() {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const [view, go] = useDocRoute(PATH);
  const [auditing, setAuditing] = useState<Row | null>(null);
  const [storing, setStoring] = useState<Row | null>(null);
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
        {can('purchaseorder_audit') && status === 1 && (
          <Button
            type={inDetail ? 'primary' : 'link'}
            size="small"
            icon={<AuditOutlined />}
            onClick={() => setAuditing(row)}
            data-testid="row-audit"
          >
            {t('psi.purchase.audit')}
          </Button>
        )}
        {can('purchaseorder_storage') && status === 2 && (
          <Button
            type={inDetail ? 'primary' : 'link'}
            size="small"
            icon={<ImportOutlined />}
            onClick={() => setStoring(row)}
            data-testid="row-storage"
          >
            {t('psi.purchase.storage')}
          </Button>
        )}
        {can('purchaseorder_edit') && editable(row) && (
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
        {can('purchaseorder_delete') && editable(row) && !inDetail && (
          <RemoveDocButton resource="purchaseorder" row={row} no={String(row.orderNo)} onRemoved={refresh} />
        )}
      </Space>
    );
  };

  const columns: TableColumnsType<Row> = [
    docNoColumn(t('psi.field.orderNo'), 'orderNo', (id) => go({ mode: 'view', id })),
    { title: t('psi.field.supplierName'), dataIndex: 'supplierName', key: 'supplier' },
    { title: t('psi.field.depository'), dataIndex: 'depositoryName', key: 'depository' },
    { title: t('psi.field.term'), dataIndex: 'term', key: 'term' },
    { title: t('psi.field.totalQuantity'), dataIndex: 'totalQuantity', key: 'qty', align: 'right' },
    {
      title: t('psi.field.receivedQuantity'),
      dataIndex: 'receivedQuantity',
      key: 'received',
      align: 'right',
    },
    {
      title: t('psi.field.totalListAmount'),
      key: 'list',
      align: 'right',
      render: (_v, r) => yuan(r.totalListAmount),
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
      render: (_v, r) => <StatusTag kind="purchase" value={r.orderStatus} />,
    },
    { title: t('psi.field.submitTime'), dataIndex: 'submitTime', key: 'submitTime' },
    { title: t('psi.common.actions'), key: 'actions', fixed: 'right', render: (_v, r) => actions(r) },
  ];

  return (
    <>
      <DocList
        root="purchase"
        endpoint="purchaseorder/list"
        exportResource="purchaseorder"
        exportName={t('psi.purchase.title')}
        statusKind="purchase"
        title={t('psi.purchase.title')}
        columns={columns}
        searchFields={{ orderNo: t('psi.field.orderNo'), supplierName: t('psi.field.supplierName') }}
        onRowClick={(r) => go({ mode: 'view', id: String(r.id) })}
        toolbar={
          can('purchaseorder_add') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => go({ mode: 'new' })}
              data-testid="purchase-new"
            >
              {t('psi.purchase.newOrder')}
            </Button>
          )
        }
      />
      {view?.mode === 'view' && (
        <DocDetail kind="purchase" id={view.id} onClose={() => go(null)} actions={(h) => actions(h, true)} />
      )}
      {(view?.mode === 'edit' || view?.mode === 'new') && (
        <OrderEditor
          kind="purchase"
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
          endpoint="purchaseorder/approveAudit"
          record={auditing}
          onClose={() => setAuditing(null)}
          onDone={() => {
            setAuditing(null);
            void refresh();
          }}
        />
      )}
      {storing && (
        <StorageDialog
          record={storing}
          onClose={() => setStoring(null)}
          onDone={() => {
            setStoring(null);
            void refresh();
          }}
        />
      )}
    </>
  );
}
