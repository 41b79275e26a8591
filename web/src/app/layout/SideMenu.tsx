import { createElement, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MenuNode } from '../../api/types';
import { resolveMenuIcon } from '../../components/menu/menu-icons';
import {
  menuHref,
  menuLabel,
  menuLeaves,
  openKeysFor,
  openMenuLeaf,
  subMenuKey,
  visibleMenus,
} from '../../api/menu-model';

type MenuItem = Required<MenuProps>['items'][number];

function toItems(nodes: readonly MenuNode[], t: TFunction, language: string): MenuItem[] {
  return visibleMenus(nodes).map((node) => {
    const icon = createElement(resolveMenuIcon(node.source));
    const label = menuLabel(node, t, language);
    if (node.children && node.children.length > 0) {
      return { key: subMenuKey(node), icon, label, children: toItems(node.children, t, language) };
    }
    return { key: menuHref(node), icon, label, 'data-menu-code': node.code };
  });
}

interface SideMenuProps {
  menus: MenuNode[];
  collapsed: boolean;
  theme: 'dark' | 'light';
}

/** The sider menu built from the server's `routes` forest (or the chosen top menu's part of it). */
export function SideMenu({ menus, collapsed, theme }: SideMenuProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useMemo(() => toItems(menus, t, language), [menus, t, language]);
  const leaves = useMemo(() => menuLeaves(menus, t, language), [menus, t, language]);
  // Opened sub-menus are the user's choice; they start on the branch of the current page.
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(menus, pathname));
  const [openedFor, setOpenedFor] = useState({ menus, pathname });
  if (openedFor.menus !== menus || openedFor.pathname !== pathname) {
    // Another top menu, or a page opened elsewhere (tab, search): show its branch too.
    setOpenedFor({ menus, pathname });
    const branch = openKeysFor(menus, pathname);
    if (branch.some((key) => !openKeys.includes(key)) || openedFor.menus !== menus)
      setOpenKeys(openedFor.menus !== menus ? branch : [...new Set([...openKeys, ...branch])]);
  }

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const leaf = leaves.find((entry) => entry.href === key);
    if (leaf) openMenuLeaf(leaf, navigate);
  };

  return (
    <Menu
      theme={theme}
      mode="inline"
      className="psi-side-menu"
      data-testid="side-menu"
      items={items}
      selectedKeys={[pathname]}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={onClick}
    />
  );
}
