import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RowButton } from '../../components/resource/ResourceColumns';
import { CheckCircleOutlined, SendOutlined } from '@ant-design/icons';
import { App, Form, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@psi/db/model';
import { enableConfig, resourceKeys, sendSmsMessage } from '../../api/resource';
import type { DeclaredRow } from '../../components/resource/model';
import { ResourcePage } from '../../components/resource/ResourcePage';
import { ActionDialog } from '../../components/system/ActionDialog';
import { useCan } from '../../hooks/permission';
import { useConfirm } from '../../hooks/confirm';
import { jsonObjectRule } from '../../utils/json-rule';
import '../../i18n/system';

/** The spec's phone numbers: mainland mobiles, comma separated. */
const PHONES = /^1\d{10}(\s*[,，]\s*1\d{10})*$/;

/**
 * Oss and sms configurations (/resource/oss, /resource/sms): one configuration of a tenant is enabled
 * (status 2) at a time; an sms configuration can send a test message.
 */
export function ConfigPage({ def, kind }: { def: ResourceDef; kind: 'oss' | 'sms' }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const can = useCan();
  const canEnable = can(`${kind}_enable`);
  const canSend = can('sms_send') && kind === 'sms';
  const [sending, setSending] = useState<DeclaredRow | null>(null);
  const codeField = kind === 'oss' ? 'ossCode' : 'smsCode';

  const enable = (record: DeclaredRow) =>
    confirm(t('sys.enableConfirm'), async () => {
      await enableConfig(def.api, String(record.id));
      void message.success(t('crud.done'));
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(def.key) });
    });

  return (
    <>
      <ResourcePage
        def={def}
        rowActions={(record) => (
          <>
            {Number(record.status) === 2 ? (
              <Tag color="green" data-testid="row-enabled">
                {t('sys.enabled')}
              </Tag>
            ) : (
              canEnable && (
                <RowButton
                  icon={<CheckCircleOutlined />}
                  label={t('sys.enable')}
                  testId="row-enable"
                  onClick={() => enable(record)}
                />
              )
            )}
            {canSend && (
              <RowButton
                icon={<SendOutlined />}
                label={t('sys.smsSend')}
                testId="row-send"
                onClick={() => setSending(record)}
              />
            )}
          </>
        )}
      />
      {sending && (
        <ActionDialog<{ phones: string; params?: string }>
          id="sms-send-dialog"
          title={t('sys.smsSendTitle', { name: String(sending[codeField] ?? '') })}
          success={t('sys.sent')}
          initialValues={{ params: '{"code": "1234"}' }}
          onSubmit={(values) =>
            sendSmsMessage(
              String(sending[codeField]),
              values.phones.trim(),
              values.params?.trim() ? (JSON.parse(values.params) as Record<string, string>) : {},
            )
          }
          onClose={() => setSending(null)}
        >
          <Form.Item
            name="phones"
            label={t('sys.phones')}
            extra={t('sys.phonesHint')}
            rules={[
              { required: true, whitespace: true, message: t('sys.phonesRequired') },
              {
                validator: async (_rule, value: unknown) => {
                  const text = String(value ?? '').trim();
                  if (text && !PHONES.test(text)) throw new Error(t('sys.phoneFormat'));
                },
              },
            ]}
          >
            <Input data-field="phones" />
          </Form.Item>
          <Form.Item
            name="params"
            label={t('sys.smsParams')}
            rules={[jsonObjectRule(t('sys.smsParamsInvalid'))]}
          >
            <Input.TextArea rows={3} data-field="params" />
          </Form.Item>
        </ActionDialog>
      )}
    </>
  );
}
