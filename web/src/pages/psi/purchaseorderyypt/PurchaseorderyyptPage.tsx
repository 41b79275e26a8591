import { AuditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { detail, psiKeys, type DeclaredRow, psiRoutes } from '../../../api/psi';
import { AuditDialog } from '../AuditDialog';
import { fill } from '@psi/db/model';
import { psiMessages } from '@psi/db/model/psi/index';
import { toCents, yuan } from '../format';
import { useLang } from '../status';
import { OrderEditor } from '../OrderEditor';
import { DocPage, useDocPage, useRowDialog, primaryStep, type RowDialogProps } from '../DocPage';
import '../../../i18n/psi';

function PurchaseorderyyptAudit({ record, onClose, onDone }: RowDialogProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const school = useQuery({
    queryKey: psiKeys.detail('schoolinfo', String(record.schoolId)),
    queryFn: () => detail('schoolinfo', String(record.schoolId)),
  });
  // approving charges the school: a balance that cannot cover it is said before, in the server's words
  const need = toCents(record.totalAmount);
  const have = school.data ? toCents(school.data.accountBalance) : null;
  const blocked =
    have !== null && have < need
      ? fill(psiMessages.insufficientBalance[lang], { need: yuan(need), have: yuan(have) })
      : undefined;
  return (
    <AuditDialog
      endpoint={psiRoutes.purchaseorderyyptApproveAudit}
      record={record}
      blocked={blocked}
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
export function PurchaseorderyyptPage({ path, title }: { path: string; title: string }) {
  const { t } = useTranslation();
  const page = useDocPage(path);
  const audit = useRowDialog<DeclaredRow>(page.refresh);

  return (
    <DocPage
      page={page}
      kind="purchaseorderyypt"
      steps={[
        primaryStep('auditPass', 'audit', t('psi.purchaseorderyypt.audit'), <AuditOutlined />, audit.open),
      ]}
      endpoint={psiRoutes.purchaseorderyyptList}
      exportName={title}
      title={title}
      create={{ label: t('psi.purchaseorderyypt.newOrder'), testId: 'order-new' }}
      editor={(props) => <OrderEditor kind="purchaseorderyypt" {...props} />}
    >
      {audit.target && (
        <PurchaseorderyyptAudit record={audit.target} onClose={audit.close} onDone={audit.done} />
      )}
    </DocPage>
  );
}
