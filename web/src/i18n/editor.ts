import { addBundle } from './index';
import { enEditor } from './locales/editor/en';
import { zhEditor } from './locales/editor/zh';

/** The rich-text toolbar's labels, added with the first rich-text field (a lazily loaded module). */
addBundle(zhEditor, enEditor);
