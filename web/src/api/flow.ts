import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData, postData } from './request';
import { fetchDictionary, resourceKeys } from './resource';
import type { Page } from './types';

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
  getData<Page<FlowRow>>(`/blade-flow/work/${name}-list`, { params });

export const claimTask = (taskId: string) =>
  postData('/blade-flow/work/claim-task', null, { params: { taskId } });

export interface CompleteInput {
  taskId: string;
  processInstanceId: string;
  flag: 'ok' | 'reject';
  comment: string;
  variables?: Record<string, unknown>;
}
export const completeTask = (input: CompleteInput) => postData('/blade-flow/work/complete-task', input);

export const modelList = (params: Params) => getData<Page<FlowRow>>('/blade-flow/model/list', { params });
export const modelDetail = (id: string) =>
  getData<FlowRow & { xml: string }>('/blade-flow/model/detail', { params: { id } });
export const submitModel = (body: Record<string, unknown>) =>
  postData<FlowRow>('/blade-flow/model/submit', body);
export const removeModels = (ids: string[]) =>
  postData('/blade-flow/model/remove', null, { params: { ids: ids.join(',') } });
export const deployModel = (modelId: string, category?: string) =>
  postData<{ processDefinitionId: string; version: number }[]>('/blade-flow/model/deploy', null, {
    params: { modelId, ...(category ? { category } : {}) },
  });

export const managerList = (params: Params) => getData<Page<FlowRow>>('/blade-flow/manager/list', { params });
export const changeState = (processId: string, state: 'active' | 'suspend') =>
  postData('/blade-flow/manager/change-state', null, { params: { processId, state } });
export const deleteDeployment = (deploymentIds: string[]) =>
  postData('/blade-flow/manager/delete-deployment', null, {
    params: { deploymentIds: deploymentIds.join(',') },
  });
export const deployUpload = (form: FormData) =>
  postData<{ processDefinitionId: string }[]>('/blade-flow/manager/deploy-upload', form);

export const followList = (params: Params) => getData<Page<FlowRow>>('/blade-flow/follow/list', { params });
export const deleteInstance = (processInstanceId: string, deleteReason: string) =>
  postData('/blade-flow/follow/delete-process-instance', null, {
    params: { processInstanceId, deleteReason },
  });

export interface FlowNode {
  historyActivityId: string;
  historyActivityType: 'sequenceFlow' | 'candidate';
  endTime: string;
}
export interface ModelView {
  xml: string;
  flow: FlowNode[];
}
export const modelView = (params: { processInstanceId?: string; processDefinitionId?: string }) =>
  getData<ModelView>('/blade-flow/process/model-view', { params });

export interface HistoryRow {
  historyActivityId: string;
  historyActivityName: string;
  historyActivityType: string;
  assignee: string;
  assigneeName: string;
  comment: string;
  pass: number | '';
  createTime: string;
  endTime: string;
  historyActivityDurationTime: string;
  deleteReason: string;
}
export const historyFlowList = (processInstanceId: string) =>
  getData<HistoryRow[]>('/blade-flow/process/history-flow-list', { params: { processInstanceId } });

export interface Leave {
  id: string;
  processDefinitionId: string;
  processInstanceId: string;
  leaveType: number;
  leaveTypeName: string;
  startTime: string;
  endTime: string;
  days: number;
  reason: string;
  taskUser: string;
  taskUserName: string;
  applyUser: string;
  applyUserName: string;
  applyTime: string;
  processStatus: string;
}
export const leaveDetail = (businessId: string) =>
  getData<Leave>('/blade-desk/process/leave/detail', { params: { businessId } });
export const leaveApprovers = () =>
  getData<{ id: string; account: string; realName: string }[]>('/blade-desk/process/leave/approvers');
export const startLeave = (body: Record<string, unknown>) =>
  postData<{ businessId: string; processInstanceId: string }>(
    '/blade-desk/process/leave/start-process',
    body,
  );

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
