import { defineResource, type FieldDef, type ResourceDef } from '../../resource';
import { t } from '../../text';

const common = (): FieldDef[] => [
  { name: 'serviceId', kind: 'text', label: t('服务ID', 'Service'), readOnly: true, search: 'like' },
  { name: 'serverHost', kind: 'text', label: t('服务器名', 'Host'), readOnly: true, inTable: false },
  { name: 'serverIp', kind: 'text', label: t('服务器IP', 'Server IP'), readOnly: true, inTable: false },
  { name: 'env', kind: 'text', label: t('软件环境', 'Environment'), readOnly: true, inTable: false },
  { name: 'method', kind: 'text', label: t('请求方法', 'Method'), readOnly: true, search: 'equal' },
  {
    name: 'requestUri',
    kind: 'text',
    label: t('请求接口', 'URI'),
    readOnly: true,
    search: 'like',
    priority: 'key',
  },
  { name: 'userAgent', kind: 'text', label: t('用户代理', 'User agent'), readOnly: true, inTable: false },
  { name: 'remoteIp', kind: 'text', label: t('请求IP', 'Client IP'), readOnly: true, search: 'like' },
  { name: 'params', kind: 'textarea', label: t('请求数据', 'Parameters'), readOnly: true, inTable: false },
  { name: 'time', kind: 'text', label: t('执行时间', 'Time taken (ms)'), readOnly: true, inTable: false },
  { name: 'createBy', kind: 'text', label: t('操作人', 'User'), readOnly: true, search: 'like' },
  {
    name: 'createTime',
    kind: 'datetime',
    label: t('记录时间', 'Logged at'),
    readOnly: true,
    search: 'dateRange',
    sortable: true,
    priority: 'key',
  },
];

const logResource = (
  key: string,
  path: string,
  title: ReturnType<typeof t>,
  extra: FieldDef[],
): ResourceDef =>
  defineResource({
    key,
    api: `/blade-log/${path}`,
    title,
    permission: key,
    tenant: 'scopedAdminAll',
    ops: { add: false, edit: false, delete: false },
    access: { detail: { button: `${key}_view` } },
    fields: [...extra, ...common()],
  });

export const usualLogResource = logResource('log_usual', 'usual', t('通用日志', 'Usual logs'), [
  { name: 'logLevel', kind: 'text', label: t('日志级别', 'Level'), readOnly: true, search: 'equal' },
  {
    name: 'logId',
    kind: 'text',
    label: t('日志事件', 'Event'),
    readOnly: true,
    search: 'like',
    priority: 'key',
  },
  { name: 'logData', kind: 'textarea', label: t('日志数据', 'Data'), readOnly: true, inTable: false },
]);

export const apiLogResource = logResource('log_api', 'api', t('接口日志', 'API logs'), [
  {
    name: 'title',
    kind: 'text',
    label: t('日志标题', 'Title'),
    readOnly: true,
    search: 'like',
    priority: 'key',
  },
  { name: 'type', kind: 'text', label: t('日志类型', 'Type'), readOnly: true, inTable: false },
]);

export const errorLogResource = logResource('log_error', 'error', t('错误日志', 'Error logs'), [
  {
    name: 'exceptionName',
    kind: 'text',
    label: t('异常名', 'Exception'),
    readOnly: true,
    search: 'like',
    priority: 'key',
  },
  { name: 'message', kind: 'textarea', label: t('异常信息', 'Message'), readOnly: true, search: 'like' },
  { name: 'stackTrace', kind: 'textarea', label: t('堆栈', 'Stack'), readOnly: true, inTable: false },
  { name: 'fileName', kind: 'text', label: t('文件名', 'File'), readOnly: true, inTable: false },
  { name: 'lineNumber', kind: 'number', label: t('行号', 'Line'), readOnly: true, inTable: false },
]);

/** A report is a saved list query (the API and its parameters) with the columns to show. */
export const reportResource = defineResource({
  key: 'reportlist',
  api: '/blade-report/report/rest',
  title: t('报表列表', 'Reports'),
  permission: 'reportlist',
  tenant: 'scoped',
  ops: { add: false, edit: false },
  access: { detail: { button: 'reportlist_view' } },
  fields: [
    {
      name: 'name',
      kind: 'text',
      label: t('报表名称', 'Report name'),
      readOnly: true,
      search: 'like',
      sortable: true,
    },
    { name: 'content', kind: 'textarea', label: t('报表定义', 'Definition'), readOnly: true, inTable: false },
    {
      name: 'createTime',
      kind: 'datetime',
      label: t('创建时间', 'Created at'),
      readOnly: true,
      search: 'dateRange',
      sortable: true,
    },
    {
      name: 'updateTime',
      kind: 'datetime',
      label: t('更新时间', 'Updated at'),
      readOnly: true,
      sortable: true,
    },
  ],
});
