import { useState } from 'react';
import { PartitionOutlined } from '@ant-design/icons';
import { Button, Card, Result, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { FlowChartDialog, type FlowChartTarget } from '../../../../flow/components/FlowChartDialog';
import { HistoryTable } from '../../../../flow/components/HistoryTable';
import { LeaveInfo } from '../LeaveInfo';
import { useLeave } from '../useLeave';
import '../../../../../i18n/flow';

/** /work/process/leave/detail/{processInstanceId}/{businessId}: the request, its history and diagram. */
export default function LeaveDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { processInstanceId = '', businessId = '' } = useParams();
  const leave = useLeave(businessId);
  const [chart, setChart] = useState<FlowChartTarget | null>(null);

  if (leave.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (leave.isError || !leave.data?.id)
    return (
      <Card variant="borderless" data-testid="leave-detail">
        <Result status="404" title={t('flow.leave.notFound')} />
      </Card>
    );

  return (
    <Card
      variant="borderless"
      title={t('flow.leave.detailTitle')}
      data-testid="leave-detail"
      extra={
        <Space>
          <Button
            icon={<PartitionOutlined />}
            onClick={() => setChart({ processInstanceId })}
            data-testid="leave-chart"
          >
            {t('flow.common.diagram')}
          </Button>
          <Button onClick={() => navigate(-1)}>{t('flow.leave.back')}</Button>
        </Space>
      }
    >
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <LeaveInfo leave={leave.data} />
        <div>
          <Typography.Title level={5}>{t('flow.history.title')}</Typography.Title>
          <HistoryTable processInstanceId={processInstanceId} />
        </div>
      </Space>
      <FlowChartDialog target={chart} onClose={() => setChart(null)} />
    </Card>
  );
}
