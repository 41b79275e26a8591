import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Popconfirm, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchForm } from '../../../components/table/SearchForm';
import { fitColumns, fitTableProps } from '../../../components/table/fit';
import { flowKeys, deployModel, modelList, removeModels, type FlowRow, type Params } from '../../../api/flow';
import { ListActions, useCategoryLabel, useFlowList } from '../../../components/flow/ListToolbar';
import { ModelDiagramDialog } from '../components/ModelDiagramDialog';
import { ModelEditor } from './ModelEditor';
import '../../../i18n/flow';
import { useCan } from '../../../hooks/permission';

interface ModelSearch extends Params {
  modelKey?: string;
  name?: string;
}

/** /flow/model: process models, drawn with the bpmn-js modeler, saved and deployed. */
export default function FlowModelPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const has = useCan();
  const categoryLabel = useCategoryLabel();
  const list = useFlowList<ModelSearch>(['models'], modelList);
  const [editor, setEditor] = useState<{ open: boolean; id: string | null }>({ open: false, id: null });
  const [diagram, setDiagram] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: flowKeys.all() });
  const deploy = useMutation({
    mutationFn: (row: FlowRow) => deployModel(String(row.id)),
    onSuccess: async (deployed) => {
      message.success(
        t('flow.model.deployed', { id: deployed.map((d) => d.processDefinitionId).join(', ') }),
      );
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => removeModels([id]),
    onSuccess: async () => {
      message.success(t('flow.common.deleted'));
      await refresh();
    },
  });
  const can = (code: string) => has(`flow_model_${code}`);
  const [searchForm] = Form.useForm<{ modelKey?: string; name?: string }>();

  return (
    <Card variant="borderless" data-testid="flow-model">
      <SearchForm<{ modelKey?: string; name?: string }>
        form={searchForm}
        className="flow-search"
        onSearch={list.search}
        onReset={() => list.search({})}
      >
        <Form.Item name="modelKey" label={t('flow.model.modelKey')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="name" label={t('flow.model.name')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
      </SearchForm>
      <ListActions onRefresh={() => void list.query.refetch()}>
        {can('add') && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditor({ open: true, id: null })}
            data-testid="model-add"
          >
            {t('flow.model.add')}
          </Button>
        )}
      </ListActions>
      <Table<FlowRow>
        rowKey="id"
        {...list.table}
        {...fitTableProps}
        columns={fitColumns<FlowRow>(
          [
            { title: t('flow.model.modelKey'), dataIndex: 'modelKey' },
            { title: t('flow.model.name'), dataIndex: 'name' },
            { title: t('flow.common.category'), dataIndex: 'category', render: categoryLabel },
            { title: t('flow.common.version'), dataIndex: 'version', render: (v) => `v${String(v)}` },
            { title: t('flow.model.description'), dataIndex: 'description', ellipsis: true },
            { title: t('flow.model.updateTime'), dataIndex: 'updateTime', width: 170 },
            {
              title: t('flow.common.actions'),
              key: 'actions',
              width: 260,
              render: (_, row) => (
                <Space size={0}>
                  {can('view') && (
                    <Button type="link" size="small" onClick={() => setDiagram(String(row.id))}>
                      {t('flow.common.diagram')}
                    </Button>
                  )}
                  {can('edit') && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => setEditor({ open: true, id: String(row.id) })}
                    >
                      {t('flow.model.edit')}
                    </Button>
                  )}
                  {can('deploy') && (
                    // one deployment per confirmation: the button is off while a deploy is on its way
                    <Popconfirm
                      title={t('flow.model.deployConfirm')}
                      disabled={deploy.isPending}
                      onConfirm={() => deploy.mutateAsync(row)}
                    >
                      <Button type="link" size="small" data-testid="model-deploy" disabled={deploy.isPending}>
                        {t('flow.model.deploy')}
                      </Button>
                    </Popconfirm>
                  )}
                  {can('delete') && (
                    <Popconfirm
                      title={t('flow.common.confirmDelete')}
                      onConfirm={() => remove.mutateAsync(String(row.id))}
                    >
                      <Button type="link" size="small" danger>
                        {t('flow.common.delete')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ],
          ['modelKey', 'name'],
        )}
      />
      <ModelEditor
        open={editor.open}
        modelId={editor.id}
        onClose={() => setEditor({ open: false, id: null })}
        onSaved={() => {
          setEditor({ open: false, id: null });
          void refresh();
        }}
      />
      <ModelDiagramDialog modelId={diagram} onClose={() => setDiagram(null)} />
    </Card>
  );
}
