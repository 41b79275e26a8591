import type { ReactNode } from 'react';
import { Modal, Spin } from 'antd';

interface RecordDialogFrameProps {
  title: string;
  width: number;
  /** Esc, × and the mask: the dialog closes only through it (a changed form asks first). */
  onCancel: () => void;
  testId: string;
  /** The record is still on its way: a spinner stands in for the body. */
  loading: boolean;
  children: ReactNode;
  /** Shown under the body, also while it loads. */
  footer?: ReactNode;
}

/** The frame of a dialog of one record: no antd footer (the body has its buttons), a click on the mask keeps it. */
export function RecordDialogFrame({
  title,
  width,
  onCancel,
  testId,
  loading,
  children,
  footer,
}: RecordDialogFrameProps) {
  return (
    <Modal
      open
      title={title}
      width={width}
      footer={null}
      onCancel={onCancel}
      destroyOnHidden
      mask={{ closable: false }}
      className="psi-resource-dialog"
      data-testid={testId}
    >
      {loading ? (
        <div className="psi-dialog-loading">
          <Spin />
        </div>
      ) : (
        children
      )}
      {footer}
    </Modal>
  );
}
