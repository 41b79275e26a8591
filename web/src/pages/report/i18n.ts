import { addTexts } from '../../i18n';
import '../../i18n/shell';

/** Messages of the report screens (added once, when the page loads). */
const zh = {
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
};

const en: typeof zh = {
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
};

addTexts({ report: zh }, { report: en });
