import { createElement } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { resolveMenuIcon } from '../../components/menu/menu-icons';
import { findMenuByHref, menuHref, menuLabel } from '../../api/menu-model';
import type { MenuNode } from '../../api/types';
import { menuKeys } from '../../api/menu';
import { fetchList } from '../../api/resource';
import { resourceForMenu } from '../../components/resource/registry';
import { useSession } from '../../stores/session';
import './wel.css';

/** The business lists the console counts, when the user's menus include them. */
const counted = [
  'goodsinfo',
  'schoolinfo',
  'depositoryinfo',
  'purchaseorderyypt',
  'deliveryorder',
  'user',
  'notice',
  'tenant',
];

function leavesOf(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => (node.children?.length ? leavesOf(node.children) : [node]));
}

/** /wel/dashboard (hidden from the menu): how many records each main list holds. */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const routes = useSession((state) => state.routes);
  const menus = leavesOf(routes).filter((node) => counted.includes(node.code) && resourceForMenu(node.code));
  const totals = useQueries({
    queries: menus.map((node) => ({
      queryKey: menuKeys.dashboardCount(node.code),
      queryFn: () => fetchList(`${resourceForMenu(node.code)?.api ?? ''}/list`, { current: 1, size: 1 }),
      staleTime: 60_000,
    })),
  });

  return (
    <Card variant="borderless" title={t('route.dashboard')} data-testid="dashboard">
      {menus.length === 0 ? (
        <Empty description={t('wel.noMenus')} />
      ) : (
        <Row gutter={[16, 16]}>
          {menus.map((node, index) => {
            const href = menuHref(node);
            const trail =
              findMenuByHref(routes, href)?.ancestors.map((entry) => menuLabel(entry, t, i18n.language)) ??
              [];
            return (
              <Col key={node.id} xs={24} sm={12} lg={8} xl={6}>
                <Link to={href}>
                  <Card hoverable className="psi-dashboard__card">
                    <Statistic
                      title={[...trail, menuLabel(node, t, i18n.language)].join(' / ')}
                      value={totals[index]?.data?.total ?? '-'}
                      loading={totals[index]?.isLoading}
                      prefix={createElement(resolveMenuIcon(node.source))}
                    />
                  </Card>
                </Link>
              </Col>
            );
          })}
        </Row>
      )}
    </Card>
  );
}
