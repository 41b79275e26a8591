import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ApartmentOutlined, LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
// The two inputs only: antd's `Input` namespace also brings TextArea, Search and OTP to the first screen.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  authKeys,
  fetchCaptcha,
  fetchTenantInfo,
  isUnboundSocialUser,
  loginBySocial,
  preloadSignInPassword,
} from '../../api/auth';
import type { TokenBody } from '../../api/types';
import { site } from '../../config/site';
import { useSession } from '../../stores/session';
import { notifySuccess } from '../../utils/feedback';
import { safeRedirect } from '../../utils/navigation';
import { CaptchaImage } from './CaptchaImage';
import { RequiredItem } from '../../components/RequiredItem';
import { clearSessionEnd, sessionEndReason } from '../../stores/session-end';

const RegisterDialog = lazy(() => import('./RegisterDialog'));

interface LoginValues {
  /** Only in tenant mode. */
  tenantId?: string;
  username: string;
  password: string;
  /** Only in captcha mode. */
  captchaCode?: string;
}

/**
 * The third-party provider's callback lands on the login page with `source`, `code` and `state`: once the
 * tenant is known they are exchanged for a session, or, for a user without an account, `onUnbound`.
 */
function useSocialCallback(
  boundTenant: string | null,
  tenantKnown: boolean,
  target: string,
  onUnbound: (body: TokenBody) => void,
) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const social = useRef({
    source: searchParams.get('source'),
    code: searchParams.get('code'),
    state: searchParams.get('state'),
  });
  useEffect(() => {
    const { source, code, state } = social.current;
    if (!source || !code || !state || !tenantKnown) return;
    social.current = { source: null, code: null, state: null };
    loginBySocial({ tenantId: boundTenant ?? site.tenantId, source, code, state })
      .then(async (body) => {
        if (isUnboundSocialUser(body)) {
          onUnbound(body);
          return;
        }
        await useSession.getState().startSession(body);
        navigate(target, { replace: true });
      })
      .catch(() => undefined);
  }, [boundTenant, tenantKnown, navigate, target, onUnbound]);
}

/**
 * Under the tenant field: on demo data the demo's tenants, each filling the field in one click (a school
 * or depository account is not in 000000); otherwise where the tenant id comes from.
 */
function TenantHelp({ onPick }: { onPick: (tenantId: string) => void }) {
  const { t } = useTranslation();
  if (!site.demoTenants.length) return <>{t('login.tenantHelp', { tenant: site.tenantId })}</>;
  return (
    <span className="psi-login__tenants" data-testid="login-demo-tenants">
      {t('login.demoTenants')}
      {site.demoTenants.map(({ tenantId, tenantName }) => (
        <button
          key={tenantId}
          type="button"
          className="psi-login__tenant"
          onClick={() => onPick(tenantId)}
          data-testid={`login-demo-tenant-${tenantId}`}
        >
          {tenantId} {tenantName}
        </button>
      ))}
    </span>
  );
}

/** What the app hands the login page for the screens that follow a sign-in. */
export interface SignedInHooks {
  /**
   * Downloads the first signed-in screen's code when the browser is next idle: asked for once the login
   * page has settled, which is before any submit (a captcha to type means a captcha answered).
   */
  preloadSignedIn?: () => unknown;
  /** Asks for the first signed-in screen's data beside the menus, once the token is stored. */
  prefetchSignedIn?: (client: QueryClient) => void;
}

/**
 * What a sign-in needs before it is sent and after it answered. The password encoding downloads when
 * the form mounts; the first signed-in screen's code once the login page has `settled` (its tenant and
 * captcha answered), when the browser is next idle: not beside the page's own requests, and not beside
 * the sign-in request, which it would hold up on the browser's few connections. Returns what the sign-in runs once the token is stored: a sign-in that goes to the home asks
 * for the home's figures there, beside the menus.
 */
function useSignedInScreen(
  { preloadSignedIn, prefetchSignedIn }: SignedInHooks,
  settled: boolean,
  target: string,
): (() => void) | undefined {
  const queryClient = useQueryClient();
  useEffect(preloadSignInPassword, []);
  useEffect(() => {
    if (settled) void preloadSignedIn?.();
  }, [settled, preloadSignedIn]);
  return target === site.homePath ? () => prefetchSignedIn?.(queryClient) : undefined;
}

