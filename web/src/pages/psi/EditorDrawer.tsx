import type { ReactNode } from 'react';
import { Button, Drawer, Space, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import './i18n';

/** The drawer of a document editor: "cancel" then the editor's own buttons (`actions`) in its header. */
export function EditorDrawer({
  title,
  testId,
  onClose,
  actions,
  children,
}: {
  title: string;
  testId: string;
  onClose: () => void;
  actions: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open
      size={1180}
      title={title}
      onClose={onClose}
      destroyOnHidden
      data-testid={testId}
      extra={
        <Space>
          <Button onClick={onClose}>{t('psi.common.cancel')}</Button>
          {actions}
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}

/** The editable lines of a document: a small table, all rows on one page, scrolling sideways. */
export function LinesTable<T extends object>(props: TableProps<T> & { 'data-testid': string }) {
  return <Table<T> size="small" pagination={false} scroll={{ x: 'max-content' }} {...props} />;
}
