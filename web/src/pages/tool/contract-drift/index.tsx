import { useQuery } from '@tanstack/react-query';
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Result, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DriftRow } from '@psi/db/model';
import { fetchContractDrift, toolKeys } from '../../../api/tool';
import { site } from '../../../config/site';
import '../../../i18n/drift';

/**
 * Contract drift (/tool/contract-drift): in proxy mode, where the upstream gateway's answers differ
 * from the contract document. Only the platform super-admin may read it (the proxy checks).
 */
export default function ContractDriftPage() {
  const { t } = useTranslation();
  const report = useQuery({
    queryKey: toolKeys.contractDrift(),
    queryFn: fetchContractDrift,
    enabled: site.proxyMode,
  });
  if (!site.proxyMode)
    return (
      <Card>
        <Result
          status="info"
          title={t('drift.title')}
          subTitle={t('drift.localMode')}
          data-testid="drift-local"
        />
      </Card>
    );
  const data = report.data;
  return (
    <Card
      title={t('drift.title')}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void report.refetch()} data-testid="drift-refresh">
          {t('drift.refresh')}
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('drift.intro')}
        </Typography.Paragraph>
        {data &&
          (data.document ? (
            <Typography.Text data-testid="drift-document">
              {t('drift.document')}: <Typography.Text code>{data.document}</Typography.Text> ·{' '}
              {t('drift.routes', { count: data.routes })}
            </Typography.Text>
          ) : (
            <Alert type="warning" showIcon message={t('drift.noDocument')} data-testid="drift-no-document" />
          ))}
        <Table<DriftRow>
          data-testid="drift-table"
          rowKey={(r) => `${r.route} ${r.path} ${r.expected}`}
          loading={report.isFetching}
          dataSource={data?.rows ?? []}
          size="small"
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: t('drift.empty') }}
          scroll={{ x: 1100 }}
          columns={[
            { title: t('drift.route'), dataIndex: 'route', width: 280 },
            {
              title: t('drift.path'),
              dataIndex: 'path',
              width: 240,
              render: (v: string) => <code>{v}</code>,
            },
            { title: t('drift.expected'), dataIndex: 'expected', width: 180 },
            { title: t('drift.seen'), dataIndex: 'seen', width: 180 },
            { title: t('drift.count'), dataIndex: 'count', width: 80, align: 'right' },
            { title: t('drift.firstSeen'), dataIndex: 'firstSeen', width: 170 },
            { title: t('drift.lastSeen'), dataIndex: 'lastSeen', width: 170 },
          ]}
        />
      </Space>
    </Card>
  );
}
