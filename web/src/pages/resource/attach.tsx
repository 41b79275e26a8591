import { useQueryClient } from '@tanstack/react-query';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { RowButton } from '../../components/resource/ResourceColumns';
import { App, Button, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { attachResource } from '@psi/db/model';
import { uploadFile } from '../../api/resource';
import { ResourcePage } from '../../components/resource/ResourcePage';
import { site } from '../../config/site';
import { downloadFile, resourceKeys } from '../../api/resource';
import { useCan } from '../../hooks/permission';
import '../../i18n/system';

/** The path of a stored file's link for the API client (which adds the API base itself). */
function apiPath(link: string): string {
  const path = link.replace(/^https?:\/\/[^/]+/, '');
  return path.startsWith(site.apiBase) ? path.slice(site.apiBase.length) : path;
}

/** Attachments (/resource/attach): list, upload, download (with the session, not a bare link), remove. */
export default function AttachPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const can = useCan();
  const canDownload = can('attach_download');
  const canUpload = can('attach_upload');
  return (
    <ResourcePage
      def={attachResource}
      toolbar={
        canUpload && (
          <Upload
            showUploadList={false}
            customRequest={({ file, onSuccess, onError }) => {
              uploadFile(file as Blob)
                .then(async (uploaded) => {
                  onSuccess?.(uploaded);
                  void message.success(t('sys.uploaded'));
                  await queryClient.invalidateQueries({ queryKey: resourceKeys.all(attachResource.key) });
                })
                .catch((error: unknown) =>
                  onError?.(error instanceof Error ? error : new Error(String(error))),
                );
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="toolbar-upload">
              {t('sys.upload')}
            </Button>
          </Upload>
        )
      }
      rowActions={
        canDownload
          ? (record) => (
              <RowButton
                icon={<DownloadOutlined />}
                label={t('sys.download')}
                testId="row-download"
                onClick={() =>
                  void downloadFile(
                    apiPath(String(record.link ?? '')),
                    {},
                    String(record.originalName ?? 'file'),
                  ).catch(() => undefined)
                }
              />
            )
          : undefined
      }
    />
  );
}
