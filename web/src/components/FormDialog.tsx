import { Modal, type FormInstance, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDiscardGuard } from './discard/useDiscardGuard';

type FormDialogProps = Omit<ModalProps, 'confirmLoading' | 'cancelText' | 'onCancel' | 'mask'> & {
  /** The form is being sent: OK spins. */
  saving: boolean;
  /** Esc, ×, cancel: closes the dialog, after asking when something typed would be lost. */
  onCancel: () => void;
  /** The dialog's form: a field the user touched is work that closing would throw away. */
  form?: FormInstance;
  /** Other input that closing would throw away (a chosen file, ticked tree nodes); with `form`, either. */
  dirty?: () => boolean;
};

/**
 * The frame of every dialog that takes input: OK (by default "OK") sends it, cancel closes. Closing a
 * dialog that holds typed work (Esc, ×, cancel) asks "放弃修改?" first, and a click on the grey mask
 * never closes it, so one stray click cannot throw work away.
 */
export function FormDialog({
  saving,
  okText,
  onCancel,
  form,
  dirty,
  open = true,
  ...modal
}: FormDialogProps) {
  const { t } = useTranslation();
  const guard = useDiscardGuard(
    () => open && ((form?.isFieldsTouched() ?? false) || (dirty?.() ?? false)),
    onCancel,
  );
  return (
    <Modal
      open={open}
      width={460}
      okText={okText ?? t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      {...modal}
      onCancel={guard.close}
      mask={{ closable: false }}
    />
  );
}
