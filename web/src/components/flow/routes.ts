import type { FlowRow } from '../../api/flow';

/** Form routes of a process category: `/work/process/<route>/<step>/…` (seed: routeValue = remark). */
export function formPath(route: string, processDefinitionId: string) {
  return `/work/process/${route}/form/${encodeURIComponent(processDefinitionId)}`;
}

export function handlePath(route: string, row: FlowRow) {
  return `/work/process/${route}/handle/${row.taskId}/${row.processInstanceId}/${row.businessId}`;
}

export function detailPath(route: string, row: FlowRow) {
  return `/work/process/${route}/detail/${row.processInstanceId}/${row.businessId}`;
}
