import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Form, Input, Select, Space, TreeSelect, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { userResource, type Lang } from '@psi/db/model';
import {
  downloadUserTemplate,
  fetchRoleTree,
  fetchUserPlatform,
  grantUserRoles,
  importUsers,
  systemKeys,
  updateUserPlatform,
} from '../../../api/system';
import type { DeclaredRow } from '../../../components/resource/model';
import { idList } from '../../../components/system/util';
import { testId, toSelectNodes } from '../../../components/system/tree';
import { ActionDialog } from '../../../components/system/ActionDialog';
import { useSaving } from '../../../hooks/saving';
import { jsonObjectRule } from '../../../utils/json-rule';
import '../../../i18n/system';
import { FormDialog } from '../../../components/FormDialog';

/** What a dialog about one user gets. */
interface RowDialogProps {
  record: DeclaredRow;
  onClose: () => void;
  onSaved: () => void;
}

/** `grant` (userIds, roleIds): the roles of the user's tenant. */
export function UserRoleDialog({ record, onClose, onSaved }: RowDialogProps) {
  const { t } = useTranslation();
  const roles = useQuery({
    queryKey: systemKeys.roleTree(String(record.tenantId)),
    queryFn: () => fetchRoleTree(String(record.tenantId)),
  });
  return (
    <ActionDialog<{ roleIds: string[] }>
      title={t('sys.roleGrantTitle', { name: String(record.account ?? '') })}
      id="user-role-dialog"
      submitId="user-role-submit"
      width={480}
      initialValues={{ roleIds: idList(record.roleId) }}
      onSubmit={(values) => grantUserRoles(String(record.id), values.roleIds)}
      onDone={onSaved}
      onClose={onClose}
    >
      <Form.Item
        name="roleIds"
        label={t('sys.roleGrant')}
        rules={[{ required: true, type: 'array', min: 1, message: t('sys.rolesRequired') }]}
      >
        <TreeSelect
          treeCheckable
          treeDefaultExpandAll
          showCheckedStrategy={TreeSelect.SHOW_ALL}
          loading={roles.isLoading}
          treeData={toSelectNodes(roles.data ?? [])}
          data-field="roleIds"
        />
      </Form.Item>
    </ActionDialog>
  );
}

/** `update-platform` (userId, userType, userExt) from `platform-detail`. */
export function UserPlatformDialog({ record, onClose, onSaved }: RowDialogProps) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const detail = useQuery({
    queryKey: systemKeys.userPlatform(String(record.id)),
    queryFn: () => fetchUserPlatform(String(record.id)),
    gcTime: 0,
  });
  const typeField = userResource.fields.find((f) => f.name === 'userType');
  return (
    <ActionDialog<{ userType: number; userExt?: string }>
      title={t('sys.platformTitle', { name: String(record.account ?? '') })}
      id="user-platform-dialog"
      submitId="user-platform-submit"
      width={560}
      submitDisabled={!detail.data}
      onSubmit={(values) =>
        updateUserPlatform(String(record.id), values.userType, values.userExt?.trim() ?? '')
      }
      onDone={onSaved}
      onClose={onClose}
    >
      {/* the fields mount with the loaded values as their initial ones */}
      {detail.data && (
        <>
          <Form.Item
            name="userType"
            label={t('sys.userType')}
            rules={[{ required: true }]}
            initialValue={Number(detail.data.userType ?? 1)}
          >
            <Select
              options={(typeField?.options ?? []).map((option) => ({
                value: option.value,
                label: option.label[lang],
              }))}
              data-field="userType"
            />
          </Form.Item>
          <Form.Item
            name="userExt"
            label={t('sys.userExt')}
            initialValue={detail.data.userExt ?? ''}
            rules={[jsonObjectRule(t('sys.userExtInvalid'))]}
          >
            <Input.TextArea rows={4} placeholder='{"key": "value"}' data-field="userExt" />
          </Form.Item>
        </>
      )}
    </ActionDialog>
  );
}

/** `import-user` (multipart file, isCovered) with the template download. */
export function UserImportDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [covered, setCovered] = useState(false);
  const { saving, run } = useSaving();
  const submit = async () => {
    if (!file) {
      void message.warning(t('sys.importPick'));
      return;
    }
    await run(async () => {
      await importUsers(file, covered);
      void message.success(t('sys.imported'));
      onSaved();
      onClose();
    });
  };
  return (
    <FormDialog
      title={t('sys.importTitle')}
      width={520}
      onCancel={onClose}
      dirty={() => file !== null}
      onOk={() => void submit()}
      saving={saving}
      okButtonProps={testId('user-import-submit')}
      destroyOnHidden
      data-testid="user-import-dialog"
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Upload
          accept=".xlsx"
          maxCount={1}
          beforeUpload={(picked) => {
            setFile(picked);
            return false;
          }}
          onRemove={() => setFile(null)}
        >
          <Button icon={<UploadOutlined />} data-testid="user-import-pick">
            {t('sys.importPick')}
          </Button>
        </Upload>
        <Checkbox checked={covered} onChange={(event) => setCovered(event.target.checked)}>
          {t('sys.importCovered')}
        </Checkbox>
        <Button
          type="link"
          style={{ paddingInline: 0 }}
          onClick={() => void downloadUserTemplate().catch(() => undefined)}
          data-testid="user-import-template"
        >
          {t('sys.importTemplate')}
        </Button>
      </Space>
    </FormDialog>
  );
}
