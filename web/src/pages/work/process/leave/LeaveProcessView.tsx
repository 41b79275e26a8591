import { ArrowLeftOutlined, BranchesOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { site } from '../../../../config/site';

type LeaveStep = 'form' | 'handle' | 'detail';

const paramOrder: Record<LeaveStep, string[]> = {
  form: ['processDefinitionId'],
  handle: ['taskId', 'processInstanceId', 'businessId'],
  detail: ['processInstanceId', 'businessId'],
};

/**
 * The leave-request routes of the workflow (start, handle, detail). The workflow screens themselves come
 * with the workflow module; until then each route shows the process identifiers it was opened with and
 * the way back, so links from task lists land on a real page.
 */
export function LeaveProcessView({ step }: { step: LeaveStep }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  return (
    <Card
      variant="borderless"
      title={
        <Space>
          <BranchesOutlined />
          {t(`process.${step}`)}
        </Space>
      }
      data-testid={`leave-${step}`}
    >
      <Space orientation="vertical" size="large" className="psi-process">
        <Alert type="info" showIcon message={t('process.notice')} description={t('process.noticeDetail')} />
        <Descriptions
          bordered
          size="small"
          column={1}
          items={paramOrder[step].map((name) => ({
            key: name,
            label: t(`process.params.${name}`),
            children: <code data-testid={`leave-param-${name}`}>{params[name]}</code>,
          }))}
        />
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
            {t('process.back')}
          </Button>
          <Button type="primary" onClick={() => navigate(site.homePath)}>
            {t('error.backHome')}
          </Button>
        </Space>
      </Space>
    </Card>
  );
}
