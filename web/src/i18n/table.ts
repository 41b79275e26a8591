import { addBundle } from './index';
import { enTable } from './locales/table/en';
import { zhTable } from './locales/table/zh';

/** The shared list parts' words, added with the first search bar or column settings. */
addBundle(zhTable, enTable);
