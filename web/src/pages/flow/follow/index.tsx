import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Modal, Popconfirm, Segmented, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { fitColumns, fitTableProps } from '../../../components/table/fit';
import { flowKeys, deleteInstance, followList, type FlowRow } from '../../../api/flow';
import { FlowChartDialog, type FlowChartTarget } from '../../../components/flow/FlowChartDialog';
import { HistoryTable } from '../../../components/flow/HistoryTable';
import {
  ListActions,
  ListSearchBar,
  useFlowList,
  type ListSearch,
} from '../../../components/flow/ListToolbar';
import '../../../i18n/flow';
import { useCan } from '../../../hooks/permission';
import { useInstanceStateColumns } from '../../../components/flow/columns';

/** /flow/follow: every process instance of the tenant, its history and diagram; delete a running one. */
export default function FlowFollowPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const can = useCan();
  const [state, setState] = useState<string>('running');
  const list = useFlowList<ListSearch>(['follow'], followList, {
    filters: { state: state === 'all' ? undefined : state },
  });
  const stateColumns = useInstanceStateColumns();
  const [chart, setChart] = useState<FlowChartTarget | null>(null);
  const [history, setHistory] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const remove = useMutation({
    mutationFn: (row: FlowRow) => deleteInstance(String(row.processInstanceId), reason),
    onSuccess: async () => {
      message.success(t('flow.common.deleted'));
      setReason('');
      await queryClient.invalidateQueries({ queryKey: flowKeys.all() });
    },
  });

  return (
    <Card variant="borderless" data-testid="flow-follow">
      <ListSearchBar onSearch={list.search} />
      <ListActions onRefresh={() => void list.query.refetch()}>
        <Segmented
          value={state}
          onChange={(v) => {
            setState(String(v));
            list.firstPage();
          }}
          options={[
            { value: 'running', label: t('flow.status.running') },
            { value: 'finished', label: t('flow.status.finished') },
            { value: 'all', label: t('flow.follow.all') },
          ]}
        />
      </ListActions>
      <Table<FlowRow>
        rowKey="processInstanceId"
        {...list.table}
        {...fitTableProps}
        columns={fitColumns<FlowRow>(
          [
            { title: t('flow.follow.instanceId'), dataIndex: 'processInstanceId', width: 190 },
            { title: t('flow.common.processName'), dataIndex: 'processDefinitionName' },
            {
              title: t('flow.common.version'),
              dataIndex: 'processDefinitionVersion',
              render: (v) => `v${String(v)}`,
            },
            { title: t('flow.common.startUser'), dataIndex: 'startUserName' },
            ...stateColumns,
            {
              title: t('flow.common.actions'),
              key: 'actions',
              width: 200,
              render: (_, row) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setHistory(String(row.processInstanceId))}>
                    {t('flow.common.detail')}
                  </Button>
                  {can('flow_follow_view') && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => setChart({ processInstanceId: String(row.processInstanceId) })}
                    >
                      {t('flow.common.diagram')}
                    </Button>
                  )}
                  {can('flow_follow_delete') && row.status === 'running' && (
                    <Popconfirm
                      title={t('flow.follow.deleteConfirm')}
                      description={
                        <Input
                          placeholder={t('flow.follow.reasonPlaceholder')}
                          value={reason}
                          maxLength={200}
                          onChange={(e) => setReason(e.target.value)}
                        />
                      }
                      onConfirm={() => remove.mutateAsync(row)}
                    >
                      <Button type="link" size="small" danger>
                        {t('flow.common.delete')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ],
          ['processDefinitionName', 'startUserName', 'status'],
        )}
      />
      <Modal
        open={Boolean(history)}
        title={t('flow.history.title')}
        onCancel={() => setHistory(null)}
        footer={null}
        width={960}
        destroyOnHidden
      >
        {history && <HistoryTable processInstanceId={history} />}
      </Modal>
      <FlowChartDialog target={chart} onClose={() => setChart(null)} />
    </Card>
  );
}
