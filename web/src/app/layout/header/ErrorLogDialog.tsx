import { useState } from 'react';
import { ClearOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { App, Button, Modal, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { logUploadOnLine, sendLogs, type LogEntry } from '../../../api/logs';
import { useErrorLog } from '../../../stores/error-log';
import { useConfirm } from '../../../hooks/confirm';

/**
 * The local error log (spec "Error-log screen"): type, url, message, stack and time of each recorded
 * error; upload to the server or clear, each after a confirmation.
 */
export default function ErrorLogDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const logs = useErrorLog((state) => state.logs);
  const [sending, setSending] = useState(false);

  const upload = () => {
    confirm(t('errorLog.uploadConfirm'), async () => {
      setSending(true);
      try {
        await sendLogs(useErrorLog.getState().logs);
        useErrorLog.getState().clear();
        void message.success(t('errorLog.sent'));
        onClose();
      } finally {
        setSending(false);
      }
    });
  };

  const clear = () => {
    confirm(t('errorLog.clearConfirm'), () => {
      useErrorLog.getState().clear();
      void message.success(t('errorLog.cleared'));
    });
  };

  const columns: TableColumnsType<LogEntry> = [
    {
      title: t('errorLog.type'),
      dataIndex: 'type',
      width: 90,
      render: (value: string) => <Tag color="error">{value}</Tag>,
    },
    { title: t('errorLog.url'), dataIndex: 'url', width: 220, ellipsis: true },
    { title: t('errorLog.message'), dataIndex: 'message', width: 240 },
    {
      title: t('errorLog.stack'),
      dataIndex: 'stack',
      render: (value: string) => (
        <Typography.Paragraph className="psi-error-log__stack" ellipsis={{ rows: 3, expandable: true }}>
          {value}
        </Typography.Paragraph>
      ),
    },
    { title: t('errorLog.time'), dataIndex: 'time', width: 170 },
  ];

  return (
    <Modal
      open
      width={1100}
      title={t('errorLog.title')}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
        <Button key="clear" danger icon={<ClearOutlined />} disabled={logs.length === 0} onClick={clear}>
          {t('errorLog.clear')}
        </Button>,
        logUploadOnLine && (
          <Button
            key="upload"
            type="primary"
            icon={<CloudUploadOutlined />}
            loading={sending}
            disabled={logs.length === 0}
            onClick={upload}
            data-testid="error-log-upload"
          >
            {t('errorLog.upload')}
          </Button>
        ),
      ]}
    >
      <Table<LogEntry>
        size="small"
        rowKey={(entry) => `${entry.time}-${entry.message}-${entry.stack.length}`}
        columns={columns}
        dataSource={logs}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: t('errorLog.empty') }}
        scroll={{ y: 480 }}
        data-testid="error-log-table"
      />
    </Modal>
  );
}
