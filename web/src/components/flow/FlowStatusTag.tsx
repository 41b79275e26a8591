import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowStatus } from '../../i18n/resources';

const statusColor: Partial<Record<FlowStatus, string>> = {
  running: 'processing',
  finished: 'success',
  deleted: 'default',
};

/** A process instance's state (running, finished, deleted) as a coloured tag. */
export function FlowStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = status as FlowStatus;
  return <Tag color={statusColor[known]}>{t(`flow.status.${known}`)}</Tag>;
}
