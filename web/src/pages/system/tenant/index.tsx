import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RowButton } from '../../../components/resource/ResourceColumns';
import { DatabaseOutlined, GiftOutlined, SettingOutlined } from '@ant-design/icons';
import { DatePicker, Form, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { tenantResource } from '@psi/db/model';
import { resourceKeys } from '../../../api/resource';
import {
  fetchOptions,
  setTenantDatasource,
  setTenantLicence,
  setTenantPackage,
  systemKeys,
  tenantChoiceLists,
  tenantSettingsOnLine,
} from '../../../api/system';
import type { DeclaredRow } from '../../../components/resource/model';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { ActionDialog } from '../../../components/system/ActionDialog';
import { useCan } from '../../../hooks/permission';
import '../../../i18n/system';

type Dialog = { kind: 'setting' | 'datasource' | 'package'; record: DeclaredRow };

function useOptions(url: string, label: string, enabled: boolean) {
  return useQuery({
    queryKey: systemKeys.options(url),
    queryFn: () => fetchOptions(url, label),
    enabled,
  });
}

/** The two one-choice settings of a tenant: the form field, the dialog's texts and the call that saves it. */
const choices = {
  datasource: {
    field: 'datasourceId',
    title: 'sys.tenantDatasource',
    label: 'sys.datasource',
    save: setTenantDatasource,
  },
  package: { field: 'packageId', title: 'sys.tenantPackage', label: 'sys.package', save: setTenantPackage },
} as const;

/** A tenant's data source or package dialog; "none" clears the choice. */
function TenantChoiceDialog({
  kind,
  record,
  name,
  options,
  onClose,
  onDone,
}: {
  kind: keyof typeof choices;
  record: DeclaredRow;
  name: string;
  options: ReturnType<typeof useOptions>;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { field, title, label, save } = choices[kind];
  return (
    <ActionDialog<Record<string, string | undefined>>
      id={`tenant-${kind}-dialog`}
      title={`${t(title)} · ${name}`}
      initialValues={{ [field]: record[field] ? String(record[field]) : '' }}
      onSubmit={(values) => save(String(record.tenantId), values[field] ?? '')}
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item name={field} label={t(label)}>
        <Select
          loading={options.isLoading}
          options={[{ value: '', label: t('sys.none') }, ...(options.data ?? [])]}
          data-field={field}
        />
      </Form.Item>
    </ActionDialog>
  );
}

/**
 * Tenants (/system/tenant, the platform's): the licence (account limit and expiry), the data source and
 * the package of a tenant, each in its own dialog.
 */
export default function TenantPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const has = useCan();
  const can = {
    setting: tenantSettingsOnLine.setting && has('tenant_setting'),
    datasource: tenantSettingsOnLine.datasource && has('tenant_datasource'),
    package: tenantSettingsOnLine.package && has('tenant_package'),
  };
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { datasource, package: pack } = tenantChoiceLists;
  const datasources = useOptions(datasource.url, datasource.label, dialog?.kind === 'datasource');
  const packages = useOptions(pack.url, pack.label, dialog?.kind === 'package');
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all(tenantResource.key) });
  const name = (record: DeclaredRow) => `${String(record.tenantId)} ${String(record.tenantName ?? '')}`;

  const button = (kind: Dialog['kind'], label: string, icon: React.ReactNode, record: DeclaredRow) => (
    <RowButton icon={icon} label={label} testId={`row-${kind}`} onClick={() => setDialog({ kind, record })} />
  );

  return (
    <>
      <ResourcePage
        def={tenantResource}
        rowActions={
          can.setting || can.datasource || can.package
            ? (record) => (
                <>
                  {can.setting && button('setting', t('sys.tenantSetting'), <SettingOutlined />, record)}
                  {can.datasource &&
                    button('datasource', t('sys.tenantDatasource'), <DatabaseOutlined />, record)}
                  {can.package && button('package', t('sys.tenantPackage'), <GiftOutlined />, record)}
                </>
              )
            : undefined
        }
      />
      {dialog?.kind === 'setting' && (
        <ActionDialog<{ accountNumber?: number; expireTime?: Dayjs }>
          id="tenant-setting-dialog"
          title={t('sys.tenantSettingTitle', { name: name(dialog.record) })}
          initialValues={{
            accountNumber: Number(dialog.record.accountNumber ?? -1),
            expireTime: dialog.record.expireTime ? dayjs(String(dialog.record.expireTime)) : undefined,
          }}
          onSubmit={(values) =>
            setTenantLicence(
              String(dialog.record.id),
              values.accountNumber ?? -1,
              values.expireTime ? values.expireTime.format('YYYY-MM-DD HH:mm:ss') : '',
            )
          }
          onClose={() => setDialog(null)}
          onDone={refresh}
        >
          <Form.Item
            name="accountNumber"
            label={t('sys.accountNumber')}
            extra={t('sys.accountNumberHint')}
            rules={[
              {
                validator: async (_rule, value: unknown) => {
                  if (value === undefined || value === null) return;
                  const n = Number(value);
                  if (!Number.isInteger(n) || n === 0 || n < -1)
                    throw new Error(t('sys.accountNumberInvalid'));
                },
              },
            ]}
          >
            <InputNumber style={{ width: '100%' }} precision={0} data-field="accountNumber" />
          </Form.Item>
          <Form.Item name="expireTime" label={t('sys.expireTime')}>
            <DatePicker showTime style={{ width: '100%' }} data-field="expireTime" />
          </Form.Item>
        </ActionDialog>
      )}
      {(dialog?.kind === 'datasource' || dialog?.kind === 'package') && (
        <TenantChoiceDialog
          key={dialog.kind}
          kind={dialog.kind}
          record={dialog.record}
          name={name(dialog.record)}
          options={dialog.kind === 'datasource' ? datasources : packages}
          onClose={() => setDialog(null)}
          onDone={refresh}
        />
      )}
    </>
  );
}
