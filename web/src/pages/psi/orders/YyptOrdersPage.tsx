import { useState } from 'react';
import { AuditOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { detail, type Row } from '../api';
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

const editable = (row: Row) => [1, 8].includes(Number(row.orderStatus));

function YyptAudit({ record, onClose, onDone }: { record: Row; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const school = useQuery({
    queryKey: ['psi', 'school-balance', record.schoolId],
    queryFn: () => detail('schoolinfo', String(record.schoolId)),
  });
  return (
    <AuditDialog
      endpoint="purchaseorderyypt/approveAudit"
      record={record}
      hint={
        school.data
          ? t('psi.audit.balanceHint', {
              amount: yuan(record.totalAmount),
              balance: yuan(school.data.accountBalance),
            })
          : undefined
      }
      onClose={onClose}
      onDone={onDone}
    />
  );
}

/** 征订单: the school's orders to the platform (学校订书, 平台订单 and the 征订单 menu share this page). */
export function YyptOrdersPage({ path, title }: { path: string; title: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const [view, go] = useDocRoute(path);
  const [auditing, setAuditing] = useState<Row | null>(null);

  const canAdd = can('purchaseorderyypt_add', 'order_s_add');
  const canEdit = can('purchaseorderyypt_edit', 'order_s_add');
  const canAudit = can('purchaseorderyypt_audit', 'order_yy_audit');
  const canDelete = can('purchaseorderyypt_delete');
  const refresh = () => client.invalidateQueries({ queryKey: ['psi'] });

  const actions = (row: Row, inDetail = false) => (
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
      {canAudit && Number(row.orderStatus) === 1 && (
        <Button
          type={inDetail ? 'primary' : 'link'}
          size="small"
          icon={<AuditOutlined />}
          onClick={() => setAuditing(row)}
          data-testid="row-audit"
        >
          {t('psi.yypt.audit')}
        </Button>
      )}
      {canEdit && editable(row) && (
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
      {canDelete && editable(row) && !inDetail && (
        <RemoveDocButton
          resource="purchaseorderyypt"
          row={row}
          no={String(row.orderNo)}
          onRemoved={refresh}
        />
      )}
    </Space>
  );

  const columns: TableColumnsType<Row> = [
    docNoColumn(t('psi.field.orderNo'), 'orderNo', (id) => go({ mode: 'view', id }), 170),
    { title: t('psi.field.school'), dataIndex: 'schoolName', key: 'school' },
    { title: t('psi.field.depository'), dataIndex: 'depositoryName', key: 'depository' },
    { title: t('psi.field.term'), dataIndex: 'term', key: 'term' },
    { title: t('psi.field.totalQuantity'), dataIndex: 'totalQuantity', key: 'qty', align: 'right' },
    {
      title: t('psi.field.totalAmount'),
      key: 'amount',
      align: 'right',
      render: (_v, r) => yuan(r.totalAmount),
    },
    {
      title: t('psi.field.deliveredQuantity'),
      dataIndex: 'deliveredQuantity',
      key: 'delivered',
      align: 'right',
    },
    {
      title: t('psi.field.status'),
      key: 'status',
      render: (_v, r) => <StatusTag kind="yypt" value={r.orderStatus} />,
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
        root="yypt"
        endpoint="purchaseorderyypt/list"
        exportResource="purchaseorderyypt"
        exportName={title}
        statusKind="yypt"
        title={title}
        columns={columns}
        searchFields={{ orderNo: t('psi.field.orderNo'), term: t('psi.field.term') }}
        onRowClick={(r) => go({ mode: 'view', id: String(r.id) })}
        toolbar={
          canAdd && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => go({ mode: 'new' })}
              data-testid="order-new"
            >
              {t('psi.yypt.newOrder')}
            </Button>
          )
        }
      />
      {view?.mode === 'view' && (
        <DocDetail kind="yypt" id={view.id} onClose={() => go(null)} actions={(h) => actions(h, true)} />
      )}
      {(view?.mode === 'edit' || view?.mode === 'new') && (
        <OrderEditor
          kind="yypt"
          id={view.mode === 'edit' ? view.id : undefined}
          onClose={() => go(null)}
          onSaved={(saved) => {
            void refresh();
            go({ mode: 'view', id: String(saved.id) });
          }}
        />
      )}
      {auditing && (
        <YyptAudit
          record={auditing}
          onClose={() => setAuditing(null)}
          onDone={() => {
            setAuditing(null);
            void refresh();
          }}
        />
      )}
    </>
  );
}
