import type { Translation } from '../../types';
import type { zhReport } from './zh';

export const enReport = {
  report: {
    title: 'Reports',
    name: 'Report',
    description: 'Description',
    createTime: 'Created at',
    actions: 'Actions',
    open: 'Open',
    export: 'Export',
    remove: 'Delete',
    close: 'Close',
    summary: 'Totals by {{groups}}, {{count}} columns',
    detail: '{{count}} columns',
    removeConfirm: 'Delete the report "{{name}}"?',
    removeTip: 'The report will no longer be listed.',
    total: 'Total',
    rows: '{{groups}} groups from {{source}} records',
    invalid: 'The report definition is invalid',
    empty: 'No reports',
  },
} satisfies Translation<typeof zhReport>;
