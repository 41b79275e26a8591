import { addBundle } from './index';
import { enPsi } from './locales/psi/en';
import { zhPsi } from './locales/psi/zh';
import './shell';

/** The PSI screens' messages, added when the first PSI page loads. */
addBundle(zhPsi, enPsi);
