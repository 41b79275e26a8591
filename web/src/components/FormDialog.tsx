import { Modal, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';

type FormDialogProps = Omit<ModalProps, 'confirmLoading' | 'cancelText'> & {
  /** The form is being sent: OK spins. */
  saving: boolean;
};

/** A small dialog around one form: OK (by default "OK") sends it, cancel closes. */
export function FormDialog({ saving, okText, ...modal }: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      width={460}
      okText={okText ?? t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      {...modal}
    />
  );
}
