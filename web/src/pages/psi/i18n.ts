import { addTexts } from '../../i18n';
import '../../i18n/shell';
import { en } from './locales/en';
import { zh } from './locales/zh';

/** Messages of the PSI screens (added once, when the first PSI page loads). */
addTexts({ psi: zh }, { psi: en });
