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
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { clearServerCache } from '../../api/logs';
import { site } from '../../config/site';
import { useSession } from '../../stores/session';
import { useTabs, type Tab } from '../../stores/tabs';
import { titleText } from '../document-title';
import { dirtyGuards } from '../../components/discard/registry';
import { useDiscardQuestion } from '../../components/discard/useDiscardGuard';
import { useConfirm } from '../../hooks/confirm';

type TabAction = 'refresh' | 'close' | 'closeOthers' | 'closeAll' | 'clearCache';

/**
 * Closing or refreshing a tab drops its page and the work in it: when an editor of one of those pages
 * holds unsaved changes, the same question as the editor's own close asks first.
 */
function useUnlessWorkIsLost() {
  const askDiscard = useDiscardQuestion();
  return (paths: string[], proceed: () => void) => {
    const dirty = dirtyGuards().filter((guard) => paths.includes(guard.path));
    if (dirty.length === 0) {
      proceed();
      return;
    }
    askDiscard(() => {
      for (const guard of dirty) guard.discard();
      proceed();
    });
  };
}

/** "Clear cache", confirmed: the server's caches, then everything cached here, menus included. */
function useClearCache() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  return () => {
    confirm(t('tabs.clearCacheConfirm'), async () => {
      await clearServerCache();
      // Everything cached here is fetched again: lists, dictionaries, trees, and the menus.
      await queryClient.resetQueries();
      await useSession
        .getState()
        .loadMenus()
        .catch(() => undefined);
      void message.success(t('tabs.cleared'));
    });
  };
}

/**
 * The tab bar of opened pages (spec section 2): click to switch, × to close (the home tab and the last
 * tab stay), and a context menu (right click, or the button at the end) to refresh the page, close it,
 * close the others, close all, or clear the caches after a confirmation.
 */
export function TabBar() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const tabs = useTabs((state) => state.tabs);
  // Which menu is open: a tab's context menu (its path) or the bar's own ("more"); one at a time.
  const [menuOpen, setMenuOpen] = useState<string | null>(null);

  const go = (tab: Tab) => navigate(tab.value + tab.query);
  const unlessWorkIsLost = useUnlessWorkIsLost();
  const clearCache = useClearCache();

  const closeTab = (value: string) =>
    unlessWorkIsLost([value], () => {
      const next = useTabs.getState().close(value, pathname);
      if (next) navigate(next);
    });

  const run = (action: TabAction, value: string) => {
    switch (action) {
      case 'refresh':
        unlessWorkIsLost([value], () => {
          useTabs.getState().reload(value);
          void queryClient.invalidateQueries();
        });
        break;
      case 'close':
        closeTab(value);
        break;
      case 'closeOthers':
        unlessWorkIsLost(
          tabs.filter((tab) => tab.close && tab.value !== value).map((tab) => tab.value),
          () => {
            useTabs.getState().closeOthers(value);
            if (value !== pathname) {
              const tab = useTabs.getState().tabs.find((entry) => entry.value === value);
              if (tab) go(tab);
            }
          },
        );
        break;
      case 'closeAll':
        unlessWorkIsLost(
          tabs.filter((tab) => tab.close).map((tab) => tab.value),
          () => {
            useTabs.getState().closeAll();
            navigate(site.homePath);
          },
        );
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

  // A navigation of links rather than antd's editable tabs, whose tab list also holds the close and
  // "more" buttons (an ARIA fault): each opened page is a link, its close button stands beside it.
  return (
    <nav className="psi-tabs" aria-label={t('tabs.label')} data-testid="tab-bar">
      <ul className="psi-tabs__list">
        {tabs.map((tab) => {
          const active = tab.value === pathname;
          const label = titleText(tab.label, t, i18n.language);
          const closable = tab.close && tabs.length > 1;
          return (
            <li key={tab.value} className={`psi-tabs__tab${active ? ' is-active' : ''}`}>
              <Dropdown
                menu={menuFor(tab)}
                trigger={['contextMenu']}
                open={menuOpen === tab.value}
                onOpenChange={(open) => setMenuOpen(open ? tab.value : null)}
              >
                <Link
                  to={tab.value + tab.query}
                  className="psi-tabs__link"
                  aria-current={active ? 'page' : undefined}
                >
                  <span className="psi-tabs__label" data-testid="tab" data-path={tab.value}>
                    {label}
                  </span>
                </Link>
              </Dropdown>
              {closable && (
                <button
                  type="button"
                  className="psi-tabs__close"
                  aria-label={`${t('tabs.closeTab')} ${label}`}
                  data-testid="tab-close"
                  onClick={() => closeTab(tab.value)}
                >
                  <CloseOutlined />
                </button>
              )}
            </li>
          );
        })}
      </ul>
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
    </nav>
  );
}
