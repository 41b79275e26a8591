import type { TFunction } from 'i18next';
import { useState } from 'react';
import { LoadingOutlined, LockOutlined, PlusOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Avatar,
  Button,
  Card,
  Col,
  Form,
  Input,
  Row,
  Spin,
  Tabs,
  Upload,
  type FormItemProps,
} from 'antd';
import type { RcFile } from 'antd/es/upload';
import { useTranslation } from 'react-i18next';
import { passwordFields, registerMessages } from '@psi/db/model';
import { fetchOwnInfo, infoKeys, updateOwnAvatar, updateOwnPassword, type OwnInfo } from '../../api/info';
import { uploadFile } from '../../api/resource';
import { site } from '../../config/site';
import { defaultAvatar, useSession } from '../../stores/session';
import './info.css';
import { useSaving } from '../../hooks/saving';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/** Avatar rules of the spec: jpg or png, at most 500 kb. Answers the message of a refused file. */
export function avatarProblem(file: { type: string; size: number }, t: TFunction): string | null {
  if (!site.avatarTypes.includes(file.type)) return t('info.avatarType');
  if (file.size > site.avatarMaxBytes) return t('info.avatarSize');
  return null;
}

function ProfileTab() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const info = useQuery({ queryKey: infoKeys.own(), queryFn: fetchOwnInfo });
  const [avatar, setAvatar] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const { saving, run } = useSaving();
  const lang = i18n.language === 'en' ? 'en' : 'zh';

  if (info.isLoading) {
    return (
      <div className="psi-info__loading">
        <Spin />
      </div>
    );
  }
  const data: Partial<OwnInfo> = info.data ?? {};
  const shownAvatar = avatar ?? data.avatar ?? '';

  const save = async () => {
    await run(async () => {
      await updateOwnAvatar(data.id ?? '', shownAvatar);
      useSession.getState().updateUserInfo({ avatar: shownAvatar || defaultAvatar });
      void message.success(t('crud.updated'));
      setAvatar(null);
      await queryClient.invalidateQueries({ queryKey: infoKeys.own() });
    });
  };

  // the details the user reads here but changes elsewhere
  const details = [
    { label: t('info.realName'), value: data.realName, testId: 'info-real-name' },
    { label: t('info.userName'), value: data.name, testId: 'info-user-name' },
    { label: t('info.phone'), value: data.phone, testId: 'info-phone' },
    { label: t('info.email'), value: data.email, testId: 'info-email' },
  ];

  return (
    <Form layout="vertical" className="psi-info__form" data-lang={lang}>
      <Form.Item label={t('info.avatar')} extra={t('info.avatarHint')}>
        <div data-testid="info-avatar-upload">
          <Upload
            name="file"
            listType="picture-circle"
            showUploadList={false}
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            beforeUpload={(file: RcFile) => {
              const problem = avatarProblem(file, t);
              if (problem) {
                void message.error(problem);
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
            customRequest={({ file, onSuccess, onError }) => {
              setUploading(true);
              uploadFile(file as Blob)
                .then((uploaded) => {
                  setAvatar(uploaded.link);
                  onSuccess?.(uploaded);
                })
                .catch((error: unknown) =>
                  onError?.(error instanceof Error ? error : new Error(String(error))),
                )
                .finally(() => setUploading(false));
            }}
          >
            <div className="psi-info__avatar">
              {uploading ? (
                <LoadingOutlined className="psi-info__avatar-busy" />
              ) : (
                <Avatar
                  size={92}
                  src={shownAvatar || defaultAvatar}
                  icon={<UserOutlined />}
                  alt={t('info.avatar')}
                />
              )}
              <span className="psi-info__avatar-change">
                <PlusOutlined /> {t('info.upload')}
              </span>
            </div>
          </Upload>
        </div>
      </Form.Item>
      <Row gutter={16}>
        {details.map(({ label, value, testId }) => (
          <Col key={testId} xs={24} md={12}>
            <Form.Item label={label}>
              <Input value={value ?? ''} readOnly variant="filled" data-testid={testId} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Button
        type="primary"
        loading={saving}
        disabled={uploading}
        onClick={() => void save()}
        data-testid="info-save"
      >
        {t('crud.save')}
      </Button>
    </Form>
  );
}

/** The password form's fields: label and test id (their empty-field messages are declared in the model). */
const passwordInputs = {
  oldPassword: { label: 'info.oldPassword', testId: 'info-old-password' },
  newPassword: { label: 'info.newPassword', testId: 'info-new-password' },
  newPassword1: { label: 'info.confirmPassword', testId: 'info-confirm-password' },
} as const;

/** A required password field; `rules` adds to "required" (the confirmation must match). */
function PasswordItem({
  name,
  rules = [],
  ...item
}: { name: keyof PasswordValues } & Omit<FormItemProps, 'name' | 'label' | 'children'>) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { label, testId } = passwordInputs[name];
  return (
    <Form.Item
      name={name}
      label={t(label)}
      rules={[{ required: true, message: passwordFields[name][lang] }, ...rules]}
      {...item}
    >
      <Input.Password
        prefix={<LockOutlined />}
        autoComplete={name === 'oldPassword' ? 'current-password' : 'new-password'}
        data-testid={testId}
      />
    </Form.Item>
  );
}

function PasswordTab() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const { saving, run } = useSaving();
  const lang = i18n.language === 'en' ? 'en' : 'zh';

  const onFinish = async (values: PasswordValues) => {
    await run(async () => {
      await updateOwnPassword(values.oldPassword, values.newPassword, values.newPassword1);
      void message.success(t('info.passwordChanged'));
      form.resetFields();
    });
  };

  return (
    <Form<PasswordValues>
      form={form}
      layout="vertical"
      className="psi-info__form"
      onFinish={(values) => void onFinish(values)}
    >
      <PasswordItem name="oldPassword" />
      <PasswordItem name="newPassword" />
      <PasswordItem
        name="newPassword1"
        dependencies={['newPassword']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (value && value !== getFieldValue('newPassword'))
                throw new Error(registerMessages.mismatch[lang]);
            },
          }),
        ]}
      />
      <Button type="primary" htmlType="submit" loading={saving} data-testid="info-password-submit">
        {t('crud.submit')}
      </Button>
    </Form>
  );
}

/** /info/index: the personal info tab (avatar, read-only details) and the change-password tab. */
export default function InfoPage() {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" className="psi-info">
      <Tabs
        items={[
          {
            key: 'info',
            label: <span data-testid="info-tab-profile">{t('info.profileTab')}</span>,
            children: <ProfileTab />,
          },
          {
            key: 'password',
            label: <span data-testid="info-tab-password">{t('info.passwordTab')}</span>,
            children: <PasswordTab />,
          },
        ]}
      />
    </Card>
  );
}
