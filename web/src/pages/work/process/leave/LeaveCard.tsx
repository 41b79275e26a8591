import { useState, type ReactNode } from 'react';
import { PartitionOutlined } from '@ant-design/icons';
import { Button, Card, Result, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FlowChartDialog, type FlowChartTarget } from '../../../../components/flow/FlowChartDialog';
import { HistoryTable } from '../../../../components/flow/HistoryTable';
import { LeaveInfo } from './LeaveInfo';
import { useLeaveRoute } from './useLeave';
import '../../../../i18n/flow';

/**
 * The frame of a leave page of a running process: a spinner while loading, "not found", else a card with
 * the diagram button (then `extra`), the request, the page's own part (`children`) and the approval history.
 */
export function LeaveCard({
  title,
  testId,
  extra,
  children,
}: {
  title: string;
  testId: string;
  extra?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { leave, processInstanceId } = useLeaveRoute();
  const [chart, setChart] = useState<FlowChartTarget | null>(null);

  if (leave.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (leave.isError || !leave.data?.id)
    return (
      <Card variant="borderless" data-testid={testId}>
        <Result status="404" title={t('flow.leave.notFound')} />
      </Card>
    );

  const diagram = (
    <Button
      icon={<PartitionOutlined />}
      onClick={() => setChart({ processInstanceId })}
      data-testid="leave-chart"
    >
      {t('flow.common.diagram')}
    </Button>
  );
  return (
    <Card
      variant="borderless"
      title={title}
      data-testid={testId}
      extra={
        extra ? (
          <Space>
            {diagram}
            {extra}
          </Space>
        ) : (
          diagram
        )
      }
    >
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <LeaveInfo leave={leave.data} />
        {children}
        <div>
          <Typography.Title level={5}>{t('flow.history.title')}</Typography.Title>
          <HistoryTable processInstanceId={processInstanceId} />
        </div>
      </Space>
      <FlowChartDialog target={chart} onClose={() => setChart(null)} />
    </Card>
  );
}
