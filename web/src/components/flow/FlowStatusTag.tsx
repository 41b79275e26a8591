import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const statusColor: Record<string, string> = {
  running: 'processing',
  finished: 'success',
  deleted: 'default',
};

/** A process instance's state (running, finished, deleted) as a coloured tag. */
export function FlowStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={statusColor[status]}>{t(`flow.status.${status}`)}</Tag>;
}
