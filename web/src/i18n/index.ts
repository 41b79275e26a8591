import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { site, type Language } from '../config/site';
import { enCore } from './locales/core/en';
import { zhCore } from './locales/core/zh';
import type { Translation } from './types';

/** The `lang` attribute of the page for each language. */
const htmlLanguages: Record<Language, string> = { zh: 'zh-CN', en: 'en' };

/** The language the interface shows; the settings store, which owns the choice, sets it. */
let shownLanguage: Language = site.defaultLanguage;

void i18next.use(initReactI18next).init({
  // Copies: the shell's messages are merged into i18next's store later, the modules stay as written.
  resources: { zh: { translation: { ...zhCore } }, en: { translation: { ...enCore } } },
  lng: shownLanguage,
  fallbackLng: site.defaultLanguage,
  supportedLngs: ['zh', 'en'],
  interpolation: { escapeValue: false },
  // Resources are bundled, so init and a language change are synchronous: the first render already
  // has the texts of the language the settings store applies right after.
  initAsync: false,
});

/**
 * Shows the interface in `language`: i18next's texts and `<html lang>` follow (dayjs too, once the
 * signed-in shell is loaded: `./shell`). Called by the
 * settings store with the stored choice and on every change (this module does not read the store, which
 * sits beside it in the layers).
 */
export function applyLanguage(language: Language): void {
  shownLanguage = language;
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLanguages[language];
  if (i18next.language !== language) void i18next.changeLanguage(language);
}
applyLanguage(shownLanguage);

/** The current language code (`zh` or `en`), also sent as `Accept-Language`. */
export function currentLanguage(): Language {
  return shownLanguage;
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
