import { Suspense, useEffect, useState } from 'react';
import { ReadOutlined } from '@ant-design/icons';
import { App, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading';
import { site } from '../../config/site';
import { useSession } from '../../stores/session';
import { HeaderBar } from './HeaderBar';
import { SideMenu } from './SideMenu';
import './layout.css';

/** The frame of every signed-in page: sider menu from the server, header, and the page. */
export default function BasicLayout() {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(false);
  const menus = useSession((state) => state.menus);

  useEffect(() => {
    // Persisted menus render at once; they are fetched again once per page load (roles may have changed).
    const session = useSession.getState();
    if (!session.menusLoaded) session.loadMenus().catch(() => undefined);
  }, []);

  return (
    <App component={false}>
      <Layout className="psi-layout">
        <Layout.Sider className="psi-sider" width={220} collapsible collapsed={collapsed} trigger={null}>
          <Link to={site.homePath} className="psi-sider__brand">
            <ReadOutlined className="psi-sider__logo" />
            {!collapsed && <span className="psi-sider__title">{t('app.title')}</span>}
          </Link>
          <SideMenu menus={menus} collapsed={collapsed} />
        </Layout.Sider>
        <Layout>
          <HeaderBar collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} />
          <Layout.Content className="psi-content">
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
        </Layout>
      </Layout>
    </App>
  );
}
