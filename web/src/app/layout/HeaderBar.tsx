import { createElement } from 'react';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../stores/settings';
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

interface HeaderBarProps {
  collapsed: boolean;
  onToggle: () => void;
}

/**
 * The top bar (spec section 2, "Shell"): collapse toggle, top menus, menu search, then full screen,
 * theme, colour, language, lock, error log, notices and the user's menu. Small screens keep the essentials.
 */
export function HeaderBar({ collapsed, onToggle }: HeaderBarProps) {
  const { t } = useTranslation();
  const screen = useSettings((state) => state.screen);
  return (
    <Layout.Header className="psi-header">
      <div className="psi-header__left">
        <Button
          type="text"
          className="psi-header__icon"
          aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
          data-testid="header-collapse"
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
        <ErrorLogButton />
        <NoticeBell />
        <UserMenu />
      </div>
    </Layout.Header>
  );
}
