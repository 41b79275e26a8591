/** Messages of the report screens. */
export const zhReport = {
  report: {
    title: '报表列表',
    name: '报表名称',
    description: '说明',
    createTime: '创建时间',
    actions: '操作',
    open: '打开',
    export: '导出',
    remove: '删除',
    close: '关闭',
    summary: '按{{groups}}汇总，共{{count}}列',
    detail: '共{{count}}列',
    removeConfirm: '确定删除报表「{{name}}」?',
    removeTip: '删除后该报表不再出现在列表中。',
    total: '合计',
    rows: '{{groups}}组，来自{{source}}条记录',
    invalid: '报表定义无效',
    empty: '暂无报表',
  },
};
