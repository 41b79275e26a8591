import { addTexts } from '../../i18n';

/** Words of the shared list parts: search bars, column settings, the discard question. */
const zh = {
  table: {
    search: '查询',
    reset: '重置',
    expand: '展开',
    collapse: '收起',
    columns: '列设置',
    allColumns: '列展示',
    resetColumns: '重置',
    moveUp: '上移',
    moveDown: '下移',
    density: '密度',
    densityLarge: '宽松',
    densityMiddle: '中等',
    densitySmall: '紧凑',
    more: '更多',
    discardTitle: '放弃修改？',
    discardContent: '有尚未保存的修改，关闭后将丢失。',
    discardOk: '放弃修改',
    discardCancel: '继续编辑',
  },
};

const en: typeof zh = {
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
};

addTexts(zh, en);
