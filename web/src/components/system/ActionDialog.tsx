import { type ReactNode } from 'react';
import { App, Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDiscardGuard } from '../discard/useDiscardGuard';
import type { DeclaredRow } from '../resource/model';
import { testId } from './tree';
import { useSaving } from '../../hooks/saving';
import { validValues } from '../../utils/form';

interface ActionDialogProps<T extends DeclaredRow> {
  title: string;
  /** Test id of the dialog; its OK button is `<testid>-submit` unless `submitId` names it. */
  id: string;
  submitId?: string;
  /** OK stays disabled (while what the form needs is loading). */
  submitDisabled?: boolean;
  width?: number;
  initialValues?: Partial<T>;
  /** The form items. */
  children: ReactNode | ((form: FormInstance<T>) => ReactNode);
  /** Calls the server with the validated values; a rejection keeps the dialog open. */
  onSubmit: (values: T) => Promise<unknown>;
  /** The success message (default: operation successful). */
  success?: string;
  onClose: () => void;
  onDone?: () => void;
}

/**
 * A small dialog of one special action (tenant settings, enable, test send...): a form, OK calls the
 * server, says it worked and closes; a refusal keeps the values (the client showed the message).
 */
export function ActionDialog<T extends DeclaredRow>({
  title,
  id,
  submitId,
  submitDisabled,
  width = 520,
  initialValues,
  children,
  onSubmit,
  success,
  onClose,
  onDone,
}: ActionDialogProps<T>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<T>();
  const { saving, run } = useSaving();
  const guard = useDiscardGuard(() => form.isFieldsTouched(), onClose);
  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    await run(async () => {
      await onSubmit(values);
      void message.success(success ?? t('crud.done'));
      guard.release();
      onDone?.();
      onClose();
    });
  };
  return (
    <Modal
      open
      title={title}
      width={width}
      onCancel={guard.close}
      onOk={() => void submit()}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{
        loading: saving,
        disabled: submitDisabled,
        ...testId(submitId ?? `${id}-submit`),
      }}
      destroyOnHidden
      mask={{ closable: false }}
      data-testid={id}
    >
      <Form<T> form={form} layout="vertical" initialValues={initialValues as never}>
        {typeof children === 'function' ? children(form) : children}
      </Form>
    </Modal>
  );
}
