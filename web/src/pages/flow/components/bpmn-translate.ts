import { i18n } from '../../../i18n';

/** The bpmn-js texts the subset modeler shows, in Chinese (English is bpmn-js's own). */
const zh: Record<string, string> = {
  'Activate create/remove space tool': '创建/删除空间',
  'Activate global connect tool': '连线工具',
  'Activate hand tool': '抓手工具',
  'Activate lasso tool': '套索工具',
  'Append end event': '追加结束事件',
  'Append gateway': '追加网关',
  'Append user task': '追加用户任务',
  'Connect to other element': '连接到其他元素',
  'Connect using sequence flow': '连线',
  'Create end event': '创建结束事件',
  'Create gateway': '创建网关',
  'Create start event': '创建开始事件',
  'Create user task': '创建用户任务',
  Delete: '删除',
};

/** bpmn-js `translate` service following the app's language (`{name}` placeholders filled). */
function translate(template: string, replacements: Record<string, string> = {}): string {
  const text = i18n.language === 'zh' ? (zh[template] ?? template) : template;
  return text.replace(/{([^}]+)}/g, (_, key: string) => replacements[key] ?? `{${key}}`);
}

export const translateModule = { translate: ['value', translate] };
