import { useState } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { registerMessages } from '@psi/db/model';
import { registerGuest, type RegisterForm } from '../../api/auth';
import { RequestError } from '../../api/errors';
import { notifyError, notifySuccess, notifyWarning } from '../../utils/feedback';
import { AntdConfig } from '../../components/AntdProviders';
import { FormDialog } from '../../components/FormDialog';
import '../../i18n/shell';

interface RegisterDialogProps {
  /** The tenant inferred from the site's domain; the tenant field shows only without one. */
  tenantId: string | null;
  oauthId: string;
  accessToken: string;
  onClose: () => void;
}

/** The seed's checks, in its order; answers the first message that applies. */
export function registerProblem(values: Partial<RegisterForm>, lang: 'zh' | 'en'): string | null {
  if (!values.tenantId?.trim()) return registerMessages.tenantId[lang];
  if (!values.account?.trim()) return registerMessages.account[lang];
  if (!values.password || !values.password2) return registerMessages.password[lang];
  if (values.password !== values.password2) return registerMessages.mismatch[lang];
  return null;
}

/**
 * The third-party registration dialog: a user signed in through a provider without a user here asks for
 * an account (tenant, name, account, password, confirm); it stays pending until an administrator
 * approves it. It opens on the login page, which carries no antd: it brings antd's theme and locale
 * with it (its toasts load antd's message by themselves, `utils/feedback.ts`).
 */
export default function RegisterDialog(props: RegisterDialogProps) {
  return (
    <AntdConfig>
      <RegisterForm {...props} />
    </AntdConfig>
  );
}

function RegisterForm({ tenantId, oauthId, accessToken, onClose }: RegisterDialogProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const [form] = Form.useForm<RegisterForm>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = { ...form.getFieldsValue(), ...(tenantId ? { tenantId } : {}) };
    const problem = registerProblem(values, lang);
    if (problem) {
      notifyWarning(problem);
      return;
    }
    setSaving(true);
    try {
      await registerGuest(
        { ...values, name: values.name?.trim() || values.account, oauthId } as RegisterForm,
        accessToken,
      );
      notifySuccess(t('register.submitted'));
      onClose();
    } catch (error) {
      const body =
        error instanceof RequestError ? (error.response?.data as { msg?: unknown } | undefined) : undefined;
      notifyError(typeof body?.msg === 'string' && body.msg ? body.msg : t('register.failed'));
    } finally {
      setSaving(false);
    }
  };

  const passwordItem = (name: 'password' | 'password2', label: string, placeholder: string) => (
    <Form.Item name={name} label={label} required>
      <Input.Password
        placeholder={placeholder}
        autoComplete="new-password"
        data-testid={`register-${name}`}
      />
    </Form.Item>
  );

  return (
    <FormDialog
      title={t('register.title')}
      okText={t('crud.submit')}
      saving={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      form={form}
    >
      <p className="psi-login__register-intro">{t('register.intro')}</p>
      <Form<RegisterForm> form={form} layout="vertical" data-testid="register-form">
        {!tenantId && (
          <Form.Item name="tenantId" label={t('login.tenantId')} required>
            <Input placeholder={t('login.tenantIdPlaceholder')} data-testid="register-tenant" />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('register.name')}>
          <Input placeholder={t('register.namePlaceholder')} data-testid="register-name" />
        </Form.Item>
        <Form.Item name="account" label={t('login.account')} required>
          <Input placeholder={t('login.accountPlaceholder')} data-testid="register-account" />
        </Form.Item>
        {passwordItem('password', t('login.password'), t('login.passwordPlaceholder'))}
        {passwordItem('password2', t('register.password2'), t('register.password2Placeholder'))}
      </Form>
    </FormDialog>
  );
}
