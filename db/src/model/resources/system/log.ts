import { defineResource, type FieldDef, type ResourceDef } from '../../resource';
import { t } from '../../text';
import { field } from './common';

const common = (): FieldDef[] => [
  field('text', 'serviceId', '服务ID', 'Service', { readOnly: true, search: 'like' }),
  field('text', 'serverHost', '服务器名', 'Host', { readOnly: true, inTable: false }),
  field('text', 'serverIp', '服务器IP', 'Server IP', { readOnly: true, inTable: false }),
  field('text', 'env', '软件环境', 'Environment', { readOnly: true, inTable: false }),
  field('text', 'method', '请求方法', 'Method', { readOnly: true, search: 'equal' }),
  field('text', 'requestUri', '请求接口', 'URI', { readOnly: true, search: 'like', priority: 'key' }),
  field('text', 'userAgent', '用户代理', 'User agent', { readOnly: true, inTable: false }),
  field('text', 'remoteIp', '请求IP', 'Client IP', { readOnly: true, search: 'like' }),
  field('textarea', 'params', '请求数据', 'Parameters', { readOnly: true, inTable: false }),
  field('text', 'time', '执行时间', 'Time taken (ms)', { readOnly: true, inTable: false }),
  field('text', 'createBy', '操作人', 'User', { readOnly: true, search: 'like' }),
  field('datetime', 'createTime', '记录时间', 'Logged at', {
    readOnly: true,
    search: 'dateRange',
    sortable: true,
    priority: 'key',
  }),
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
  field('text', 'logLevel', '日志级别', 'Level', { readOnly: true, search: 'equal' }),
  field('text', 'logId', '日志事件', 'Event', { readOnly: true, search: 'like', priority: 'key' }),
  field('textarea', 'logData', '日志数据', 'Data', { readOnly: true, inTable: false }),
]);

export const apiLogResource = logResource('log_api', 'api', t('接口日志', 'API logs'), [
  field('text', 'title', '日志标题', 'Title', { readOnly: true, search: 'like', priority: 'key' }),
  field('text', 'type', '日志类型', 'Type', { readOnly: true, inTable: false }),
]);

export const errorLogResource = logResource('log_error', 'error', t('错误日志', 'Error logs'), [
  field('text', 'exceptionName', '异常名', 'Exception', { readOnly: true, search: 'like', priority: 'key' }),
  field('textarea', 'message', '异常信息', 'Message', { readOnly: true, search: 'like' }),
  field('textarea', 'stackTrace', '堆栈', 'Stack', { readOnly: true, inTable: false }),
  field('text', 'fileName', '文件名', 'File', { readOnly: true, inTable: false }),
  field('number', 'lineNumber', '行号', 'Line', { readOnly: true, inTable: false }),
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
    field('text', 'name', '报表名称', 'Report name', { readOnly: true, search: 'like', sortable: true }),
    field('textarea', 'content', '报表定义', 'Definition', { readOnly: true, inTable: false }),
    field('datetime', 'createTime', '创建时间', 'Created at', {
      readOnly: true,
      search: 'dateRange',
      sortable: true,
    }),
    field('datetime', 'updateTime', '更新时间', 'Updated at', { readOnly: true, sortable: true }),
  ],
});
