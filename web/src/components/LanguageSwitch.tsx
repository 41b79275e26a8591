import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { supportedLanguages, type Language } from '../config/site';
import { isLanguage, useSettings } from '../stores/settings';

/** 中文 / English toggle; the settings store persists the choice and i18n, antd and dayjs follow it. */
export function LanguageSwitch({ size = 'middle' }: { size?: 'small' | 'middle' | 'large' }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const setLanguage = useSettings((state) => state.setLanguage);
  return (
    <Segmented<Language>
      size={size}
      aria-label={t('lang.switch')}
      data-testid="language-switch"
      value={language}
      options={supportedLanguages.map((code) => ({ value: code, label: t(`lang.${code}`) }))}
      onChange={(value) => {
        if (isLanguage(value)) setLanguage(value);
      }}
    />
  );
}
