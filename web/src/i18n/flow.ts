import { i18n } from './index';
import { enFlow } from './locales/flow/en';
import { zhFlow } from './locales/flow/zh';
import './shell';

/** The workflow screens' messages, added to i18next when one of those pages loads. */
i18n.addResourceBundle('zh', 'translation', zhFlow, true, false);
i18n.addResourceBundle('en', 'translation', enFlow, true, false);
