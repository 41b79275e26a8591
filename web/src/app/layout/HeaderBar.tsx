import { createElement } from 'react';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { rolesOf, useSession } from '../../stores/session';
import { useSettings } from '../../stores/settings';
import { canUseDevTools } from '../../api/menu-model';
import { ColorPicker } from './header/ColorPicker';
import { ErrorLogButton } from './header/ErrorLogButton';
import { FullScreenButton } from './header/FullScreenButton';
import { LanguageMenu } from './header/LanguageMenu';
import { LockButton } from './header/LockButton';
import { MenuSearch } from './header/MenuSearch';
import { NoticeBell } from './header/NoticeBell';
import { ThemePicker } from './header/ThemePicker';
import { TopMenu } from './header/TopMenu';
import { UserMenu } from './header/UserMenu';
import { HeaderIconButton } from './header/HeaderIconButton';

interface HeaderBarProps {
  collapsed: boolean;
  onToggle: () => void;
}

/**
 * The top bar (spec section 2, "Shell"): collapse toggle, top menus, menu search, then full screen,
 * theme, colour, language, lock, error log (for users granted it), notices and the user's menu. Small
 * screens keep the essentials; a phone shows the user's avatar without the name, so nothing overlaps.
 */
export function HeaderBar({ collapsed, onToggle }: HeaderBarProps) {
  const { t } = useTranslation();
  const screen = useSettings((state) => state.screen);
  const devTools = useSession((state) => canUseDevTools(state.menus, rolesOf(state.userInfo)));
  return (
    <Layout.Header className="psi-header">
      <div className="psi-header__left">
        <HeaderIconButton
          label={collapsed ? t('layout.expand') : t('layout.collapse')}
          testId="header-collapse"
          icon={createElement(collapsed ? MenuUnfoldOutlined : MenuFoldOutlined)}
          onClick={onToggle}
        />
        {screen >= 2 && <TopMenu />}
      </div>
      <div className="psi-header__right">
        {screen >= 1 && <MenuSearch />}
        {screen >= 2 && <FullScreenButton />}
        <ThemePicker />
        <ColorPicker />
        <LanguageMenu />
        <LockButton />
        {devTools && <ErrorLogButton />}
        <NoticeBell />
        <UserMenu />
      </div>
    </Layout.Header>
  );
}
