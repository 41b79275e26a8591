import { AppstoreOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { menuLabel } from '../../api/menu-model';
import { site } from '../../config/site';
import { resourceForMenu } from '../../components/resource/registry';
import { ResourcePage } from '../../components/resource/ResourcePage';

interface MenuResourcePageProps {
  code: string;
  name: string;
  nameEn?: string;
}

/**
 * A menu path without a page of its own: the generic resource page of its declaration. A menu with
 * neither says so plainly rather than showing an empty frame.
 */
export default function MenuResourcePage({ code, name, nameEn }: MenuResourcePageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const def = resourceForMenu(code);
  if (def) return <ResourcePage def={def} />;
  return (
    <Card variant="borderless">
      <Result
        icon={<AppstoreOutlined />}
        title={menuLabel({ code, name, nameEn }, t, i18n.language)}
        subTitle={t('menuPage.unavailable')}
        extra={
          <Button type="primary" onClick={() => navigate(site.homePath)}>
            {t('error.backHome')}
          </Button>
        }
      />
    </Card>
  );
}
