import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CloseCircleOutlined,
  CloseOutlined,
  ClearOutlined,
  DownOutlined,
  MinusCircleOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { App, Button, Dropdown, Tabs, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { clearServerCache } from '../../api/logs';
import { site } from '../../config/site';
import { useSession } from '../../stores/session';
import { useTabs, type Tab } from '../../stores/tabs';
import { titleText } from '../document-title';

type TabAction = 'refresh' | 'close' | 'closeOthers' | 'closeAll' | 'clearCache';

/**
 * The tab bar of opened pages (spec section 2): click to switch, × to close (the home tab and the last
 * tab stay), and a context menu (right click, or the button at the end) to refresh the page, close it,
 * close the others, close all, or clear the caches after a confirmation.
 */
export function TabBar() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const tabs = useTabs((state) => state.tabs);
  // Which menu is open: a tab's context menu (its path) or the bar's own ("more"); one at a time.
  const [menuOpen, setMenuOpen] = useState<string | null>(null);

  const go = (tab: Tab) => navigate(tab.value + tab.query);

  const closeTab = (value: string) => {
    const next = useTabs.getState().close(value, pathname);
    if (next) navigate(next);
  };

  const clearCache = () => {
    modal.confirm({
      title: t('common.tip'),
      content: t('tabs.clearCacheConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await clearServerCache();
        // Everything cached here is fetched again: lists, dictionaries, trees, and the menus.
        await queryClient.resetQueries();
        await useSession
          .getState()
          .loadMenus()
          .catch(() => undefined);
        void message.success(t('tabs.cleared'));
      },
    });
  };

  const run = (action: TabAction, value: string) => {
    switch (action) {
      case 'refresh':
        useTabs.getState().reload(value);
        void queryClient.invalidateQueries();
        break;
      case 'close':
        closeTab(value);
        break;
      case 'closeOthers':
        useTabs.getState().closeOthers(value);
        if (value !== pathname) {
          const tab = useTabs.getState().tabs.find((entry) => entry.value === value);
          if (tab) go(tab);
        }
        break;
      case 'closeAll':
        useTabs.getState().closeAll();
        navigate(site.homePath);
        break;
      case 'clearCache':
        clearCache();
        break;
    }
  };

  const menuFor = (tab: Tab): MenuProps => {
    const closable = tab.close && tabs.length > 1;
    const entry = (key: TabAction, icon: ReactNode, label: string, disabled = false) => ({
      key,
      icon,
      disabled,
      label: <span data-testid={`tab-action-${key}`}>{label}</span>,
    });
    return {
      items: [
        entry('refresh', <ReloadOutlined />, t('tabs.refresh')),
        entry('close', <CloseOutlined />, t('tabs.close'), !closable),
        entry('closeOthers', <MinusCircleOutlined />, t('tabs.closeOthers')),
        entry('closeAll', <CloseCircleOutlined />, t('tabs.closeAll')),
        { type: 'divider' as const },
        entry('clearCache', <ClearOutlined />, t('tabs.clearCache')),
      ],
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        setMenuOpen(null);
        run(key as TabAction, tab.value);
      },
    };
  };

  const current = tabs.find((tab) => tab.value === pathname);

  return (
    <div className="psi-tabs" data-testid="tab-bar">
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={current ? pathname : undefined}
        onChange={(key) => {
          const tab = tabs.find((entry) => entry.value === key);
          if (tab) go(tab);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') closeTab(key);
        }}
        items={tabs.map((tab) => ({
          key: tab.value,
          closable: tab.close && tabs.length > 1,
          label: (
            <Dropdown
              menu={menuFor(tab)}
              trigger={['contextMenu']}
              open={menuOpen === tab.value}
              onOpenChange={(open) => setMenuOpen(open ? tab.value : null)}
            >
              <span className="psi-tabs__label" data-testid="tab" data-path={tab.value}>
                {titleText(tab.label, t, i18n.language)}
              </span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={{
          right: (
            <Dropdown
              menu={menuFor(current ?? tabs[0])}
              trigger={['click']}
              placement="bottomRight"
              open={menuOpen === 'more'}
              onOpenChange={(open) => setMenuOpen(open ? 'more' : null)}
            >
              <Button
                type="text"
                size="small"
                className="psi-tabs__more"
                data-testid="tab-more"
                icon={<DownOutlined />}
              >
                {t('tabs.actions')}
              </Button>
            </Dropdown>
          ),
        }}
      />
    </div>
  );
}
