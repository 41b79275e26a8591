import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  screenClass,
  site,
  storageKey,
  supportedLanguages,
  themeNames,
  type Language,
  type ThemeName,
} from '../config/site';
import { applyLanguage } from '../i18n';
import { pick } from '../utils/pick';

/** UI preferences kept across sessions (language, theme, colour, sider), plus the live screen class. */
interface SettingsState {
  language: Language;
  theme: ThemeName;
  /** Primary colour, `#RRGGBB`. */
  color: string;
  /** The sider is collapsed (the user's choice on large screens). */
  collapsed: boolean;
  /** Screen size class of the viewport: 3 (>= 1200 px), 2 (>= 992), 1 (>= 768), 0. Not persisted. */
  screen: number;
  setLanguage: (language: Language) => void;
  setTheme: (theme: ThemeName) => void;
  setColor: (color: string) => void;
  setCollapsed: (collapsed: boolean) => void;
  setScreen: (screen: number) => void;
}

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value);
}

function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (themeNames as readonly string[]).includes(value);
}

function isColor(value: unknown): value is string {
  return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);
}

type Persisted = Pick<SettingsState, 'language' | 'theme' | 'color' | 'collapsed'>;

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      language: site.defaultLanguage,
      theme: site.defaultTheme,
      color: site.defaultColor,
      collapsed: false,
      screen: typeof window === 'undefined' ? 3 : screenClass(window.innerWidth),
      setLanguage: (language) => set({ language }),
      setTheme: (theme) => set({ theme }),
      setColor: (color) => set({ color: isColor(color) ? color.toUpperCase() : site.defaultColor }),
      setCollapsed: (collapsed) => set({ collapsed }),
      setScreen: (screen) => set({ screen }),
    }),
    {
      name: storageKey('settings'),
      storage: createJSONStorage(() => localStorage),
      partialize: (state): Persisted => pick(state, ['language', 'theme', 'color', 'collapsed']),
      // A hand-edited or outdated value must not break the app: each field falls back on its own.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<Persisted>;
        return {
          ...current,
          language: isLanguage(saved.language) ? saved.language : current.language,
          theme: isThemeName(saved.theme) ? saved.theme : current.theme,
          color: isColor(saved.color) ? saved.color : current.color,
          collapsed: typeof saved.collapsed === 'boolean' ? saved.collapsed : current.collapsed,
        };
      },
    },
  ),
);

// The store owns the language choice; i18next, dayjs and <html lang> follow it.
applyLanguage(useSettings.getState().language);
useSettings.subscribe((state, previous) => {
  if (state.language !== previous.language) applyLanguage(state.language);
});

/** Keeps `screen` on the viewport's class (called once at start-up). Returns the listener's remover. */
export function trackScreenSize(): () => void {
  const update = () => {
    const next = screenClass(window.innerWidth);
    if (useSettings.getState().screen !== next) useSettings.getState().setScreen(next);
  };
  update();
  window.addEventListener('resize', update);
  return () => window.removeEventListener('resize', update);
}
