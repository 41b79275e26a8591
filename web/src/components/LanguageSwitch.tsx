import { useTranslation } from 'react-i18next';
import { supportedLanguages } from '../config/site';
import { useSettings } from '../stores/settings';
import './language-switch.css';

/**
 * 中文 / English toggle of the login page; the settings store persists the choice and i18n, antd and
 * dayjs follow it. Plain buttons rather than antd Segmented, which would weigh on the first screen.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const setLanguage = useSettings((state) => state.setLanguage);
  return (
    <div
      className="psi-lang-switch"
      role="radiogroup"
      aria-label={t('lang.switch')}
      data-testid="language-switch"
    >
      {supportedLanguages.map((code) => (
        <button
          key={code}
          type="button"
          role="radio"
          aria-checked={language === code}
          className={language === code ? 'psi-lang-switch__option is-active' : 'psi-lang-switch__option'}
          onClick={() => setLanguage(code)}
        >
          {t(`lang.${code}`)}
        </button>
      ))}
    </div>
  );
}
