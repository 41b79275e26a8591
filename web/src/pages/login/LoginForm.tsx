import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
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
import { clearSessionEnd, sessionEndReason } from '../../stores/session-end';
import { Icon } from './icons';
import { PasswordToggle, TextField, useLoginFields, type LoginField } from './fields';

const RegisterDialog = lazy(() => import('./RegisterDialog'));

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

/** The tenant the site's domain is bound to (tenant mode), and the captcha (captcha mode). */
function useTenantAndCaptcha() {
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

  return { tenantInfo, boundTenant, showTenant, captcha };
}

/**
 * The sign-in form: tenant (tenant mode), account, password and captcha (captcha mode).
 * `preloadSignedIn` downloads the first signed-in screen while the page is idle; `prefetchSignedIn` asks
 * for its data once the token is stored (a sign-in that goes to the home).
 */
export function LoginForm(hooks: SignedInHooks) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { values, problems, setValue, change, validate } = useLoginFields({
    tenantId: site.tenantId,
    username: '',
    password: '',
    captchaCode: '',
  });
  const [passwordShown, setPasswordShown] = useState(false);
  const login = useSession((state) => state.login);
  const [submitting, setSubmitting] = useState(false);
  const [searchParams] = useSearchParams();
  const [unbound, setUnbound] = useState<TokenBody | null>(null);
  const target = safeRedirect(searchParams.get('redirect')) ?? site.homePath;

  const { tenantInfo, boundTenant, showTenant, captcha } = useTenantAndCaptcha();

  const refreshCaptcha = () => {
    setValue('captchaCode', '');
    void captcha.refetch();
  };

  const tenantKnown = !site.tenantMode || !tenantInfo.isPending;
  useSocialCallback(boundTenant, tenantKnown, target, setUnbound);

  // why the last session ended (a demo reset, ...), said once above the form until the next sign-in
  const [ended] = useState(sessionEndReason);

  const onToken = useSignedInScreen(hooks, tenantKnown && (!site.captchaMode || !captcha.isPending), target);
  const signIn = async () => {
    setSubmitting(true);
    const signingIn = login(
      {
        tenantId: boundTenant ?? ((site.tenantMode && values.tenantId.trim()) || site.tenantId),
        username: values.username.trim(),
        password: values.password,
        captchaKey: captcha.data?.key,
        captchaCode: site.captchaMode ? values.captchaCode.trim() : undefined,
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
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const shown: LoginField[] = [
      ...(showTenant ? (['tenantId'] as const) : []),
      'username',
      'password',
      ...(site.captchaMode ? (['captchaCode'] as const) : []),
    ];
    if (validate(shown)) void signIn();
  };

  return (
    <form id="login" className="psi-login__form" noValidate onSubmit={onSubmit}>
      {ended && (
        <div className="psi-login__notice" role="status" data-testid="login-session-ended">
          <strong>{t('login.sessionEnded')}</strong>
          <span>{ended}</span>
        </div>
      )}
      {showTenant && (
        <TextField
          id="login_tenantId"
          label={t('login.tenantId')}
          icon="apartment"
          value={values.tenantId}
          onChange={(value) => change('tenantId', value)}
          problem={problems.tenantId}
          placeholder={t('login.tenantIdPlaceholder')}
          autoComplete="organization"
          data-testid="login-tenant"
          extra={<TenantHelp onPick={(tenantId) => setValue('tenantId', tenantId)} />}
        />
      )}
      <TextField
        id="login_username"
        label={t('login.account')}
        icon="user"
        value={values.username}
        onChange={(value) => change('username', value)}
        problem={problems.username}
        placeholder={t('login.accountPlaceholder')}
        autoComplete="username"
        autoFocus
        data-testid="login-account"
      />
      <TextField
        id="login_password"
        label={t('login.password')}
        icon="lock"
        type={passwordShown ? 'text' : 'password'}
        value={values.password}
        onChange={(value) => change('password', value)}
        problem={problems.password}
        placeholder={t('login.passwordPlaceholder')}
        autoComplete="current-password"
        data-testid="login-password"
        suffix={<PasswordToggle shown={passwordShown} onToggle={() => setPasswordShown((shown) => !shown)} />}
      />
      {site.captchaMode && (
        <TextField
          id="login_captchaCode"
          label={t('login.captcha')}
          icon="safety"
          value={values.captchaCode}
          onChange={(value) => change('captchaCode', value)}
          problem={problems.captchaCode}
          placeholder={t('login.captchaPlaceholder')}
          autoComplete="off"
          maxLength={8}
          data-testid="login-captcha"
          addon={
            <CaptchaImage
              image={captcha.data?.image}
              loading={captcha.isFetching}
              onRefresh={refreshCaptcha}
            />
          }
        />
      )}
      <div className="psi-login__submit">
        <button
          type="submit"
          className={`psi-button-primary psi-login__submit-button${submitting ? ' is-loading' : ''}`}
          aria-busy={submitting || undefined}
          data-testid="login-submit"
        >
          {submitting && <Icon name="loading" spin />}
          <span>{submitting ? t('login.submitting') : t('login.submit')}</span>
        </button>
      </div>
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
    </form>
  );
}
