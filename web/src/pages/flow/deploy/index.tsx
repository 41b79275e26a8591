import { useState } from 'react';
import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Upload,
  type UploadFile,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { fitColumns, fitTableProps } from '../../../components/table/fit';
import {
  flowKeys,
  changeState,
  deleteDeployment,
  deployUpload,
  managerList,
  useFlowCategories,
  type FlowRow,
} from '../../../api/flow';
import { FlowChartDialog, type FlowChartTarget } from '../../../components/flow/FlowChartDialog';
import {
  ListActions,
  ListSearchBar,
  useCategoryLabel,
  useFlowList,
  type ListSearch,
} from '../../../components/flow/ListToolbar';
import '../../../i18n/flow';
import { useCan } from '../../../hooks/permission';
import { FormDialog } from '../../../components/FormDialog';

interface UploadForm {
  category?: string;
  tenantIds?: string;
}

/** The upload dialog: a category, tenants and the .bpmn files to deploy; closes after a successful upload. */
function UploadDialog({
  open,
  onClose,
  onUploaded,
}: {
  open: boolean;
  onClose: () => void;
  onUploaded: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const categories = useFlowCategories();
  const categoryLabel = useCategoryLabel();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [filesError, setFilesError] = useState(false);
  const [form] = Form.useForm<UploadForm>();
  const upload = useMutation({
    mutationFn: (values: UploadForm) => {
      const data = new FormData();
      data.append('category', values.category ?? '');
      data.append('tenantIds', values.tenantIds ?? '');
      for (const f of files) if (f.originFileObj) data.append('files', f.originFileObj, f.name);
      return deployUpload(data);
    },
    onSuccess: async () => {
      message.success(t('flow.deploy.uploaded'));
      onClose();
      setFiles([]);
      form.resetFields();
      await onUploaded();
    },
  });
  return (
    <FormDialog
      open={open}
      width={520}
      title={t('flow.deploy.uploadTitle')}
      onCancel={onClose}
      form={form}
      dirty={() => files.length > 0}
      saving={upload.isPending}
      onOk={() =>
        void form.validateFields().then((values) => {
          if (!files.length) {
            setFilesError(true);
            return;
          }
          upload.mutate(values);
        })
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="deploy-upload-form">
        <Form.Item name="category" label={t('flow.common.category')}>
          <Select
            allowClear
            options={categories.map((c) => ({ value: c.value, label: categoryLabel(c.value) }))}
          />
        </Form.Item>
        <Form.Item name="tenantIds" label={t('flow.deploy.tenantIds')} extra={t('flow.deploy.tenantHelp')}>
          <Input placeholder="000000" />
        </Form.Item>
        <Form.Item
          label={t('flow.deploy.files')}
          required
          validateStatus={filesError ? 'error' : undefined}
          help={filesError ? t('flow.deploy.filesRequired') : undefined}
        >
          <Upload.Dragger
            multiple
            accept=".bpmn,.xml"
            fileList={files}
            beforeUpload={() => false}
            onChange={({ fileList }) => {
              setFiles(fileList);
              setFilesError(false);
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('flow.deploy.filesHelp')}</p>
          </Upload.Dragger>
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

/** Suspend or activate a deployment, delete one; either refreshes the flow lists. */
function useDeploymentMutations(onRefresh: () => Promise<unknown>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const state = useMutation({
    mutationFn: (row: FlowRow) =>
      changeState(String(row.id), Number(row.suspensionState) === 1 ? 'suspend' : 'active'),
    onSuccess: async () => {
      message.success(t('flow.common.done'));
      await onRefresh();
    },
  });
  const remove = useMutation({
    mutationFn: (row: FlowRow) => deleteDeployment([String(row.deploymentId)]),
    onSuccess: async () => {
      message.success(t('flow.common.deleted'));
      await onRefresh();
    },
  });
  return { state, remove };
}

/** A deployment's row actions: its diagram, suspend or activate, delete. */
function DeploymentActions({
  row,
  can,
  onDiagram,
  onToggleState,
  onDelete,
}: {
  row: FlowRow;
  can: (code: string) => boolean;
  onDiagram: (target: FlowChartTarget) => void;
  onToggleState: (row: FlowRow) => Promise<unknown>;
  onDelete: (row: FlowRow) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const active = Number(row.suspensionState) === 1;
  return (
    <Space size={0}>
      {can('view') && (
        <Button type="link" size="small" onClick={() => onDiagram({ processDefinitionId: String(row.id) })}>
          {t('flow.common.diagram')}
        </Button>
      )}
      {can('state') && (
        <Popconfirm
          title={active ? t('flow.deploy.suspendConfirm') : t('flow.deploy.activateConfirm')}
          onConfirm={() => onToggleState(row)}
        >
          <Button type="link" size="small" data-testid="deploy-state">
            {active ? t('flow.deploy.suspend') : t('flow.deploy.activate')}
          </Button>
        </Popconfirm>
      )}
      {can('delete') && (
        <Popconfirm title={t('flow.deploy.deleteConfirm')} onConfirm={() => onDelete(row)}>
          <Button type="link" size="small" danger data-testid="deploy-delete">
            {t('flow.common.delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

/** The deployments table's columns. */
function useDeployColumns(actions: (row: FlowRow) => React.ReactNode) {
  const { t } = useTranslation();
  const categoryLabel = useCategoryLabel();
  return fitColumns<FlowRow>(
    [
      { title: t('flow.common.processName'), dataIndex: 'name' },
      { title: t('flow.common.processKey'), dataIndex: 'key' },
      { title: t('flow.common.category'), dataIndex: 'category', render: categoryLabel },
      { title: t('flow.common.version'), dataIndex: 'version', render: (v) => `v${String(v)}` },
      {
        title: t('flow.common.status'),
        dataIndex: 'suspensionState',
        render: (v: number) =>
          v === 1 ? (
            <Tag color="green" data-testid="deploy-status">
              {t('flow.status.active')}
            </Tag>
          ) : (
            <Tag color="orange" data-testid="deploy-status">
              {t('flow.status.suspended')}
            </Tag>
          ),
      },
      { title: t('flow.deploy.runningInstances'), dataIndex: 'runningInstances', width: 110 },
      { title: t('flow.deploy.resourceName'), dataIndex: 'resourceName', ellipsis: true },
      { title: t('flow.deploy.deployTime'), dataIndex: 'deploymentTime', width: 170 },
      { title: t('flow.common.actions'), key: 'actions', width: 220, render: (_, row) => actions(row) },
    ],
    ['name', 'suspensionState'],
  );
}

/** /flow/deploy: every deployed version; upload .bpmn files, suspend or activate, delete. */
export default function FlowDeployPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const has = useCan();
  const list = useFlowList<ListSearch>(['deployments'], managerList);
  const [chart, setChart] = useState<FlowChartTarget | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: flowKeys.all() });
  const { state, remove } = useDeploymentMutations(refresh);
  const can = (code: string) => has(`flow_deploy_${code}`);
  const columns = useDeployColumns((row) => (
    <DeploymentActions
      row={row}
      can={can}
      onDiagram={setChart}
      onToggleState={state.mutateAsync}
      onDelete={remove.mutateAsync}
    />
  ));

  return (
    <Card variant="borderless" data-testid="flow-deploy">
      <ListSearchBar onSearch={list.search} />
      <ListActions onRefresh={() => void list.query.refetch()}>
        {can('upload') && (
          <Button
            type="primary"
            icon={<UploadOutlined />}
            onClick={() => setUploadOpen(true)}
            data-testid="deploy-upload"
          >
            {t('flow.deploy.upload')}
          </Button>
        )}
      </ListActions>
      <Table<FlowRow> rowKey="id" {...list.table} {...fitTableProps} columns={columns} />
      <UploadDialog open={uploadOpen} onClose={() => setUploadOpen(false)} onUploaded={refresh} />
      <FlowChartDialog target={chart} onClose={() => setChart(null)} />
    </Card>
  );
}
