import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { site, storageKey, supportedLanguages, type Language } from '../config/site';

/** UI preferences kept across sessions. Theme and colour join this store with the full shell. */
interface SettingsState {
  language: Language;
  setLanguage: (language: Language) => void;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value);
}

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      language: site.defaultLanguage,
      setLanguage: (language) => set({ language }),
    }),
    {
      name: storageKey('settings'),
      storage: createJSONStorage(() => localStorage),
      partialize: ({ language }) => ({ language }),
      // A hand-edited or outdated value must not break i18n.
      merge: (persisted, current) => {
        const language = (persisted as Partial<SettingsState> | undefined)?.language;
        return { ...current, language: isLanguage(language) ? language : current.language };
      },
    },
  ),
);
