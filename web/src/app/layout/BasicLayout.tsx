import { useEffect, useRef, useState } from 'react';
import { ReadOutlined } from '@ant-design/icons';
import { App, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatches, useParams } from 'react-router-dom';
import { site } from '../../config/site';
import { themeOf } from '../../config/themes';
import { useSession } from '../../stores/session';
import { useSettings } from '../../stores/settings';
import { toastPlacement } from '../../utils/feedback';
import { useTabs, type TabTitle } from '../../stores/tabs';
import { titleText, useRouteTitle } from '../document-title';
import { mergedHandle } from '../guard';
import { HeaderBar } from './HeaderBar';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { menuLabel } from '../../api/menu-model';
import { SideMenu } from './SideMenu';
import { TabBar } from './TabBar';
import './layout.css';
import '../../i18n/shell';

/** Opens (or updates) the tab of the current page, unless the route says it is not a tab. */
function useCurrentTab(): boolean {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const params = useParams();
  const matches = useMatches();
  const resolved = useRouteTitle();
  const isTab = mergedHandle(matches.map((match) => match.handle)).isTab !== false;
  const tabbed = resolved !== null && isTab;
  const label = resolved ? JSON.stringify(resolved.title) : '';
  const group = resolved
    ? resolved.ancestors.map((node) => menuLabel(node, t, i18n.language)).join('\u0000')
    : '';
  const menuCode = resolved?.menu?.code;
  const paramKey = JSON.stringify(params);

  useEffect(() => {
    if (!tabbed || !label) return;
    useTabs.getState().open({
      value: pathname,
      query: search,
      label: JSON.parse(label) as TabTitle,
      params: JSON.parse(paramKey) as Record<string, string>,
      meta: menuCode ? { menuCode } : {},
      group: group ? group.split('\u0000') : [],
    });
  }, [tabbed, pathname, search, label, group, menuCode, paramKey]);
  return tabbed;
}

/** The frame of every signed-in page: sider menu from the server, header, tab bar and the kept-alive pages. */
export default function BasicLayout() {
  const { t, i18n } = useTranslation();
  const menus = useSession((state) => state.menus);
  const userCollapsed = useSettings((state) => state.collapsed);
  const setCollapsed = useSettings((state) => state.setCollapsed);
  const screen = useSettings((state) => state.screen);
  const theme = themeOf(useSettings((state) => state.theme));
  // Small screens (class 0 and 1) start with the sider folded, whatever the preference on large ones.
  const [smallExpanded, setSmallExpanded] = useState(false);
  const small = screen <= 1;
  const collapsed = small ? !smallExpanded : userCollapsed;
  const tabbed = useCurrentTab();
  const resolved = useRouteTitle();
  const pageTitle = resolved ? titleText(resolved.title, t, i18n.language) : t('app.title');
  const mainRef = useRef<HTMLElement>(null);

  useEffect(() => {
    // Persisted menus render at once; they are fetched again once per page load (roles may have changed).
    const session = useSession.getState();
    if (!session.menusLoaded) session.loadMenus().catch(() => undefined);
  }, []);

  const toggle = () => (small ? setSmallExpanded(!smallExpanded) : setCollapsed(!userCollapsed));

  return (
    <App component={false} message={toastPlacement}>
      {/* the first stop of the Tab key: past the menu and the header's tools, straight to the page */}
      <a
        href="#psi-main"
        className="psi-skip-link"
        data-testid="skip-link"
        onClick={(event) => {
          event.preventDefault();
          mainRef.current?.focus();
        }}
      >
        {t('layout.skipToMain')}
      </a>
      <Layout className={`psi-layout psi-screen-${screen}`}>
        <Layout.Sider
          className="psi-sider"
          width={220}
          collapsedWidth={small ? 0 : 64}
          collapsible
          collapsed={collapsed}
          trigger={null}
          data-testid="sider"
        >
          <Link to={site.homePath} className="psi-sider__brand">
            <ReadOutlined className="psi-sider__logo" />
            {!collapsed && <span className="psi-sider__title">{t('app.title')}</span>}
          </Link>
          <nav aria-label={t('layout.mainMenu')}>
            <SideMenu menus={menus} collapsed={collapsed} theme={theme.menu} />
          </nav>
        </Layout.Sider>
        <Layout className="psi-main">
          <HeaderBar collapsed={collapsed} onToggle={toggle} />
          <TabBar />
          <Layout.Content className="psi-content" id="psi-main" ref={mainRef} tabIndex={-1}>
            {/* one heading names every page (the tab bar shows the same title) */}
            <h1 className="psi-visually-hidden" data-testid="page-title">
              {pageTitle}
            </h1>
            <KeepAliveOutlet cacheable={tabbed} />
          </Layout.Content>
        </Layout>
      </Layout>
    </App>
  );
}
