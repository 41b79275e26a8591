import { createElement } from 'react';
import {
  HomeOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { App, Avatar, Button, Dropdown, Layout, Space, Typography, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { site } from '../../config/site';
import { defaultAvatar, displayName, useSession } from '../../stores/session';
import { notifySuccess } from '../../utils/feedback';

interface HeaderBarProps {
  collapsed: boolean;
  onToggle: () => void;
}

/** Top bar: collapse toggle, language, and the user's menu (home, log out). */
export function HeaderBar({ collapsed, onToggle }: HeaderBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const user = useSession((state) => state.userInfo);
  const logout = useSession((state) => state.logout);

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
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout'), onClick: confirmLogout },
  ];

  return (
    <Layout.Header className="psi-header">
      <Button
        type="text"
        aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
        icon={createElement(collapsed ? MenuUnfoldOutlined : MenuFoldOutlined)}
        onClick={onToggle}
      />
      <Space size="large">
        <LanguageSwitch size="small" />
        <Dropdown menu={{ items }} placement="bottomRight" trigger={['click']}>
          <Button type="text" className="psi-header__user" data-testid="user-menu">
            <Avatar size="small" src={user?.avatar || defaultAvatar} icon={<UserOutlined />} alt="" />
            <Typography.Text>{displayName(user)}</Typography.Text>
          </Button>
        </Dropdown>
      </Space>
    </Layout.Header>
  );
}
