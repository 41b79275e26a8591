import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/PageLoading';

interface CaptchaImageProps {
  image?: string;
  loading: boolean;
  onRefresh: () => void;
}

/** The captcha picture; clicking it fetches a new one (each captcha is single use). */
export function CaptchaImage({ image, loading, onRefresh }: CaptchaImageProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="psi-login__captcha"
      data-testid="login-captcha-refresh"
      title={t('login.captchaRefresh')}
      aria-label={t('login.captchaRefresh')}
      onClick={onRefresh}
      disabled={loading}
    >
      {loading ? (
        <Spinner size="small" />
      ) : image ? (
        <img src={image} alt={t('login.captcha')} data-testid="login-captcha-image" />
      ) : (
        <span className="psi-login__captcha-failed">{t('login.captchaUnavailable')}</span>
      )}
    </button>
  );
}
