import { addBundle } from './index';
import { enSystem } from './locales/system/en';
import { zhSystem } from './locales/system/zh';
import './shell';

/** The system management screens' messages, added when the first of them loads. */
addBundle(zhSystem, enSystem);
