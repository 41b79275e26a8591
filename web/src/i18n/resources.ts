import type { ParseKeys } from 'i18next';
import type { zhCore } from './locales/core/zh';
import type { zhDrift } from './locales/drift/zh';
import type { zhEditor } from './locales/editor/zh';
import type { zhFault } from './locales/fault/zh';
import type { zhFlow } from './locales/flow/zh';
import type { zhPsi } from './locales/psi/zh';
import type { zhReport } from './locales/report/zh';
import type { zhShell } from './locales/shell/zh';
import type { zhSystem } from './locales/system/zh';
import type { zhTable } from './locales/table/zh';

/**
 * Every bundle's Chinese tree, merged as i18next merges them at run time. Only types are imported, so
 * no text moves into the first screen's JavaScript.
 */
export type Messages = typeof zhCore &
  typeof zhShell &
  typeof zhFlow &
  typeof zhPsi &
  typeof zhSystem &
  typeof zhTable &
  typeof zhReport &
  typeof zhDrift &
  typeof zhFault &
  typeof zhEditor;

/** A message key of the merged tree, as `t` accepts it. */
export type MessageKey = ParseKeys<'translation'>;

/** The workflow states that have a label (`flow.status.*`). */
export type FlowStatus = keyof Messages['flow']['status'];

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}
