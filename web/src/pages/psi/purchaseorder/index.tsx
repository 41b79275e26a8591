import { useState } from 'react';
import { AuditOutlined, ImportOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Input,
  InputNumber,
  Modal,
  Space,
  Table,
  type ButtonProps,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useDiscardGuard } from '../../../components/discard/useDiscardGuard';
import { linesOf, post, psiKeys, type DeclaredRow, psiRoutes } from '../../../api/psi';
import { AuditDialog } from '../AuditDialog';
import { OrderEditor } from '../OrderEditor';
import { DocPage, useDocPage, useRowDialog, primaryStep, type RowDialogProps } from '../DocPage';
import { useSubmit } from '../useSubmit';
import '../../../i18n/psi';

const PATH = '/psi/purchaseorder/index';

/** Storage approval: received quantity per line (0 … ordered), default the ordered quantity. */
function StorageDialog({ record, onClose, onDone }: RowDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lines = useQuery({
    queryKey: psiKeys.lines('purchaseorder', String(record.id)),
    queryFn: () => linesOf.purchaseorder(String(record.id)),
  });
  const [received, setReceived] = useState<Record<string, number>>({});
  const [remark, setRemark] = useState('');
  const { error, setError, busy, run } = useSubmit();
  const value = (l: DeclaredRow) => received[String(l.id)] ?? Number(l.quantity);
  const guard = useDiscardGuard(() => Object.keys(received).length > 0 || remark !== '', onClose);

  const submit = async () => {
    const rows = lines.data ?? [];
    if (!rows.some((l) => value(l) > 0)) {
      setError(t('psi.purchaseorder.nothing'));
      return;
    }
    setError(null);
    await run(async () => {
      await post(
        psiRoutes.purchaseorderApproveStorage,
        {
          id: record.id,
          version: record.version,
          storageRemark: remark || undefined,
          details: rows.map((l) => ({ detailId: l.id, receivedQuantity: value(l) })),
        },
        true,
      );
      void message.success(t('psi.common.done'));
      guard.release();
      onDone();
    });
  };

  const columns: TableColumnsType<DeclaredRow> = [
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
      title={t('psi.purchaseorder.storageTitle', { no: String(record.orderNo) })}
      onCancel={guard.close}
      onOk={() => void submit()}
      okText={t('psi.purchaseorder.storage')}
      cancelText={t('psi.common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'storage-ok' } as ButtonProps}
      destroyOnHidden
      data-testid="storage-dialog"
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('psi.purchaseorder.storageHint')} />
        <Table<DeclaredRow>
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
export default function PurchaseorderPage() {
  const { t } = useTranslation();
  const page = useDocPage(PATH);
  const audit = useRowDialog<DeclaredRow>(page.refresh);
  const storage = useRowDialog<DeclaredRow>(page.refresh);

  return (
    <DocPage
      page={page}
      kind="purchaseorder"
      steps={[
        primaryStep('auditPass', 'audit', t('psi.purchaseorder.audit'), <AuditOutlined />, audit.open),
        primaryStep('storage', 'storage', t('psi.purchaseorder.storage'), <ImportOutlined />, storage.open),
      ]}
      endpoint={psiRoutes.purchaseorderList}
      exportName={t('psi.purchaseorder.title')}
      title={t('psi.purchaseorder.title')}
      create={{ label: t('psi.purchaseorder.newOrder'), testId: 'purchase-new' }}
      editor={(props) => <OrderEditor kind="purchaseorder" {...props} />}
    >
      {audit.target && (
        <AuditDialog
          endpoint={psiRoutes.purchaseorderApproveAudit}
          record={audit.target}
          onClose={audit.close}
          onDone={audit.done}
        />
      )}
      {storage.target && (
        <StorageDialog record={storage.target} onClose={storage.close} onDone={storage.done} />
      )}
    </DocPage>
  );
}
