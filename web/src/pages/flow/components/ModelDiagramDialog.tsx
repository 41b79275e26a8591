import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { flowKeys, modelDetail } from '../../../api/flow';

const BpmnCanvas = lazy(() => import('../../../components/flow/BpmnCanvas'));

/** A saved model's diagram, read-only. */
export function ModelDiagramDialog({ modelId, onClose }: { modelId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: flowKeys.model(modelId),
    queryFn: () => modelDetail(modelId ?? ''),
    enabled: Boolean(modelId),
  });
  const loading = (
    <Spin tip={t('flow.chart.loading')}>
      <div style={{ height: 460 }} />
    </Spin>
  );
  return (
    <Modal
      open={Boolean(modelId)}
      title={t('flow.chart.title')}
      onCancel={onClose}
      footer={null}
      width={960}
      destroyOnHidden
    >
      {query.data?.xml ? (
        <Suspense fallback={loading}>
          <BpmnCanvas xml={query.data.xml} failedText={t('flow.chart.failed')} />
        </Suspense>
      ) : (
        loading
      )}
    </Modal>
  );
}
