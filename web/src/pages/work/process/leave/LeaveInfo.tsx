import type { FlowStatus } from '../../../../i18n/resources';
import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Leave } from '../../../../api/flow';

const statusColor: Record<string, string> = {
  running: 'processing',
  finished: 'success',
  deleted: 'default',
};

/** The leave request as the handle and detail screens show it. */
export function LeaveInfo({ leave }: { leave: Leave }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      data-testid="leave-info"
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      items={[
        { key: 'applicant', label: t('flow.leave.applicant'), children: leave.applyUserName },
        { key: 'applyTime', label: t('flow.leave.applyTime'), children: leave.applyTime },
        {
          key: 'type',
          label: t('flow.leave.leaveType'),
          children: t(`flow.leave.types.${leave.leaveType}`, { defaultValue: leave.leaveTypeName }),
        },
        {
          key: 'days',
          label: t('flow.leave.days'),
          children: `${leave.days} ${t('flow.leave.daysUnit')}`,
        },
        { key: 'start', label: t('flow.leave.startTime'), children: leave.startTime },
        { key: 'end', label: t('flow.leave.endTime'), children: leave.endTime },
        { key: 'approver', label: t('flow.leave.approver'), children: leave.taskUserName },
        {
          key: 'status',
          label: t('flow.leave.processStatus'),
          children: leave.processStatus ? (
            <Tag color={statusColor[leave.processStatus]}>
              {t(`flow.status.${leave.processStatus as FlowStatus}`)}
            </Tag>
          ) : null,
        },
        { key: 'reason', label: t('flow.leave.reason'), children: leave.reason, span: 2 },
      ]}
    />
  );
}
