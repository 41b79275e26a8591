import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { site, type Language } from '../config/site';
import { useSettings } from '../stores/settings';
import { enCore } from './locales/core/en';
import { zhCore } from './locales/core/zh';
import type { Translation } from './types';

/** dayjs names its locales differently from our language codes. */
const dayjsLocales: Record<Language, string> = { zh: 'zh-cn', en: 'en' };

/** The `lang` attribute of the page for each language. */
const htmlLanguages: Record<Language, string> = { zh: 'zh-CN', en: 'en' };

function applyLanguage(language: Language): void {
  dayjs.locale(dayjsLocales[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLanguages[language];
}

const initialLanguage = useSettings.getState().language;

void i18next.use(initReactI18next).init({
  // Copies: the shell's messages are merged into i18next's store later, the modules stay as written.
  resources: { zh: { translation: { ...zhCore } }, en: { translation: { ...enCore } } },
  lng: initialLanguage,
  fallbackLng: site.defaultLanguage,
  supportedLngs: ['zh', 'en'],
  interpolation: { escapeValue: false },
  // Resources are bundled, so init is synchronous and the first render already has its texts.
  initAsync: false,
});
applyLanguage(initialLanguage);

// The settings store owns the choice; i18next, dayjs and <html lang> follow it.
useSettings.subscribe((state, previous) => {
  if (state.language === previous.language) return;
  applyLanguage(state.language);
  void i18next.changeLanguage(state.language);
});

/** The current language code (`zh` or `en`), also sent as `Accept-Language`. */
export function currentLanguage(): Language {
  return useSettings.getState().language;
}

/**
 * Adds a lazily loaded bundle (`locales/<bundle>/{zh,en}.ts`) to the one `translation` namespace, deep
 * merged and keeping texts already there. The module that calls it is imported by the screens that need it.
 */
export function addBundle<T extends object>(zh: T, en: Translation<T>): void {
  i18next.addResourceBundle('zh', 'translation', zh, true, false);
  i18next.addResourceBundle('en', 'translation', en, true, false);
}

export const i18n = i18next;
export const t = i18next.t.bind(i18next);
