import { lazy, Suspense, useState } from 'react';
import { HomeOutlined, LogoutOutlined, RedoOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { demoKeys, fetchDemoInfo, resetDemo } from '../../../api/demo';
import { site } from '../../../config/site';
import { defaultAvatar, displayName, rolesOf, useSession } from '../../../stores/session';
import { notifySuccess } from '../../../utils/feedback';
import { currentAssignment, useSwitchOptions } from './switch-options';
import { useConfirm } from '../../../hooks/confirm';

const SwitchDeptDialog = lazy(() => import('./SwitchDeptDialog'));

/**
 * Avatar and name: home, personal info, switch department and role (switch mode only), reset the demo
 * data (the platform super-admin on a demo), log out.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const confirm = useConfirm();
  const user = useSession((state) => state.userInfo);
  const logout = useSession((state) => state.logout);
  const applyToken = useSession((state) => state.applyToken);
  const [switching, setSwitching] = useState(false);
  const queryClient = useQueryClient();
  const superAdmin = user?.tenant_id === '000000' && rolesOf(user).includes('administrator');
  const demo = useQuery({
    queryKey: demoKeys.info(),
    queryFn: fetchDemoInfo,
    enabled: superAdmin,
    staleTime: Infinity,
  });
  // Switch mode: the header names the department and role the session works in.
  const { depts, roles } = useSwitchOptions(user?.user_id ?? '', site.switchMode);
  const assignment = site.switchMode ? currentAssignment(user, depts.data, roles.data) : '';

  const confirmLogout = () => {
    confirm(t('layout.logoutConfirm'), async () => {
      await logout();
      // The cleared session makes the route guard send the user to /login; the toast lives at the root.
      notifySuccess(t('layout.loggedOut'));
    });
  };

  const confirmDemoReset = () => {
    modal.confirm({
      title: t('layout.demoReset'),
      content: t('layout.demoResetConfirm'),
      okText: t('layout.demoResetOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        const { token } = await resetDemo();
        if (!token) {
          await logout();
          return;
        }
        applyToken(token);
        // every screen reads the restored data afresh
        await queryClient.invalidateQueries();
        navigate(site.homePath);
        notifySuccess(t('layout.demoResetDone'));
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
    ...(demo.data?.resettable
      ? [
          {
            key: 'demo-reset',
            icon: <RedoOutlined />,
            label: <span data-testid="user-menu-demo-reset">{t('layout.demoReset')}</span>,
            onClick: confirmDemoReset,
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
