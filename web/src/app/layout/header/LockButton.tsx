import { useState } from 'react';
import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { site } from '../../../config/site';
import { useLock } from '../../../stores/lock';
import { HeaderIconButton } from './HeaderIconButton';
import { RequiredItem } from '../../../components/RequiredItem';
import { FormDialog } from '../../../components/FormDialog';

interface LockValues {
  password: string;
}

/**
 * Lock screen (spec section 2): the set-password dialog opens (also when a lock password exists already,
 * which it replaces); after a password is set the screen locks and the app goes to /lock 100 ms later.
 */
export function LockButton() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const hasPassword = useLock((state) => Boolean(state.lockPasswd));
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<LockValues>();

  const onFinish = async ({ password }: LockValues) => {
    setSaving(true);
    try {
      await useLock.getState().setPassword(password);
      setOpen(false);
      form.resetFields();
      window.setTimeout(() => {
        // Nothing of the data stays readable behind the lock screen.
        queryClient.clear();
        useLock.getState().lock(pathname + search);
      }, site.lockRedirectDelay);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Tooltip title={t('layout.lock')}>
        <HeaderIconButton
          label={t('layout.lock')}
          testId="header-lock"
          icon={<LockOutlined />}
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      <FormDialog
        open={open}
        title={t('lock.setTitle')}
        width={420}
        saving={saving}
        form={form}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form<LockValues> form={form} layout="vertical" onFinish={onFinish} preserve={false}>
          <RequiredItem
            name="password"
            label={t('lock.password')}
            extra={hasPassword ? t('lock.replaceHint') : t('lock.hint')}
            message={t('lock.required')}
          >
            <Input.Password autoFocus placeholder={t('lock.placeholder')} data-testid="lock-password" />
          </RequiredItem>
        </Form>
      </FormDialog>
    </>
  );
}
