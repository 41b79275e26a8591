import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiGet, apiPost, type BodyOf, type DataOf, type RecordOf } from './call';
import { fetchDictionary, resourceKeys } from './resource';

/** Calls of the workflow service (`/blade-flow`) and of the leave process (`/blade-desk/process/leave`). */

export type FlowRow = Record<string, string | number>;
export type Params = Record<string, string | number | undefined>;

/** Every react-query key of the workflow screens: all under `flow`, which a workflow action invalidates. */
export const flowKeys = {
  all: () => ['flow'] as const,
  /** A paged list (`['models']`, `['work', 'todo']`...) with its search and page. */
  list: (name: readonly unknown[], params: Params) => ['flow', ...name, params] as const,
  model: (modelId: string | null | undefined) => ['flow', 'model', modelId] as const,
  modelView: (target: unknown) => ['flow', 'model-view', target] as const,
  history: (processInstanceId: string) => ['flow', 'history', processInstanceId] as const,
  leave: (businessId: string | undefined) => ['flow', 'leave', businessId] as const,
  leaveApprovers: () => ['flow', 'leave', 'approvers'] as const,
};

export const workList = (name: 'start' | 'claim' | 'todo' | 'send' | 'done', params: Params) =>
  apiGet(`/blade-flow/work/${name}-list`, { query: params });

export const claimTask = (taskId: string) =>
  apiPost('/blade-flow/work/claim-task', null, { query: { taskId } });

export const completeTask = (input: BodyOf<'/blade-flow/work/complete-task'>) =>
  apiPost('/blade-flow/work/complete-task', input);

export const modelList = (params: Params) => apiGet('/blade-flow/model/list', { query: params });
export const modelDetail = (id: string) => apiGet('/blade-flow/model/detail', { query: { id } });
export const submitModel = (body: BodyOf<'/blade-flow/model/submit'>) =>
  apiPost('/blade-flow/model/submit', body);
export const removeModels = (ids: string[]) =>
  apiPost('/blade-flow/model/remove', null, { query: { ids: ids.join(',') } });
export const deployModel = (modelId: string, category?: string) =>
  apiPost('/blade-flow/model/deploy', null, {
    query: { modelId, ...(category ? { category } : {}) },
  });

export const managerList = (params: Params) => apiGet('/blade-flow/manager/list', { query: params });
export const changeState = (processId: string, state: 'active' | 'suspend') =>
  apiPost('/blade-flow/manager/change-state', null, { query: { processId, state } });
export const deleteDeployment = (deploymentIds: string[]) =>
  apiPost('/blade-flow/manager/delete-deployment', null, {
    query: { deploymentIds: deploymentIds.join(',') },
  });
export const deployUpload = (form: FormData) => apiPost('/blade-flow/manager/deploy-upload', form);

export const followList = (params: Params) => apiGet('/blade-flow/follow/list', { query: params });
export const deleteInstance = (processInstanceId: string, deleteReason: string) =>
  apiPost('/blade-flow/follow/delete-process-instance', null, {
    query: { processInstanceId, deleteReason },
  });

export type ModelView = DataOf<'/blade-flow/process/model-view'>;
/** A passed node of a process's diagram. */
export type FlowNode = ModelView['flow'][number];
export const modelView = (params: { processInstanceId?: string; processDefinitionId?: string }) =>
  apiGet('/blade-flow/process/model-view', { query: params });

export type HistoryRow = RecordOf<'/blade-flow/process/history-flow-list'>;
export const historyFlowList = (processInstanceId: string) =>
  apiGet('/blade-flow/process/history-flow-list', { query: { processInstanceId } });

export type Leave = DataOf<'/blade-desk/process/leave/detail'>;
export const leaveDetail = (businessId: string) =>
  apiGet('/blade-desk/process/leave/detail', { query: { businessId } });
export const leaveApprovers = () => apiGet('/blade-desk/process/leave/approvers');
export const startLeave = (body: BodyOf<'/blade-desk/process/leave/start-process'>) =>
  apiPost('/blade-desk/process/leave/start-process', body);

/** The `flow` dictionary: routing keys `flow_<dictKey>` → form route (`remark`) and label. */
export function useFlowCategories() {
  const { i18n } = useTranslation();
  const query = useQuery({
    queryKey: resourceKeys.dictionary('flow'),
    queryFn: () => fetchDictionary('flow'),
    staleTime: 30 * 60_000,
  });
  const entries = Array.isArray(query.data) ? query.data : [];
  return entries.map((e) => ({
    value: `flow_${String(e.dictKey)}`,
    label: (i18n.language === 'en' && e.dictValueEn) || e.dictValue,
    route: e.remark ?? '',
  }));
}

/** Leave types (`leave_type` dictionary). */
export function useLeaveTypes() {
  const query = useQuery({
    queryKey: resourceKeys.dictionary('leave_type'),
    queryFn: () => fetchDictionary('leave_type'),
    staleTime: 30 * 60_000,
  });
  return Array.isArray(query.data) ? query.data : [];
}
