import { useState } from 'react';
import { DownloadOutlined, ImportOutlined, InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Space, Table, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { goodsInfoResource, schoolInfoResource, schoolYyptInfoResource } from '@psi/db/model';
import { RequestError } from '../../api/errors';
import { downloadImportTemplate, importFile, type ImportResource } from '../../api/psi';
import { useCan } from '../../hooks/permission';

interface ImportError {
  row: number;
  field: string;
  message: string;
}

interface ImportDialogProps {
  title: string;
  /** `goodsinfo` or `schoolyyptinfo`: the resource whose `upLoadList` and `template` it calls. */
  resource: ImportResource;
  templateName: string;
  onClose: () => void;
  onDone: () => void;
}

/**
 * An all-or-nothing Excel import: the file is checked whole by the server; a rejected file lists every
 * bad row and nothing is written.
 */
function ImportDialog({ title, resource, templateName, onClose, onDone }: ImportDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [errors, setErrors] = useState<ImportError[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    setBusy(true);
    setErrors(null);
    setFailure(null);
    setResult(null);
    try {
      const text = await importFile(resource, file);
      setResult(text);
      void message.success(text);
      onDone();
    } catch (error) {
      const text = error instanceof RequestError ? error.message : String(error);
      const data =
        error instanceof RequestError
          ? (error.response?.data as { data?: { errors?: ImportError[] } } | undefined)
          : undefined;
      setFailure(text);
      setErrors(data?.data?.errors ?? null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={820}
      title={title}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('psi.common.close')}</Button>}
      destroyOnHidden
      data-testid="import-dialog"
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('psi.import.hint')} />
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void downloadImportTemplate(resource, templateName).catch(() => undefined)}
          data-testid="import-template"
        >
          {t('psi.import.template')}
        </Button>
        <Upload.Dragger
          accept=".xlsx"
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
          data-testid="import-upload"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('psi.import.drop')}</p>
        </Upload.Dragger>
        {result && <Alert type="success" showIcon title={result} data-testid="import-result" />}
        {failure && <Alert type="error" showIcon title={failure} data-testid="import-failure" />}
        {errors && errors.length > 0 && (
          <Table<ImportError>
            rowKey={(e) => `${e.row}-${e.field}-${e.message}`}
            size="small"
            pagination={{ pageSize: 8 }}
            dataSource={errors}
            columns={[
              { title: t('psi.import.row'), dataIndex: 'row', key: 'row', width: 80 },
              { title: t('psi.import.field'), dataIndex: 'field', key: 'field', width: 160 },
              { title: t('psi.import.message'), dataIndex: 'message', key: 'message' },
            ]}
            data-testid="import-errors"
          />
        )}
      </Space>
    </Modal>
  );
}

/** The lists with an Excel import: endpoint, permission, their texts (`psi.<texts>.*`) and what to reload after. */
const imports = {
  goods: {
    resource: 'goodsinfo',
    permission: 'goodsinfo_import',
    texts: 'goods',
    reload: [goodsInfoResource],
  },
  roster: {
    resource: 'schoolyyptinfo',
    permission: 'schoolyyptinfo_import',
    texts: 'school',
    reload: [schoolYyptInfoResource, schoolInfoResource],
  },
} as const;

/**
 * A list's import: `button` for its toolbar (only with the permission) and `dialog`, rendered once after
 * the list; a finished import reloads the lists it changed.
 */
export function useImport(kind: keyof typeof imports) {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const { resource, permission, texts, reload } = imports[kind];
  return {
    button: can(permission) && (
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)} data-testid="import-open">
        {t('psi.import.open')}
      </Button>
    ),
    dialog: open && (
      <ImportDialog
        title={t(`psi.${texts}.importTitle`)}
        resource={resource}
        templateName={t(`psi.${texts}.templateName`)}
        onClose={() => setOpen(false)}
        onDone={() => {
          for (const def of reload) void client.invalidateQueries({ queryKey: [def.key] });
        }}
      />
    ),
  };
}
