import type { Translation } from '../../types';
import type { zhTable } from './zh';

export const enTable = {
  table: {
    search: 'Search',
    reset: 'Reset',
    expand: 'Expand',
    collapse: 'Collapse',
    columns: 'Column settings',
    allColumns: 'Columns',
    resetColumns: 'Reset',
    moveUp: 'Move up',
    moveDown: 'Move down',
    density: 'Density',
    densityLarge: 'Comfortable',
    densityMiddle: 'Medium',
    densitySmall: 'Compact',
    more: 'More',
    discardTitle: 'Discard changes?',
    discardContent: 'There are unsaved changes; closing loses them.',
    discardOk: 'Discard',
    discardCancel: 'Keep editing',
  },
} satisfies Translation<typeof zhTable>;
