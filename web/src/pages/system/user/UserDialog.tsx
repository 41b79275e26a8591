import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Col, Form, Input, Row as GridRow, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { RecordDialogFrame } from '../../../components/resource/RecordDialogFrame';
import { useDiscardGuard } from '../../../components/discard/useDiscardGuard';
import { md5 } from 'js-md5';
import { userResource, type FieldDef, type Lang } from '@psi/db/model';
import { fetchDetail, resourceKeys } from '../../../api/resource';
import { fetchPostSelect, fetchTenantSelect, submitUser, systemKeys } from '../../../api/system';
import { FieldControl } from '../../../components/resource/fields';
import {
  fieldRules,
  initialFormValues,
  toSubmitBody,
  type FormMode,
  type DeclaredRow,
} from '../../../components/resource/model';
import { useIsSuperAdmin } from '../../../hooks/permission';
import { useSaving } from '../../../hooks/saving';
import { RequiredItem } from '../../../components/RequiredItem';
import { validValues } from '../../../utils/form';
import '../../../i18n/system';

const def = userResource;
const field = (name: string): FieldDef => {
  const found = def.fields.find((f) => f.name === name);
  if (!found) throw new Error(`user field ${name}`);
  return found;
};

/** The seed's phone checks, in order: empty, length 11, then the pattern. */
export function phoneRules(t: TFunction): Rule[] {
  return [
    { required: true, whitespace: true, message: t('sys.phoneRequired') },
    {
      validator: async (_rule, value: unknown) => {
        const text = String(value ?? '').trim();
        if (!text) return;
        if (text.length !== 11) throw new Error(t('sys.phoneLength'));
        if (!/^1\d{10}$/.test(text)) throw new Error(t('sys.phoneFormat'));
      },
    },
  ];
}

export function useTenantOptions(enabled: boolean) {
  return useQuery({
    queryKey: systemKeys.tenantSelect(),
    queryFn: fetchTenantSelect,
    enabled,
  });
}

