import { AuditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { purchaseOrderYyptResource } from '@psi/db/model';
import { detail, psiKeys, type Row, useCan } from '../../../api/psi';
import { AuditDialog } from '../AuditDialog';
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

const editable = (row: Row) => [1, 8].includes(Number(row.orderStatus));

function YyptAudit({ record, onClose, onDone }: { record: Row; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const school = useQuery({
    queryKey: psiKeys.detail('schoolinfo', String(record.schoolId)),
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
  const page = useDocPage(path);
  const audit = useRowDialog<Row>(page.refresh);

  const canAdd = can('purchaseorderyypt_add', 'order_s_add');
  const canEdit = can('purchaseorderyypt_edit', 'order_s_add');
  const canAudit = can('purchaseorderyypt_audit', 'order_yy_audit');
  const canDelete = can('purchaseorderyypt_delete');

  const actions = docRowActions(page, {
    edit: (row) => canEdit && editable(row),
    remove: (row) => canDelete && editable(row) && { resource: 'purchaseorderyypt', no: String(row.orderNo) },
    steps: (row) => [
      canAudit &&
        Number(row.orderStatus) === 1 && {
          id: 'audit',
          label: t('psi.yypt.audit'),
          icon: <AuditOutlined />,
          onClick: () => audit.open(row),
          primary: true,
        },
    ],
  });

  const columns: TableColumnsType<Row> = [
    docNoColumn(t('psi.field.orderNo'), 'orderNo', page.open, 170),
    textColumn(t('psi.field.school'), 'schoolName'),
    textColumn(t('psi.field.depository'), 'depositoryName'),
    textColumn(t('psi.field.term'), 'term'),
    numberColumn(t('psi.field.totalQuantity'), 'totalQuantity'),
    moneyColumn(t('psi.field.totalAmount'), 'totalAmount'),
    numberColumn(t('psi.field.deliveredQuantity'), 'deliveredQuantity'),
    statusColumn(t('psi.field.status'), 'yypt'),
    statusColumn(t('psi.field.payStatus'), 'pay', 'payStatus'),
    textColumn(t('psi.field.submitTime'), 'submitTime'),
    actionsColumn(t('psi.common.actions'), (r) => actions(r)),
  ];

  return (
    <DocPage
      page={page}
      kind="yypt"
      actions={actions}
      root="yypt"
      endpoint="purchaseorderyypt/list"
      exportResource="purchaseorderyypt"
      exportName={title}
      statusKind="yypt"
      title={title}
      resource={purchaseOrderYyptResource}
      columns={columns}
      searchFields={{ orderNo: t('psi.field.orderNo'), term: t('psi.field.term') }}
      create={canAdd && { label: t('psi.yypt.newOrder'), testId: 'order-new' }}
      editor={(props) => <OrderEditor kind="yypt" {...props} />}
    >
      {audit.target && <YyptAudit record={audit.target} onClose={audit.close} onDone={audit.done} />}
    </DocPage>
  );
}
