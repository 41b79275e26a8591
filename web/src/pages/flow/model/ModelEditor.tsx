import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Col, Form, Input, Row, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { flowKeys, modelDetail, submitModel, useFlowCategories } from '../../../api/flow';
import { blankDiagram } from '../components/flowable-moddle';
import type { BpmnModelerHandle } from '../components/BpmnModeler';
import { RequiredItem } from '../../../components/RequiredItem';
import { FormDialog } from '../../../components/FormDialog';

const BpmnModeler = lazy(() => import('../components/BpmnModeler'));

interface ModelForm {
  modelKey: string;
  name: string;
  category?: string;
  description?: string;
}

const KEY = /^[A-Za-z_][\w.-]{0,63}$/;

/** Add or edit a model: its key, name, category and description, and the diagram drawn with bpmn-js. */
export function ModelEditor({
  open,
  modelId,
  onClose,
  onSaved,
}: {
  open: boolean;
  modelId: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ModelForm>();
  const modeler = useRef<BpmnModelerHandle>(null);
  const categories = useFlowCategories();
  const detail = useQuery({
    queryKey: flowKeys.model(modelId),
    queryFn: () => modelDetail(modelId ?? ''),
    enabled: open && Boolean(modelId),
  });
  useEffect(() => {
    if (!open) return;
    if (modelId && detail.data)
      form.setFieldsValue({
        modelKey: String(detail.data.modelKey),
        name: String(detail.data.name),
        category: detail.data.category ? String(detail.data.category) : undefined,
        description: String(detail.data.description ?? ''),
      });
    if (!modelId) form.resetFields();
  }, [open, modelId, detail.data, form]);
  const xml = useMemo(
    () =>
      modelId
        ? (detail.data?.xml ?? '')
        : blankDiagram('process_1', 'Process', {
            start: t('flow.model.blankStart'),
            task: t('flow.model.blankTask'),
            end: t('flow.model.blankEnd'),
          }),
    [modelId, detail.data, t],
  );
  const save = useMutation({
    mutationFn: async (values: ModelForm) => {
      const diagram = await modeler.current!.save(values.modelKey, values.name);
      return submitModel({ ...values, id: modelId ?? undefined, xml: diagram });
    },
    onSuccess: () => {
      message.success(t('flow.common.saved'));
      onSaved();
    },
  });

  return (
    <FormDialog
      open={open}
      width={1200}
      title={modelId ? t('flow.model.edit') : t('flow.model.add')}
      okText={t('flow.model.save')}
      onOk={() => void form.validateFields().then((values) => save.mutate(values))}
      saving={save.isPending}
      onCancel={onClose}
      form={form}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="model-form">
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item
              name="modelKey"
              label={t('flow.model.modelKey')}
              rules={[
                { required: true, message: t('flow.model.keyRequired') },
                { pattern: KEY, message: t('flow.model.keyRule') },
              ]}
            >
              <Input data-testid="model-key" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <RequiredItem
              name="name"
              label={t('flow.model.name')}
              message={t('flow.model.nameRequired')}
              whitespace
            >
              <Input data-testid="model-name" />
            </RequiredItem>
          </Col>
          <Col span={5}>
            <Form.Item name="category" label={t('flow.common.category')}>
              <Select allowClear options={categories.map((c) => ({ value: c.value, label: c.label }))} />
            </Form.Item>
          </Col>
          <Col span={7}>
            <Form.Item name="description" label={t('flow.model.description')}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Alert type="info" showIcon message={t('flow.model.designerHelp')} style={{ marginBottom: 12 }} />
      {open && (!modelId || detail.data) ? (
        <Suspense
          fallback={
            <Spin tip={t('flow.model.designerLoading')}>
              <div style={{ height: 520 }} />
            </Spin>
          }
        >
          <BpmnModeler ref={modeler} xml={xml} />
        </Suspense>
      ) : (
        <Spin tip={t('flow.model.designerLoading')}>
          <div style={{ height: 520 }} />
        </Spin>
      )}
    </FormDialog>
  );
}
