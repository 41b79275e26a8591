import { useEffect } from 'react';
import { Alert, App, Form, Input, Radio, Space, Typography, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';
import { post, type DeclaredRow, type PsiRoute } from '../../api/psi';

/** The routes that pass or send back a document. */
type AuditRoute = Extract<PsiRoute<'post'>, `${string}/approveAudit${string}`>;
import { yuan } from './format';
import { useSubmit } from './useSubmit';

/** The verbs of an audit: the platform approves or rejects, a depository accepts or returns. */
type PassVerb = 'approve' | 'accept';
type RejectVerb = 'reject' | 'return';

interface AuditDialogProps {
  /** `purchaseorderyypt/approveAudit`, `purchaseorder/approveAudit`, `purchaseorderdepository/approveAuditDepository`. */
  endpoint: AuditRoute;
  record: DeclaredRow;
  /** The two answers (default approve / reject); the choice, the OK button and the toast use the same verb. */
  passVerb?: PassVerb;
  rejectVerb?: RejectVerb;
  /** Shown above the choice (e.g. the charge an approval makes); it may follow the choice. */
  hint?: string | ((pass: boolean) => string | undefined);
  /**
   * Why passing cannot succeed (the balance cannot cover the charge): a warning instead of the hint,
   * and only the rejection is offered, so the server's refusal is never the first the user hears of it.
   */
  blocked?: string;
  initialPass?: boolean;
  onClose: () => void;
  onDone: (saved: DeclaredRow) => void;
}

interface VerbTexts {
  label: string;
  inf: string;
  confirm: string;
  done: string;
}

/** Pass or reject a document; a rejection needs a remark (checked here and by the server). */
export function AuditDialog({
  endpoint,
  record,
  passVerb = 'approve',
  rejectVerb = 'reject',
  hint,
  blocked,
  initialPass = true,
  onClose,
  onDone,
}: AuditDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const verb = (name: PassVerb | RejectVerb) =>
    t(`psi.audit.verbs.${name}`, { returnObjects: true }) as unknown as VerbTexts;
  const passing = verb(passVerb);
  const rejecting = verb(rejectVerb);
  const [form] = Form.useForm<{ pass: boolean; auditRemark?: string }>();
  const startPass = initialPass && !blocked;
  const pass = Form.useWatch('pass', form) ?? startPass;
  const chosen = pass ? passing : rejecting;
  // a refusal shows once, in the dialog (no toast on top of it)
  const { error, setError, busy, run } = useSubmit({ toast: false });
  const shownHint = typeof hint === 'function' ? hint(pass) : hint;
  // the balance may arrive after the dialog opened: passing is then no longer the choice
  useEffect(() => {
    if (blocked) form.setFieldValue('pass', false);
  }, [blocked, form]);

  const submit = async () => {
    setError(null);
    const values = await form.validateFields();
    await run(async () => {
      const saved = await post(
        endpoint,
        { id: record.id, pass: values.pass, auditRemark: values.auditRemark ?? '', version: record.version },
        true,
      );
      void message.success(values.pass ? passing.done : rejecting.done);
      onDone(saved);
    });
  };

  return (
    <FormDialog
      title={t('psi.audit.title', { no: String(record.orderNo ?? '') })}
      okText={chosen.confirm}
      okButtonProps={{ danger: !pass, 'data-testid': 'audit-ok' } as ButtonProps}
      saving={busy}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      // only the typed remark is work that closing would throw away
      dirty={() => form.isFieldsTouched(['auditRemark'])}
      width={520}
      destroyOnHidden
      data-testid="audit-dialog"
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {String(record.schoolName ?? record.supplierName ?? '')} · {yuan(record.totalAmount)} ·{' '}
          {t('psi.common.copies', { count: Number(record.totalQuantity ?? 0) })}
        </Typography.Text>
        {blocked ? (
          <Alert
            type="warning"
            showIcon
            title={t('psi.audit.cannotPass', { reason: blocked, verb: passing.inf, reject: rejecting.inf })}
            data-testid="audit-blocked"
          />
        ) : (
          shownHint && <Alert type="info" showIcon title={shownHint} data-testid="audit-hint" />
        )}
        <Form form={form} layout="vertical" initialValues={{ pass: startPass }}>
          <Form.Item name="pass" label={t('psi.audit.title', { no: '' })}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={[
                { value: true, label: passing.label, disabled: Boolean(blocked) },
                { value: false, label: rejecting.label },
              ]}
              data-testid="audit-choice"
            />
          </Form.Item>
          <Form.Item
            name="auditRemark"
            label={t('psi.audit.remark')}
            rules={[
              {
                validator: async (_rule, value: unknown) => {
                  if (!form.getFieldValue('pass') && !String(value ?? '').trim())
                    throw new Error(t('psi.audit.remarkRequired', { verb: rejecting.inf }));
                },
              },
            ]}
            dependencies={['pass']}
          >
            <Input.TextArea
              maxLength={255}
              autoSize={{ minRows: 2, maxRows: 4 }}
              placeholder={t('psi.audit.remarkPlaceholder', { verb: rejecting.inf })}
              data-testid="audit-remark"
            />
          </Form.Item>
        </Form>
        {error && <Alert type="error" showIcon title={error} data-testid="audit-error" />}
      </Space>
    </FormDialog>
  );
}
