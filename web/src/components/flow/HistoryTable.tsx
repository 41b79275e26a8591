import { useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { flowKeys, historyFlowList, type HistoryRow } from '../../api/flow';

/** The approval history of an instance: who handled each step, when, with which result and comment. */
export function HistoryTable({ processInstanceId }: { processInstanceId: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: flowKeys.history(processInstanceId),
    queryFn: () => historyFlowList(processInstanceId),
    enabled: Boolean(processInstanceId),
  });
  const result = (row: HistoryRow) => {
    if (row.historyActivityType !== 'userTask') return null;
    if (!row.endTime) return <Tag color="orange">{t('flow.history.pending')}</Tag>;
    if (row.deleteReason) return <Tag>{t('flow.status.deleted')}</Tag>;
    return row.pass === 1 ? (
      <Tag color="green">{t('flow.history.pass')}</Tag>
    ) : (
      <Tag color="red">{t('flow.history.reject')}</Tag>
    );
  };
  return (
    <Table<HistoryRow>
      data-testid="flow-history"
      size="small"
      rowKey={(row) => `${row.historyActivityId}-${row.createTime}-${row.assignee}-${row.endTime}`}
      loading={query.isLoading}
      dataSource={Array.isArray(query.data) ? query.data : []}
      pagination={false}
      columns={[
        { title: t('flow.history.activity'), dataIndex: 'historyActivityName' },
        { title: t('flow.history.assignee'), dataIndex: 'assigneeName' },
        { title: t('flow.history.result'), key: 'result', render: (_, row) => result(row) },
        { title: t('flow.history.comment'), dataIndex: 'comment' },
        { title: t('flow.history.createTime'), dataIndex: 'createTime', width: 170 },
        { title: t('flow.history.endTime'), dataIndex: 'endTime', width: 170 },
        { title: t('flow.history.duration'), dataIndex: 'historyActivityDurationTime', width: 110 },
      ]}
    />
  );
}
