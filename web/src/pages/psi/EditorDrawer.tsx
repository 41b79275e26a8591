import type { ReactNode } from 'react';
import { Button, Drawer, Space, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { DiscardBlocker } from '../../components/discard/DiscardBlocker';
import './i18n';

/**
 * The drawer of a document editor: "cancel" then the editor's own buttons (`actions`) in its header.
 * `onClose` is the editor's guarded close (`useDiscardGuard`): Esc, × and cancel ask before unsaved
 * lines are thrown away, and so does a navigation that would close the drawer.
 */
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
          <Button onClick={onClose} data-testid="editor-cancel">
            {t('psi.common.cancel')}
          </Button>
          {actions}
        </Space>
      }
    >
      <DiscardBlocker />
      {children}
    </Drawer>
  );
}

/** The editable lines of a document: a small table, all rows on one page, scrolling sideways if needed. */
export function LinesTable<T extends object>(props: TableProps<T> & { 'data-testid': string }) {
  return (
    <Table<T>
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      className="psi-fit-table"
      {...props}
    />
  );
}
