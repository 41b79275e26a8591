import { useEffect, useState } from 'react';
import { LockOutlined, LogoutOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Form, Input } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { site } from '../../config/site';
import { useLock } from '../../stores/lock';
import { defaultAvatar, displayName, useSession } from '../../stores/session';
import { notifySuccess } from '../../utils/feedback';
import './lock.css';
import '../../i18n/shell';

function Clock() {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(dayjs()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div className="psi-lock__clock" aria-live="off">
      <div className="psi-lock__time">{now.format('HH:mm:ss')}</div>
      <div className="psi-lock__date">{now.format(t('lock.dateFormat'))}</div>
    </div>
  );
}

/**
 * The lock screen: every navigation of a locked session comes here (route guard). The lock password
 * unlocks it and returns to the page it was locked on; logging out ends the session instead.
 */
export default function LockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((state) => state.userInfo);
  const [form] = Form.useForm<{ password: string }>();
  const [checking, setChecking] = useState(false);

  const unlock = async ({ password }: { password: string }) => {
    setChecking(true);
    const from = useLock.getState().lockedFrom;
    const ok = await useLock.getState().unlock(password);
    setChecking(false);
    if (!ok) {
      form.setFields([{ name: 'password', errors: [t('lock.wrong')], value: '' }]);
      return;
    }
    notifySuccess(t('lock.unlocked'));
    navigate(from && from !== site.lockPath ? from : site.homePath, { replace: true });
  };

  const logout = async () => {
    await useSession.getState().logout();
    navigate(site.loginPath, { replace: true });
  };

  return (
    <main className="psi-lock" data-testid="lock-page">
      <Clock />
      <section className="psi-lock__card">
        <Avatar size={88} src={user?.avatar || defaultAvatar} icon={<UserOutlined />} alt="" />
        <h1 className="psi-lock__name">{displayName(user)}</h1>
        <p className="psi-lock__hint">
          <LockOutlined /> {t('lock.locked')}
        </p>
        <Form form={form} onFinish={(values) => void unlock(values)} className="psi-lock__form">
          <Form.Item name="password" rules={[{ required: true, message: t('lock.unlockRequired') }]}>
            <Input.Password
              size="large"
              autoFocus
              prefix={<LockOutlined />}
              placeholder={t('lock.unlockPlaceholder')}
              data-testid="unlock-password"
            />
          </Form.Item>
          <Button
            type="primary"
            size="large"
            block
            htmlType="submit"
            loading={checking}
            icon={<UnlockOutlined />}
            data-testid="unlock-submit"
          >
            {t('lock.unlock')}
          </Button>
        </Form>
        <Button
          type="link"
          icon={<LogoutOutlined />}
          onClick={() => void logout()}
          className="psi-lock__logout"
        >
          {t('layout.logout')}
        </Button>
      </section>
    </main>
  );
}
