import { useState } from 'react';
import { ApartmentOutlined, LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchCaptcha } from '../../api/auth';
import { preloadSignedInPages } from '../../app/pages';
import { site } from '../../config/site';
import { useSession } from '../../stores/session';
import { notifySuccess } from '../../utils/feedback';
import { CaptchaImage } from './CaptchaImage';

interface LoginValues {
  /** Only in tenant mode. */
  tenantId?: string;
  username: string;
  password: string;
  /** Only in captcha mode. */
  captchaCode?: string;
}

/** The sign-in form: tenant (tenant mode), account, password and captcha (captcha mode). */
export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginValues>();
  const login = useSession((state) => state.login);
  const [submitting, setSubmitting] = useState(false);

  const captcha = useQuery({
    queryKey: ['auth', 'captcha'],
    queryFn: fetchCaptcha,
    enabled: site.captchaMode,
    // A captcha is single use: it is replaced on demand, never refetched behind the user's back.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

  const refreshCaptcha = () => {
    form.setFieldValue('captchaCode', '');
    void captcha.refetch();
  };

  const onFinish = async (values: LoginValues) => {
    setSubmitting(true);
    preloadSignedInPages();
    try {
      await login({
        tenantId: (site.tenantMode && values.tenantId?.trim()) || site.tenantId,
        username: values.username.trim(),
        password: values.password,
        captchaKey: captcha.data?.key,
        captchaCode: values.captchaCode?.trim(),
      });
      notifySuccess(t('login.success'));
      navigate(site.homePath, { replace: true });
    } catch {
      // The HTTP client already showed `error_description`; the used captcha is no longer valid.
      if (site.captchaMode) refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<LoginValues>
      form={form}
      name="login"
      size="large"
      layout="vertical"
      requiredMark={false}
      initialValues={{ tenantId: site.tenantId }}
      onFinish={onFinish}
    >
      {site.tenantMode && (
        <Form.Item
          name="tenantId"
          label={t('login.tenantId')}
          rules={[{ required: true, whitespace: true, message: t('login.tenantIdRequired') }]}
        >
          <Input
            prefix={<ApartmentOutlined />}
            placeholder={t('login.tenantIdPlaceholder')}
            autoComplete="organization"
            data-testid="login-tenant"
          />
        </Form.Item>
      )}
      <Form.Item
        name="username"
        label={t('login.account')}
        rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
      >
        <Input
          prefix={<UserOutlined />}
          placeholder={t('login.accountPlaceholder')}
          autoComplete="username"
          autoFocus
          data-testid="login-account"
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('login.password')}
        rules={[{ required: true, message: t('login.passwordRequired') }]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          data-testid="login-password"
        />
      </Form.Item>
      {site.captchaMode && (
        <Form.Item label={t('login.captcha')} required>
          <div className="psi-login__captcha-row">
            <Form.Item
              name="captchaCode"
              noStyle
              rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}
            >
              <Input
                prefix={<SafetyOutlined />}
                placeholder={t('login.captchaPlaceholder')}
                autoComplete="off"
                maxLength={8}
                data-testid="login-captcha"
              />
            </Form.Item>
            <CaptchaImage
              image={captcha.data?.image}
              loading={captcha.isFetching}
              onRefresh={refreshCaptcha}
            />
          </div>
        </Form.Item>
      )}
      <Form.Item className="psi-login__submit">
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
          {submitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
