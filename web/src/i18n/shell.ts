import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { Language } from '../config/site';
import { addBundle, currentLanguage, i18n } from './index';
import { enShell } from './locales/shell/en';
import { zhShell } from './locales/shell/zh';

/**
 * The messages of the signed-in shell and its pages, kept out of the login page's initial JavaScript.
 * Importing this module (the layout, the lock screen and the dialogs reachable from the login page do)
 * adds them to i18next once.
 */
addBundle(zhShell, enShell);

/** dayjs names its locales differently from our language codes. */
const dayjsLocales: Record<Language, string> = { zh: 'zh-cn', en: 'en' };

/**
 * Dates follow the language from here on: dayjs (and its Chinese locale) is needed only by the screens
 * that load the shell, not by the login page.
 */
const followLanguage = (language: string) => dayjs.locale(dayjsLocales[language as Language] ?? 'en');
followLanguage(currentLanguage());
i18n.on('languageChanged', followLanguage);
