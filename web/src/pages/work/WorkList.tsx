import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { fitColumns, fitTableProps } from '../../components/table/fit';
import { useNavigate } from 'react-router-dom';
import { flowKeys, claimTask, useFlowCategories, workList, type FlowRow } from '../../api/flow';
import { FlowChartDialog, type FlowChartTarget } from '../../components/flow/FlowChartDialog';
import { ListActions, ListSearchBar, useFlowList, type ListSearch } from '../../components/flow/ListToolbar';
import { detailPath, formPath, handlePath } from '../../components/flow/routes';
import '../../i18n/flow';
import { useCan } from '../../hooks/permission';
import { useInstanceStateColumns } from '../../components/flow/columns';

export type WorkKind = 'start' | 'claim' | 'todo' | 'send' | 'done';

/** The columns of a workflow list that show at the initial scroll position. */
const WORK_KEY_COLUMNS = ['name', 'processDefinitionName', 'taskName', 'status', 'pass'];

/** A row's process category: its form route, its label, and navigation to one of its routes. */
function useCategoryRoutes() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const categories = useFlowCategories();
  const routeOf = (row: FlowRow) => categories.find((c) => c.value === row.category)?.route ?? '';
  const categoryLabel = (row: FlowRow) => {
    const route = routeOf(row);
    return (
      (route && t(`flow.categories.${route}`, { defaultValue: '' })) ||
      String(row.categoryName || row.category || '')
    );
  };
  const go = (row: FlowRow, path: (route: string) => string) => {
    const route = routeOf(row);
    if (!route) {
      message.warning(t('flow.work.noRoute'));
      return;
    }
    navigate(path(route));
  };
  return { categoryLabel, go };
}

/** The data columns of each work list (without the row number and the actions). */
function useWorkColumns(kind: WorkKind, categoryLabel: (row: FlowRow) => string): TableColumnsType<FlowRow> {
  const { t } = useTranslation();
  const stateColumns = useInstanceStateColumns();
  const name: TableColumnsType<FlowRow>[number] = {
    title: t('flow.common.processName'),
    dataIndex: kind === 'start' ? 'name' : 'processDefinitionName',
  };
  const category: TableColumnsType<FlowRow>[number] = {
    title: t('flow.common.category'),
    key: 'category',
    render: (_, row) => categoryLabel(row),
  };
  // to claim and to do list the same: tasks waiting for someone
  const waiting: TableColumnsType<FlowRow> = [
    name,
    category,
    { title: t('flow.common.taskName'), dataIndex: 'taskName' },
    { title: t('flow.common.startUser'), dataIndex: 'startUserName' },
    { title: t('flow.work.arrivedTime'), dataIndex: 'createTime', width: 170 },
  ];
  const columns: Record<WorkKind, TableColumnsType<FlowRow>> = {
    start: [
      name,
      { title: t('flow.common.processKey'), dataIndex: 'key' },
      category,
      { title: t('flow.common.version'), dataIndex: 'version', render: (v) => `v${String(v)}` },
      { title: t('flow.work.description'), dataIndex: 'description', ellipsis: true },
      { title: t('flow.work.deployTime'), dataIndex: 'deploymentTime', width: 170 },
    ],
    claim: waiting,
    todo: waiting,
    send: [name, category, ...stateColumns],
    done: [
      name,
      category,
      { title: t('flow.common.taskName'), dataIndex: 'taskName' },
      { title: t('flow.common.startUser'), dataIndex: 'startUserName' },
      {
        title: t('flow.work.result'),
        dataIndex: 'pass',
        render: (v: number) =>
          v === 1 ? (
            <Tag color="green">{t('flow.history.pass')}</Tag>
          ) : (
            <Tag color="red">{t('flow.history.reject')}</Tag>
          ),
      },
      { title: t('flow.work.comment'), dataIndex: 'comment', ellipsis: true },
      { title: t('flow.work.finishTime'), dataIndex: 'endTime', width: 170 },
    ],
  };
  return columns[kind];
}

