import { addBundle } from './index';
import { enShell } from './locales/shell/en';
import { zhShell } from './locales/shell/zh';

/**
 * The messages of the signed-in shell and its pages, kept out of the login page's initial JavaScript.
 * Importing this module (the layout, the lock screen and the dialogs reachable from the login page do)
 * adds them to i18next once.
 */
addBundle(zhShell, enShell);
