/**
 * The login page (route /login).
 *
 * Stable hooks for Playwright (language independent):
 * - `data-testid="login-tenant"`: tenant id input (default 000000; shown because tenant mode is on)
 * - `data-testid="login-account"`: account input
 * - `data-testid="login-password"`: password input
 * - `data-testid="login-captcha"`: captcha input
 * - `data-testid="login-captcha-refresh"`: the captcha picture button (click for a new captcha);
 *   the picture itself is `data-testid="login-captcha-image"`
 * - `data-testid="login-submit"`: the submit button
 * - `data-testid="language-switch"`: the 中文 / English switch (options labelled "中文" and "English")
 * - `data-testid="login-demo-tenants"` (`login-demo-tenant-<id>` each), `login-session-ended`
 * A field's problem shows under it with `role="alert"`; its input has `aria-invalid` and
 * `aria-describedby` pointing at it.
 * Placeholders: zh 请输入租户ID / 请输入账号 / 请输入密码 / 请输入验证码;
 * en "Please enter the tenant ID" / "Please enter your account" / "Please enter your password" /
 * "Please enter the captcha".
 */
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { BrandPanel } from './BrandPanel';
import { LoginForm, type SignedInHooks } from './LoginForm';
import './login.css';

/**
 * `preloadSignedIn` and `prefetchSignedIn` come from the app, which knows the screens that follow a
 * sign-in and what they ask the server for.
 */
export default function LoginPage(hooks: SignedInHooks) {
  const { t } = useTranslation();
  return (
    <main className="psi-login">
      <div className="psi-login__lang">
        <LanguageSwitch />
      </div>
      <div className="psi-login__panel">
        <BrandPanel />
        <section className="psi-login__form-side">
          {/* Plain markup, no antd: the first screen's weight (docs/decisions/web-ui-and-accessibility.md). */}
          <div className="psi-login__card">
            <h2 className="psi-login__heading">{t('login.welcome')}</h2>
            <p className="psi-login__subtitle">{t('login.subtitle')}</p>
            <LoginForm {...hooks} />
          </div>
        </section>
      </div>
    </main>
  );
}
