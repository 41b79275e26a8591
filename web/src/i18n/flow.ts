import { addBundle } from './index';
import { enFlow } from './locales/flow/en';
import { zhFlow } from './locales/flow/zh';
import './shell';

/** The workflow screens' messages, added to i18next when one of those pages loads. */
addBundle(zhFlow, enFlow);
