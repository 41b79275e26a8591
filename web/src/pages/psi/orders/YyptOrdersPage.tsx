import { AuditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { detail, psiKeys, type Row } from '../../../api/psi';
import { AuditDialog } from '../AuditDialog';
import { yuan } from '../format';
import { OrderEditor } from '../OrderEditor';
import { DocPage, useDocPage, useRowDialog, primaryStep } from './shared';
import '../../../i18n/psi';

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
  const page = useDocPage(path);
  const audit = useRowDialog<Row>(page.refresh);

  return (
    <DocPage
      page={page}
      kind="yypt"
      steps={[primaryStep('auditPass', 'audit', t('psi.yypt.audit'), <AuditOutlined />, audit.open)]}
      endpoint="purchaseorderyypt/list"
      exportName={title}
      title={title}
      create={{ label: t('psi.yypt.newOrder'), testId: 'order-new' }}
      editor={(props) => <OrderEditor kind="yypt" {...props} />}
    >
      {audit.target && <YyptAudit record={audit.target} onClose={audit.close} onDone={audit.done} />}
    </DocPage>
  );
}
