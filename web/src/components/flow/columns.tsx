import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowRow } from '../../api/flow';
import { FlowStatusTag } from './FlowStatusTag';

/** Where a process instance stands: its current task, its state, when it started and when it ended. */
export function useInstanceStateColumns(): TableColumnsType<FlowRow> {
  const { t } = useTranslation();
  return [
    { title: t('flow.common.taskName'), dataIndex: 'taskName' },
    {
      title: t('flow.common.status'),
      dataIndex: 'status',
      render: (v: string) => <FlowStatusTag status={v} />,
    },
    { title: t('flow.common.createTime'), dataIndex: 'createTime', width: 170 },
    { title: t('flow.common.endTime'), dataIndex: 'endTime', width: 170 },
  ];
}
