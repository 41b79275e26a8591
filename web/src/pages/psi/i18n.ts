import { i18n } from '../../i18n';
import '../../i18n/shell';
import { en } from './locales/en';
import { zh } from './locales/zh';

/** Messages of the PSI screens (added once, when the first PSI page loads). */
i18n.addResourceBundle('zh', 'translation', { psi: zh }, true, false);
i18n.addResourceBundle('en', 'translation', { psi: en }, true, false);
