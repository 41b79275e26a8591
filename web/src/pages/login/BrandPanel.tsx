import { useTranslation } from 'react-i18next';
import { Icon } from './icons';

const features = [
  { key: 'ordering', icon: 'fileDone' },
  { key: 'inventory', icon: 'inbox' },
  { key: 'statement', icon: 'accountBook' },
] as const;

/** Left side of the login page: product name, tagline and what the system does. */
export function BrandPanel() {
  const { t } = useTranslation();
  return (
    <section className="psi-login__brand" aria-label={t('app.title')}>
      <div className="psi-login__brand-head">
        <Icon name="read" className="psi-login__brand-logo" />
        <h1 className="psi-login__brand-title">{t('app.title')}</h1>
      </div>
      <p className="psi-login__brand-tagline">{t('app.tagline')}</p>
      <ul className="psi-login__features">
        {features.map(({ key, icon }) => (
          <li key={key}>
            <Icon name={icon} />
            <span>{t(`app.features.${key}`)}</span>
          </li>
        ))}
      </ul>
      <p className="psi-login__copyright">{t('app.copyright', { year: new Date().getFullYear() })}</p>
    </section>
  );
}
