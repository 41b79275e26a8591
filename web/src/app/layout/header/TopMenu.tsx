import { createElement, type ReactNode } from 'react';
import { HomeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchTopMenus, menuKeys } from '../../../api/menu';
import { useSession } from '../../../stores/session';
import { resolveMenuIcon } from '../../../components/menu/menu-icons';
import { menuLabel } from '../../../api/menu-model';

/**
 * The top menus of the header (`/blade-system/menu/top-menu`): choosing one reloads the sider with the
 * routes of that group (`routes?topMenuId=`); "all" shows every menu again.
 */
export function TopMenu() {
  const { t, i18n } = useTranslation();
  const topMenuId = useSession((state) => state.topMenuId);
  const selectTopMenu = useSession((state) => state.selectTopMenu);
  const { data: topMenus = [] } = useQuery({
    queryKey: menuKeys.topMenus(),
    queryFn: fetchTopMenus,
    staleTime: 5 * 60_000,
  });
  if (topMenus.length === 0) return null;

  const entry = (id: string, label: string, icon: ReactNode) => (
    <Button
      key={id || 'all'}
      type="text"
      size="small"
      icon={icon}
      className={`psi-top-menu__item${topMenuId === id ? ' is-active' : ''}`}
      aria-pressed={topMenuId === id}
      data-testid={`top-menu-${id || 'all'}`}
      onClick={() => void selectTopMenu(id).catch(() => undefined)}
    >
      {label}
    </Button>
  );

  return (
    <nav className="psi-top-menu" aria-label={t('layout.topMenu')}>
      {entry('', t('layout.allMenus'), <HomeOutlined />)}
      {topMenus.map((menu) =>
        entry(
          menu.id,
          menuLabel({ ...menu, nameEn: undefined }, t, i18n.language),
          createElement(resolveMenuIcon(menu.source)),
        ),
      )}
    </nav>
  );
}
