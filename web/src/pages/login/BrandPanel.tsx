import { AccountBookOutlined, FileDoneOutlined, InboxOutlined, ReadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const features = [
  { key: 'ordering', Icon: FileDoneOutlined },
  { key: 'inventory', Icon: InboxOutlined },
  { key: 'statement', Icon: AccountBookOutlined },
] as const;

/** Left side of the login page: product name, tagline and what the system does. */
export function BrandPanel() {
  const { t } = useTranslation();
  return (
    <section className="psi-login__brand" aria-label={t('app.title')}>
      <div className="psi-login__brand-head">
        <ReadOutlined className="psi-login__brand-logo" />
        <h1 className="psi-login__brand-title">{t('app.title')}</h1>
      </div>
      <p className="psi-login__brand-tagline">{t('app.tagline')}</p>
      <ul className="psi-login__features">
        {features.map(({ key, Icon }) => (
          <li key={key}>
            <Icon />
            <span>{t(`app.features.${key}`)}</span>
          </li>
        ))}
      </ul>
      <p className="psi-login__copyright">{t('app.copyright', { year: new Date().getFullYear() })}</p>
    </section>
  );
}
