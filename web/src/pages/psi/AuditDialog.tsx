import { Alert, App, Form, Input, Modal, Radio, Space, Typography, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDiscardGuard } from '../../components/discard/useDiscardGuard';
import { post, type Row } from '../../api/psi';
import { yuan } from './format';
import { useSubmit } from './useSubmit';

interface AuditDialogProps {
  /** `purchaseorderyypt/approveAudit`, `purchaseorder/approveAudit`, `purchaseorderdepository/approveAuditDepository`. */
  endpoint: string;
  record: Row;
  /** Pass / reject button labels (the depository "accepts" and "returns"). */
  passLabel?: string;
  rejectLabel?: string;
  /** Shown above the choice (e.g. the charge an approval makes); it may follow the choice. */
  hint?: string | ((pass: boolean) => string | undefined);
  initialPass?: boolean;
  onClose: () => void;
  onDone: (saved: Row) => void;
}

/** Pass or reject a document; a rejection needs a remark (checked here and by the server). */
export function AuditDialog({
  endpoint,
  record,
  passLabel,
  rejectLabel,
  hint,
  initialPass = true,
  onClose,
  onDone,
}: AuditDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ pass: boolean; auditRemark?: string }>();
  const pass = Form.useWatch('pass', form) ?? initialPass;
  const guard = useDiscardGuard(() => form.isFieldsTouched(['auditRemark']), onClose);
  const { error, setError, busy, run } = useSubmit();
  const shownHint = typeof hint === 'function' ? hint(pass) : hint;

  const submit = async () => {
    setError(null);
    const values = await form.validateFields();
    await run(async () => {
      const saved = await post(
        endpoint,
        { id: record.id, pass: values.pass, auditRemark: values.auditRemark ?? '', version: record.version },
        true,
      );
      void message.success(values.pass ? t('psi.audit.passed') : t('psi.audit.rejected'));
      guard.release();
      onDone(saved);
    });
  };

  return (
    <Modal
      open
      title={t('psi.audit.title', { no: String(record.orderNo ?? '') })}
      okText={pass ? t('psi.audit.confirmPass') : t('psi.audit.confirmReject')}
      okButtonProps={{ danger: !pass, loading: busy, 'data-testid': 'audit-ok' } as ButtonProps}
      cancelText={t('psi.common.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={guard.close}
      destroyOnHidden
      data-testid="audit-dialog"
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {String(record.schoolName ?? record.supplierName ?? '')} · {yuan(record.totalAmount)} ·{' '}
          {t('psi.common.copies', { count: Number(record.totalQuantity ?? 0) })}
        </Typography.Text>
        {shownHint && <Alert type="info" showIcon title={shownHint} data-testid="audit-hint" />}
        <Form form={form} layout="vertical" initialValues={{ pass: initialPass }}>
          <Form.Item name="pass" label={t('psi.audit.title', { no: '' })}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={[
                { value: true, label: passLabel ?? t('psi.audit.pass') },
                { value: false, label: rejectLabel ?? t('psi.audit.reject') },
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
                    throw new Error(t('psi.audit.remarkRequired'));
                },
              },
            ]}
            dependencies={['pass']}
          >
            <Input.TextArea
              maxLength={255}
              autoSize={{ minRows: 2, maxRows: 4 }}
              placeholder={t('psi.audit.remarkPlaceholder')}
              data-testid="audit-remark"
            />
          </Form.Item>
        </Form>
        {error && <Alert type="error" showIcon title={error} data-testid="audit-error" />}
      </Space>
    </Modal>
  );
}
