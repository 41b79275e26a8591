import { lazy, Suspense, useState } from 'react';
import { HomeOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { site } from '../../../config/site';
import { defaultAvatar, displayName, useSession } from '../../../stores/session';
import { notifySuccess } from '../../../utils/feedback';
import { currentAssignment, useSwitchOptions } from './switch-options';

const SwitchDeptDialog = lazy(() => import('./SwitchDeptDialog'));

/** Avatar and name: home, personal info, switch department and role (switch mode only), log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const user = useSession((state) => state.userInfo);
  const logout = useSession((state) => state.logout);
  const [switching, setSwitching] = useState(false);
  // Switch mode: the header names the department and role the session works in.
  const { depts, roles } = useSwitchOptions(user?.user_id ?? '', site.switchMode);
  const assignment = site.switchMode ? currentAssignment(user, depts.data, roles.data) : '';

  const confirmLogout = () => {
    modal.confirm({
      title: t('common.tip'),
      content: t('layout.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await logout();
        // The cleared session makes the route guard send the user to /login; the toast lives at the root.
        notifySuccess(t('layout.loggedOut'));
      },
    });
  };

  const items: MenuProps['items'] = [
    { key: 'home', icon: <HomeOutlined />, label: t('layout.home'), onClick: () => navigate(site.homePath) },
    {
      key: 'info',
      icon: <UserOutlined />,
      label: <span data-testid="user-menu-info">{t('layout.userInfo')}</span>,
      onClick: () => navigate('/info/index'),
    },
    ...(site.switchMode
      ? [
          {
            key: 'switch',
            icon: <SwapOutlined />,
            label: <span data-testid="user-menu-switch">{t('layout.switchDept')}</span>,
            onClick: () => setSwitching(true),
          },
        ]
      : []),
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: <span data-testid="user-menu-logout">{t('layout.logout')}</span>,
      onClick: confirmLogout,
    },
  ];

  return (
    <>
      <Dropdown menu={{ items }} placement="bottomRight" trigger={['click']}>
        <Button type="text" className="psi-header__user" data-testid="user-menu">
          <Avatar size="small" src={user?.avatar || defaultAvatar} icon={<UserOutlined />} alt="" />
          <span className="psi-header__user-name">{displayName(user)}</span>
          {assignment && (
            <span
              className="psi-header__user-assignment"
              title={assignment}
              data-testid="user-menu-assignment"
            >
              {assignment}
            </span>
          )}
        </Button>
      </Dropdown>
      {switching && (
        <Suspense fallback={null}>
          <SwitchDeptDialog onClose={() => setSwitching(false)} />
        </Suspense>
      )}
    </>
  );
}