/** The submit body of the user dialog: the password only on add (as md5), the post ids as a comma list. */
function userSubmitBody(
  all: DeclaredRow,
  mode: FormMode,
  loaded: DeclaredRow | null,
  superAdmin: boolean,
): DeclaredRow {
  const body = toSubmitBody(def, all, mode, loaded);
  // the password is only set on add (reset it with the password reset)
  delete body.password;
  if (mode === 'add') {
    body.password = md5(String(all.password));
    if (superAdmin) body.tenantId = all.tenantId;
  }
  const postIds = Array.isArray(all.postId) ? (all.postId as string[]) : [];
  if (postIds.length) body.postId = postIds.join(',');
  else if (mode === 'edit') body.postId = ''; // the column is NOT NULL: an empty list clears it
  return body;
}
/** The password of a new user, twice. */
function PasswordPair() {
  const { t } = useTranslation();
  return (
    <>
      <Col xs={24} sm={12} data-field-item="password">
        <RequiredItem name="password" label={t('sys.password')} message={t('sys.passwordRequired')}>
          <Input.Password autoComplete="new-password" data-field="password" />
        </RequiredItem>
      </Col>
      <Col xs={24} sm={12} data-field-item="password2">
        <Form.Item
          name="password2"
          label={t('sys.password2')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('sys.password2Required') },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if (value && value !== getFieldValue('password')) throw new Error(t('sys.passwordMismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-field="password2" />
        </Form.Item>
      </Col>
    </>
  );
}

/** The tenant of a user, chosen by the super-admin; a change clears the tenant's roles, departments, posts. */
function TenantField({ disabled, onChange }: { disabled: boolean; onChange: () => void }) {
  const { t } = useTranslation();
  const tenants = useTenantOptions(true);
  return (
    <Col xs={24} sm={12} data-field-item="tenantId">
      <RequiredItem name="tenantId" label={t('sys.tenant')} message={t('sys.tenantRequired')}>
        <Select
          disabled={disabled}
          loading={tenants.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={(tenants.data ?? []).map((tenant) => ({
            value: tenant.tenantId,
            label: `${tenant.tenantId} ${tenant.tenantName}`,
          }))}
          onChange={onChange}
          data-field="tenantId"
        />
      </RequiredItem>
    </Col>
  );
}

interface UserDialogProps {
  mode: FormMode;
  record: DeclaredRow | null;
  /** The tenant a new user starts in (the one chosen beside the list). */
  tenantId: string;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Add and edit of a user: the declaration's fields, the password twice on add (sent as md5), the seed's
 * phone checks, roles / departments / posts of the user's tenant, and the tenant for the super-admin.
 */
export function UserDialog({ mode, record, tenantId, onClose, onSaved }: UserDialogProps) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const superAdmin = useIsSuperAdmin();
  const [form] = Form.useForm<DeclaredRow>();
  const guard = useDiscardGuard(() => form.isFieldsTouched(), onClose);
  const { saving, run } = useSaving();
  const id = record?.id === undefined ? '' : String(record.id);
  const detail = useQuery({
    queryKey: resourceKeys.detail(def.key, id),
    queryFn: () => fetchDetail(def.api, id),
    enabled: mode === 'edit' && Boolean(id),
    gcTime: 0,
    staleTime: 0,
  });
  const loaded = mode === 'edit' ? { ...record, ...(detail.data ?? {}) } : null;
  const startTenant = String(loaded?.tenantId ?? tenantId);
  const chosenTenant = (Form.useWatch('tenantId', form) as string | undefined) ?? startTenant;
  const posts = useQuery({
    queryKey: systemKeys.postSelect(chosenTenant),
    queryFn: () => fetchPostSelect(chosenTenant),
  });

  // roles and departments of the user's tenant
  const tenantFields = useMemo(() => {
    const scoped = (name: string): FieldDef => {
      const own = field(name);
      return { ...own, tree: { ...own.tree!, url: `${own.tree!.url}?tenantId=${chosenTenant}` } };
    };
    return { roleId: scoped('roleId'), deptId: scoped('deptId') };
  }, [chosenTenant]);

  const initialValues = useMemo(() => {
    const values = initialFormValues(def, mode, loaded, {});
    values.tenantId = startTenant;
    values.postId = String(values.postId ?? '')
      .split(',')
      .filter(Boolean);
    return values;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [detail.data, mode, startTenant]);

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    const body = userSubmitBody(
      { ...form.getFieldsValue(true), ...values } as DeclaredRow,
      mode,
      loaded,
      superAdmin,
    );
    await run(async () => {
      await submitUser(body);
      void message.success(mode === 'add' ? t('crud.added') : t('crud.updated'));
      guard.release();
      onSaved();
      onClose();
    });
  };

  const item = (name: string, control?: React.ReactNode, span = 12, rules?: Rule[]) => {
    const own = field(name);
    const disabled = mode === 'edit' && own.editableOnEdit === false;
    return (
      <Col key={name} xs={24} sm={span} data-field-item={name}>
        <Form.Item name={name} label={own.label[lang]} rules={rules ?? fieldRules(def, own, lang, mode)}>
          {control ?? <FieldControl field={own} lang={lang} disabled={disabled} />}
        </Form.Item>
      </Col>
    );
  };

  return (
    <RecordDialogFrame
      title={`${mode === 'add' ? t('crud.addTitle') : t('crud.editTitle')} · ${def.title[lang]}`}
      width={880}
      onCancel={guard.close}
      testId="user-dialog"
      loading={mode === 'edit' && detail.isLoading}
      footer={
        <div className="psi-dialog-footer">
          <Button onClick={guard.close}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="dialog-submit">
            {mode === 'add' ? t('crud.save') : t('crud.update')}
          </Button>
        </div>
      }
    >
      <Form<DeclaredRow>
        form={form}
        layout="vertical"
        className="psi-resource-form"
        initialValues={initialValues}
        data-testid="resource-form"
      >
        <GridRow gutter={16}>
          {superAdmin && (
            <TenantField
              disabled={mode === 'edit'}
              onChange={() => form.setFieldsValue({ roleId: [], deptId: [], postId: [] })}
            />
          )}
          {item('account')}
          {mode === 'add' && <PasswordPair />}
          {item('name')}
          {item('realName')}
          {item('code')}
          {item('phone', undefined, 12, phoneRules(t))}
          {item('email')}
          {item('sex')}
          {item('birthday')}
          {item('userType')}
          {item('status')}
          {item('roleId', <FieldControl key={`r${chosenTenant}`} field={tenantFields.roleId} lang={lang} />)}
          {item('deptId', <FieldControl key={`d${chosenTenant}`} field={tenantFields.deptId} lang={lang} />)}
          {item(
            'postId',
            <Select
              mode="multiple"
              allowClear
              loading={posts.isLoading}
              options={(posts.data ?? []).map((post) => ({ value: String(post.id), label: post.postName }))}
              placeholder={field('postId').label[lang]}
              data-field="postId"
            />,
            12,
            [],
          )}
          {item('avatar', undefined, 24)}
        </GridRow>
      </Form>
    </RecordDialogFrame>
  );
}
