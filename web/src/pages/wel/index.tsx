import { Suspense, useMemo, type ComponentType } from 'react';
import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Descriptions, Empty, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { authKeys, fetchUserInfo } from '../../api/auth';
import { featureOn } from '../../api/lines';
import { MenuIcon } from '../../components/menu/menu-icons';
import { menuLeaves, type MenuLeaf } from '../../api/menu-model';
import { defaultAvatar, displayName, rolesOf, useSession } from '../../stores/session';
import { WorkPanel } from './WorkPanel';
import './wel.css';

/** The PSI home panels only where the backend has the PSI (a SpringBlade or BladeX of its own has none). */
const psiOnBackend = featureOn('psi');
const flowOnBackend = featureOn('flow');

function MenuLink({ leaf }: { leaf: MenuLeaf }) {
  const label = (
    <Space>
      <MenuIcon source={leaf.source} />
      <span>{[...leaf.trail, leaf.name].join(' / ')}</span>
    </Space>
  );
  if (leaf.external) {
    return (
      <a href={leaf.href} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    );
  }
  return <Link to={leaf.href}>{label}</Link>;
}

/**
 * The user's roles by name, never by alias (the token's `role_name` holds aliases): the seeded roles
 * in the user's language, another role by the name the server gives it.
 */
function useRoleNames(aliases: string[]): { roles: string; tenantName?: string } {
  const { t, i18n } = useTranslation();
  const who = useQuery({
    queryKey: authKeys.userInfo(),
    queryFn: fetchUserInfo,
    staleTime: 5 * 60_000,
  });
  const serverNames = String(who.data?.roleName ?? '')
    .split(',')
    .filter(Boolean);
  const known = aliases.map((alias) => t(`wel.roles.${alias}`, { defaultValue: '' })).filter(Boolean);
  const roles = known.length === aliases.length ? known : serverNames;
  return {
    roles: roles.join(i18n.language === 'en' ? ', ' : '、'),
    tenantName: who.data?.tenantName?.toString(),
  };
}

/**
 * Home tab: who is signed in, under which tenant and role, and where they can go. `psiPanel` is the
 * PSI figures of the signed-in role, a page of its own chunk that the app hands in.
 */
export default function WelcomePage({ psiPanel: PsiPanel }: { psiPanel?: ComponentType }) {
  const { t, i18n } = useTranslation();
  const user = useSession((state) => state.userInfo);
  const tenantId = useSession((state) => state.tenantId);
  const menus = useSession((state) => state.menus);
  const language = i18n.language;
  const leaves = useMemo(() => menuLeaves(menus, t, language), [menus, t, language]);
  const name = displayName(user);
  const who = useRoleNames(rolesOf(user));

  return (
    <Space orientation="vertical" size="middle" className="psi-wel">
      <Card data-testid="welcome-card">
        <Space size="large" align="start">
          <Avatar size={64} src={user?.avatar || defaultAvatar} icon={<UserOutlined />} alt="" />
          <div>
            <Typography.Title level={3} className="psi-wel__title">
              {t('wel.greeting', { name })}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('wel.intro')}</Typography.Paragraph>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, md: 3 }}
              items={[
                { key: 'account', label: t('wel.account'), children: user?.account },
                {
                  key: 'tenant',
                  label: t('wel.tenant'),
                  children: who.tenantName || user?.tenant_id || tenantId,
                },
                {
                  key: 'role',
                  label: t('wel.role'),
                  children: <span data-testid="welcome-role">{who.roles}</span>,
                },
              ]}
            />
          </div>
        </Space>
      </Card>
      {psiOnBackend && PsiPanel && (
        <Suspense fallback={null}>
          <PsiPanel />
        </Suspense>
      )}
      {flowOnBackend && <WorkPanel leaves={leaves} />}
      <Card title={t('wel.menus')} data-testid="welcome-menus">
        {leaves.length === 0 ? (
          <Empty description={t('wel.noMenus')} />
        ) : (
          // A CSS grid rather than antd Row/Col, whose generated styles cost a noticeable first render.
          <ul className="psi-wel__menus">
            {leaves.map((leaf) => (
              <li key={leaf.id}>
                <MenuLink leaf={leaf} />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </Space>
  );
}
