import { addBundle } from './index';
import { enDrift } from './locales/drift/en';
import { zhDrift } from './locales/drift/zh';

/** The contract drift report's messages, added when that page loads. */
addBundle(zhDrift, enDrift);