/**
 * The sign-in form: tenant (tenant mode), account, password and captcha (captcha mode).
 * `preloadSignedIn` downloads the first signed-in screen while the page is idle; `prefetchSignedIn` asks
 * for its data once the token is stored (a sign-in that goes to the home).
 */
export function LoginForm(hooks: SignedInHooks) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginValues>();
  const login = useSession((state) => state.login);
  const [submitting, setSubmitting] = useState(false);
  const [searchParams] = useSearchParams();
  const [unbound, setUnbound] = useState<TokenBody | null>(null);
  const target = safeRedirect(searchParams.get('redirect')) ?? site.homePath;

  // A site bound to a tenant (its domain) signs in under that tenant: the field is hidden.
  const tenantInfo = useQuery({
    queryKey: authKeys.tenantInfo(),
    queryFn: () => fetchTenantInfo(window.location.origin),
    enabled: site.tenantMode,
    staleTime: Infinity,
    retry: false,
  });
  const boundTenant = tenantInfo.data?.tenantId || null;
  const showTenant = site.tenantMode && !boundTenant;

  const captcha = useQuery({
    queryKey: authKeys.captcha(),
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

  const tenantKnown = !site.tenantMode || !tenantInfo.isPending;
  useSocialCallback(boundTenant, tenantKnown, target, setUnbound);

  // why the last session ended (a demo reset, ...), said once above the form until the next sign-in
  const [ended] = useState(sessionEndReason);

  const onToken = useSignedInScreen(hooks, tenantKnown && (!site.captchaMode || !captcha.isPending), target);
  const onFinish = async (values: LoginValues) => {
    setSubmitting(true);
    const signingIn = login(
      {
        tenantId: boundTenant ?? ((site.tenantMode && values.tenantId?.trim()) || site.tenantId),
        username: values.username.trim(),
        password: values.password,
        captchaKey: captcha.data?.key,
        captchaCode: values.captchaCode?.trim(),
      },
      onToken,
    );
    try {
      await signingIn;
      clearSessionEnd();
      notifySuccess(t('login.success'));
      navigate(target, { replace: true });
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
      {ended && (
        <div className="psi-login__notice" role="status" data-testid="login-session-ended">
          <strong>{t('login.sessionEnded')}</strong>
          <span>{ended}</span>
        </div>
      )}
      {showTenant && (
        <RequiredItem
          name="tenantId"
          label={t('login.tenantId')}
          message={t('login.tenantIdRequired')}
          whitespace
          extra={<TenantHelp onPick={(tenantId) => form.setFieldValue('tenantId', tenantId)} />}
        >
          <Input
            prefix={<ApartmentOutlined />}
            placeholder={t('login.tenantIdPlaceholder')}
            autoComplete="organization"
            data-testid="login-tenant"
          />
        </RequiredItem>
      )}
      <RequiredItem
        name="username"
        label={t('login.account')}
        message={t('login.accountRequired')}
        whitespace
      >
        <Input
          prefix={<UserOutlined />}
          placeholder={t('login.accountPlaceholder')}
          autoComplete="username"
          autoFocus
          data-testid="login-account"
        />
      </RequiredItem>
      <RequiredItem name="password" label={t('login.password')} message={t('login.passwordRequired')}>
        <Password
          prefix={<LockOutlined />}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          data-testid="login-password"
        />
      </RequiredItem>
      {site.captchaMode && (
        <Form.Item label={t('login.captcha')} required>
          <div className="psi-login__captcha-row">
            <RequiredItem name="captchaCode" noStyle message={t('login.captchaRequired')} whitespace>
              <Input
                prefix={<SafetyOutlined />}
                placeholder={t('login.captchaPlaceholder')}
                autoComplete="off"
                maxLength={8}
                data-testid="login-captcha"
              />
            </RequiredItem>
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
      {unbound && (
        <Suspense fallback={null}>
          <RegisterDialog
            tenantId={boundTenant}
            oauthId={unbound.oauth_id ?? ''}
            accessToken={unbound.access_token}
            onClose={() => setUnbound(null)}
          />
        </Suspense>
      )}
    </Form>
  );
}
