/** Words of the shared list parts: search bars, column settings, the discard question. */
export const zhTable = {
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
