import type { ReactNode } from 'react';
import { Alert, Button, Drawer, Space, Spin, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { DiscardBlocker } from '../../components/discard/DiscardBlocker';
import { StackedLines, useStackedLines } from './StackedLines';
import '../../i18n/psi';

interface EditorDrawerProps {
  title: string;
  testId: string;
  onClose: () => void;
  actions: ReactNode;
  /** The document is still loading: a spinner instead of the body. */
  loading?: boolean;
  /** The refusal of the last write (or the editor's own check), under the body. */
  error?: string | null;
  errorTestId?: string;
  children: ReactNode;
}

/**
 * The drawer of a document editor: "cancel" then the editor's own buttons (`actions`) in its header,
 * the body in a column and the last error under it. `onClose` is the editor's guarded close
 * (`useEditor`): Esc, × and cancel ask before unsaved lines are thrown away, and so does a navigation
 * that would close the drawer.
 */
export function EditorDrawer({
  title,
  testId,
  onClose,
  actions,
  loading,
  error,
  errorTestId,
  children,
}: EditorDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      open
      size={1180}
      rootClassName="psi-drawer"
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
      {loading ? (
        <Spin />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {children}
          {error && <Alert type="error" showIcon title={error} data-testid={errorTestId} />}
        </Space>
      )}
    </Drawer>
  );
}

/** The primary "submit" of an editor; a failed or refused write is already shown by `useEditor`. */
export function SubmitButton({
  busy,
  disabled,
  onSubmit,
  testId,
}: {
  busy: boolean;
  disabled?: boolean;
  onSubmit: () => Promise<void>;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      type="primary"
      loading={busy}
      disabled={disabled}
      onClick={() => void onSubmit().catch(() => undefined)}
      data-testid={testId}
    >
      {t('psi.common.submit')}
    </Button>
  );
}

/**
 * The lines of a document: a small table, all rows on one page, scrolling sideways if needed; on a
 * phone one card per line (`StackedLines`).
 */
export function LinesTable<T extends object>(props: TableProps<T> & { 'data-testid': string }) {
  const stacked = useStackedLines();
  if (stacked) return <StackedLines<T> {...props} />;
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
