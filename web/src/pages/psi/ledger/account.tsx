import { useMemo, useState } from 'react';
import { WalletOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, InputNumber, Select, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { accountStatementResource } from '@psi/db/model';
import { RequestError } from '../../../api/errors';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { post, psiKeys, useSchools, psiRoutes } from '../../../api/psi';
import { useRoleKind } from '../../../hooks/psi-session';
import { adaptResource } from '../../../components/resource/model';
import { useCan } from '../../../hooks/permission';
import { formatCents, yuan } from '../format';
import { RequiredItem } from '../../../components/RequiredItem';
import { FormDialog } from '../../../components/FormDialog';
import { useListFilter } from '../../../components/resource/useListFilter';
import '../../../i18n/psi';

const PAY_METHODS = [1, 2, 3, 4, 5] as const;
/** The fields naming the school, left out of a school user's own statement. */
const SCHOOL_FIELDS = ['schoolId', 'schoolName'];

interface RechargeValues {
  schoolId: string;
  amount: number;
  payMethod: number;
  voucherNo: string;
  remark?: string;
}

function RechargeDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<RechargeValues>();
  const [error, setError] = useState<string | null>(null);
  const schools = useSchools();

  const submit = async () => {
    const values = await form.validateFields();
    const school = schools.data?.records.find((s) => s.id === values.schoolId);
    const amount = formatCents(Math.round(values.amount * 100));
    modal.confirm({
      title: t('psi.account.confirmTitle'),
      content: (
        <span data-testid="recharge-confirm-text">
          {t('psi.account.confirmText', {
            school: String(school?.schoolName ?? ''),
            amount: yuan(amount),
            voucher: values.voucherNo,
          })}
        </span>
      ),
      okText: t('psi.account.recharge'),
      cancelText: t('psi.common.cancel'),
      onOk: async () => {
        setError(null);
        try {
          await post(psiRoutes.accountstatementRecharge, { ...values, amount }, true);
          void message.success(t('psi.account.done'));
          onDone();
        } catch (failure) {
          const text = failure instanceof RequestError ? failure.message : String(failure);
          setError(text);
          void message.error(text);
        }
      },
    });
  };

  return (
    <FormDialog
      title={t('psi.account.recharge')}
      width={520}
      onCancel={onClose}
      form={form}
      saving={false}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('psi.common.submit')}
      destroyOnHidden
      data-testid="recharge-dialog"
    >
      <Form form={form} layout="vertical" initialValues={{ payMethod: 1 }}>
        <RequiredItem name="schoolId" label={t('psi.field.school')} message={t('psi.required.school')}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={schools.isLoading}
            options={(schools.data?.records ?? []).map((s) => ({
              value: String(s.id),
              label: `${String(s.schoolName)}（${String(s.schoolCode)}） ${yuan(s.accountBalance)}`,
            }))}
            data-testid="recharge-school"
          />
        </RequiredItem>
        <RequiredItem
          name="amount"
          label={t('psi.account.amount')}
          message={t('psi.required.rechargeAmount')}
        >
          <InputNumber
            min={0.01}
            max={99999999}
            precision={2}
            prefix="¥"
            style={{ width: '100%' }}
            data-testid="recharge-amount"
          />
        </RequiredItem>
        <RequiredItem
          name="payMethod"
          label={t('psi.account.payMethod')}
          message={t('psi.required.payMethod')}
        >
          <Select options={PAY_METHODS.map((m) => ({ value: m, label: t(`psi.account.methods.${m}`) }))} />
        </RequiredItem>
        <RequiredItem
          name="voucherNo"
          label={t('psi.account.voucherNo')}
          message={t('psi.account.voucherRequired')}
          whitespace
        >
          <Input maxLength={64} data-testid="recharge-voucher" />
        </RequiredItem>
        <Form.Item name="remark" label={t('psi.common.remark')}>
          <Input.TextArea maxLength={255} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} data-testid="recharge-error" />}
    </FormDialog>
  );
}

/** 账户流水: the statement list (type filter, balance before and after each row) and the recharge dialog. */
export default function AccountStatementPage() {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const schoolId = useListFilter('schoolId');
  const platform = can('accountstatement_recharge');
  const schools = useSchools({}, { enabled: platform });
  const school = useRoleKind() === 'school';
  // a school sees its own account only: no school filter, no school column
  const def = useMemo(
    () =>
      school ? adaptResource(accountStatementResource, { omit: SCHOOL_FIELDS }) : accountStatementResource,
    [school],
  );
  return (
    <>
      <ResourcePage
        def={def}
        params={schoolId.params}
        cells={{
          amount: (r) => {
            const negative = String(r.amount).startsWith('-');
            return <Typography.Text type={negative ? 'danger' : 'success'}>{yuan(r.amount)}</Typography.Text>;
          },
          balanceBefore: (r) => <span>{yuan(r.balanceBefore)}</span>,
          balanceAfter: (r) => <Typography.Text strong>{yuan(r.balanceAfter)}</Typography.Text>,
          sourceNo: (r) => {
            const path =
              Number(r.sourceType) === 1
                ? '/psi/purchaseorderyypt/index'
                : Number(r.sourceType) === 2
                  ? '/psi/purchaseorderdepository/index'
                  : null;
            return path && r.sourceId ? (
              <Link to={`${path}?id=${String(r.sourceId)}`}>{String(r.sourceNo)}</Link>
            ) : (
              String(r.sourceNo ?? '-')
            );
          },
        }}
        toolbar={
          <>
            {platform && (
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                value={schoolId.value}
                placeholder={t('psi.field.school')}
                aria-label={t('psi.field.school')}
                style={{ width: 240 }}
                onChange={(v?: string) => schoolId.set(v)}
                options={(schools.data?.records ?? []).map((s) => ({
                  value: String(s.id),
                  label: String(s.schoolName),
                }))}
                data-testid="statement-school"
              />
            )}
            {platform && (
              <Button
                type="primary"
                icon={<WalletOutlined />}
                onClick={() => setOpen(true)}
                data-testid="recharge-open"
              >
                {t('psi.account.recharge')}
              </Button>
            )}
          </>
        }
      />
      {open && (
        <RechargeDialog
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            void client.invalidateQueries({ queryKey: [accountStatementResource.key] });
            void client.invalidateQueries({ queryKey: psiKeys.all });
          }}
        />
      )}
    </>
  );
}
