import type { MessageKey } from '../i18n/resources';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { site, storageKey } from '../config/site';

/**
 * What a tab shows as its label, in either language: an i18n key (`route.home`), or a menu's names
 * (the `menu.<code>` translation, then `nameEn`, then the server's `name`).
 */
export type TabTitle = { key: MessageKey } | { code?: string; name: string; nameEn?: string };

/** An open page (the spec's Tab: label, value, params, query, meta, group, close). */
export interface Tab {
  /** The path, which identifies the tab. */
  value: string;
  label: TabTitle;
  /** The query string of the last visit (`?a=1`), restored when the tab is clicked. */
  query: string;
  params: Record<string, string>;
  meta: { menuCode?: string };
  /** The names of the menus above it, for context. */
  group: string[];
  /** False for the home tab, which is always there. */
  close: boolean;
}

export const homeTab: Tab = {
  value: site.homePath,
  label: { key: 'route.home' },
  query: '',
  params: {},
  meta: {},
  group: [],
  close: false,
};

interface TabsState {
  tabs: Tab[];
  /** Bumped to remount a page (tab menu "refresh"). */
  reloads: Record<string, number>;
  /** Adds the tab, or updates its label and query when it is open already. */
  open: (tab: Omit<Tab, 'close' | 'params' | 'meta' | 'group'> & Partial<Tab>) => void;
  /** Closes a tab and answers the path to show next when it was the current one. */
  close: (value: string, current: string) => string | null;
  closeOthers: (value: string) => void;
  closeAll: () => void;
  reload: (value: string) => void;
  reset: () => void;
}

function sameTitle(a: TabTitle, b: TabTitle): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export const useTabs = create<TabsState>()(
  persist(
    (set, get) => ({
      tabs: [homeTab],
      reloads: {},

      open: (tab) => {
        const tabs = get().tabs;
        const index = tabs.findIndex((entry) => entry.value === tab.value);
        if (index === -1) {
          const next: Tab = {
            params: {},
            meta: {},
            group: [],
            ...tab,
            close: tab.value !== site.homePath,
          };
          set({ tabs: [...tabs, next] });
          return;
        }
        const existing = tabs[index];
        if (existing.query === tab.query && sameTitle(existing.label, tab.label)) return;
        const updated = { ...existing, ...tab, close: existing.close };
        set({ tabs: tabs.map((entry, i) => (i === index ? updated : entry)) });
      },

      close: (value, current) => {
        const tabs = get().tabs;
        const index = tabs.findIndex((entry) => entry.value === value);
        // The home tab and the last remaining tab stay.
        if (index === -1 || !tabs[index].close || tabs.length <= 1) return null;
        const rest = tabs.filter((_, i) => i !== index);
        const reloads = { ...get().reloads };
        delete reloads[value];
        set({ tabs: rest, reloads });
        if (value !== current) return null;
        const neighbour = rest[Math.min(index, rest.length - 1)] ?? rest[rest.length - 1];
        return neighbour.value + neighbour.query;
      },

      closeOthers: (value) =>
        set({ tabs: get().tabs.filter((entry) => !entry.close || entry.value === value) }),

      closeAll: () => set({ tabs: get().tabs.filter((entry) => !entry.close) }),

      reload: (value) => set({ reloads: { ...get().reloads, [value]: (get().reloads[value] ?? 0) + 1 } }),

      reset: () => set({ tabs: [homeTab], reloads: {} }),
    }),
    {
      name: storageKey('tabs'),
      // Per browser tab: a reload keeps the open pages, another window starts with its own set.
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ tabs }) => ({ tabs }),
      merge: (persisted, current) => {
        const saved = (persisted as { tabs?: unknown } | undefined)?.tabs;
        if (!Array.isArray(saved)) return current;
        const valid = saved.filter(
          (tab): tab is Tab =>
            typeof tab === 'object' &&
            tab !== null &&
            typeof (tab as Tab).value === 'string' &&
            'label' in tab,
        );
        const others = valid.filter((tab) => tab.value !== site.homePath);
        return { ...current, tabs: [homeTab, ...others.map((tab) => ({ ...tab, close: true }))] };
      },
    },
  ),
);