/** The row actions of a work list: start, claim, handle, detail and the diagram, as the user may. */
function useWorkActions(
  kind: WorkKind,
  go: (row: FlowRow, path: (route: string) => string) => void,
  onDiagram: (target: FlowChartTarget) => void,
) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const has = useCan();
  const claim = useMutation({
    mutationFn: (taskId: string) => claimTask(taskId),
    onSuccess: async () => {
      message.success(t('flow.work.claimed'));
      await queryClient.invalidateQueries({ queryKey: flowKeys.all() });
    },
  });
  const can = (code: string) => has(`work_${kind}_${code}`);

  return (row: FlowRow): ReactNode[] => {
    const out: ReactNode[] = [];
    const link = (key: string, label: string, onClick: () => void, loading = false) => (
      <Button
        key={key}
        type="link"
        size="small"
        onClick={onClick}
        loading={loading}
        data-testid={`action-${key}`}
      >
        {label}
      </Button>
    );
    if (kind === 'start' && can('start'))
      out.push(link('start', t('flow.work.startAction'), () => go(row, (r) => formPath(r, String(row.id)))));
    if (kind === 'claim' && can('claim'))
      out.push(
        link(
          'claim',
          t('flow.work.claimAction'),
          () => claim.mutate(String(row.taskId)),
          claim.isPending && claim.variables === row.taskId,
        ),
      );
    if (kind === 'todo' && can('handle'))
      out.push(link('handle', t('flow.work.handleAction'), () => go(row, (r) => handlePath(r, row))));
    if (kind !== 'start' && can('detail'))
      out.push(link('detail', t('flow.common.detail'), () => go(row, (r) => detailPath(r, row))));
    if (can('view'))
      out.push(
        link('view', t('flow.common.diagram'), () =>
          onDiagram(
            kind === 'start'
              ? { processDefinitionId: String(row.id) }
              : { processInstanceId: String(row.processInstanceId) },
          ),
        ),
      );
    return out;
  };
}

/**
 * The five work lists of "my tasks": processes one may start, tasks to claim, tasks to do, processes
 * one started and tasks one completed. Each row links to the form route of its process category.
 */
export function WorkList({ kind }: { kind: WorkKind }) {
  const { t } = useTranslation();
  const [chart, setChart] = useState<FlowChartTarget | null>(null);
  const list = useFlowList<ListSearch>(['work', kind], (params) => workList(kind, params), {
    refetchOnMount: 'always',
  });
  const { page } = list;
  const { categoryLabel, go } = useCategoryRoutes();
  const columns = useWorkColumns(kind, categoryLabel);
  const actions = useWorkActions(kind, go, setChart);

  return (
    <Card variant="borderless" data-testid={`work-${kind}`}>
      <ListSearchBar onSearch={list.search} />
      <ListActions onRefresh={() => void list.query.refetch()} />
      <Table<FlowRow>
        rowKey={(row) =>
          String(kind === 'start' ? row.id : kind === 'send' ? row.processInstanceId : row.taskId)
        }
        {...list.table}
        onRow={(row) =>
          ({ 'data-instance': String(row.processInstanceId ?? '') }) as HTMLAttributes<HTMLElement>
        }
        columns={[
          {
            title: '#',
            key: 'index',
            width: 56,
            render: (_, __, i) => (page.current - 1) * page.size + i + 1,
          },
          ...fitColumns(
            [
              ...columns,
              {
                title: t('flow.common.actions'),
                key: 'actions',
                width: 220,
                render: (_, row) => <Space size={0}>{actions(row)}</Space>,
              },
            ],
            WORK_KEY_COLUMNS,
          ),
        ]}
        {...fitTableProps}
      />
      <FlowChartDialog target={chart} onClose={() => setChart(null)} />
    </Card>
  );
}
