import { addBundle } from './index';
import { enReport } from './locales/report/en';
import { zhReport } from './locales/report/zh';
import './shell';

/** The report screens' messages, added when the report page loads. */
addBundle(zhReport, enReport);
