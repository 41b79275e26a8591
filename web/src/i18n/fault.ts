import { addBundle } from './index';
import { enFault } from './locales/fault/en';
import { zhFault } from './locales/fault/zh';

/** The fault injection page's messages, added when that page loads. */
addBundle(zhFault, enFault);
