import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { flowKeys, modelDetail } from '../../../api/flow';
import { BpmnCanvas, DiagramLoading, DiagramModal } from '../../../components/flow/FlowChartDialog';

/** A saved model's diagram, read-only. */
export function ModelDiagramDialog({ modelId, onClose }: { modelId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: flowKeys.model(modelId),
    queryFn: () => modelDetail(modelId ?? ''),
    enabled: Boolean(modelId),
  });
  return (
    <DiagramModal open={Boolean(modelId)} onClose={onClose}>
      {query.data?.xml ? (
        <Suspense fallback={<DiagramLoading />}>
          <BpmnCanvas xml={query.data.xml} failedText={t('flow.chart.failed')} />
        </Suspense>
      ) : (
        <DiagramLoading />
      )}
    </DiagramModal>
  );
}
