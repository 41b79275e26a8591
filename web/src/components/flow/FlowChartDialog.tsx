import { lazy, Suspense, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { flowKeys, modelView } from '../../api/flow';

export const BpmnCanvas = lazy(() => import('./BpmnCanvas'));

/** The wide, footer-less dialog a process diagram shows in. */
export function DiagramModal({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('flow.chart.title')}
      onCancel={onClose}
      footer={null}
      width={960}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}

/** The place of a diagram while it loads. */
export function DiagramLoading() {
  const { t } = useTranslation();
  return (
    <Spin tip={t('flow.chart.loading')}>
      <div style={{ height: 460 }} />
    </Spin>
  );
}

export interface FlowChartTarget {
  processInstanceId?: string;
  processDefinitionId?: string;
}

/** The "flow chart display" dialog: the process diagram with the path an instance took. */
export function FlowChartDialog({
  target,
  onClose,
}: {
  target: FlowChartTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: flowKeys.modelView(target),
    queryFn: () => modelView(target ?? {}),
    enabled: Boolean(target),
  });
  return (
    <DiagramModal open={Boolean(target)} onClose={onClose}>
      <div data-testid="flow-chart-dialog">
        {target?.processInstanceId && (
          <div className="flow-legend">
            <span className="done">{t('flow.chart.finished')}</span>
            <span className="current">{t('flow.chart.current')}</span>
          </div>
        )}
        {query.isError && <Alert type="error" showIcon message={t('flow.chart.failed')} />}
        {query.isLoading && <DiagramLoading />}
        {query.data?.xml && (
          <Suspense fallback={<DiagramLoading />}>
            <BpmnCanvas xml={query.data.xml} flow={query.data.flow} failedText={t('flow.chart.failed')} />
          </Suspense>
        )}
      </div>
    </DiagramModal>
  );
}
