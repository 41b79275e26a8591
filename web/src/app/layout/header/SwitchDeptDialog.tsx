import { App, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { site } from '../../../config/site';
import { useSession } from '../../../stores/session';
import { useTabs } from '../../../stores/tabs';
import { useSwitchOptions } from './switch-options';
import { useSaving } from '../../../hooks/saving';
import { RequiredItem } from '../../../components/RequiredItem';
import { FormDialog } from '../../../components/FormDialog';

interface SwitchValues {
  deptId: string;
  roleId: string;
}

/** The department or role choice: its field, label, empty-choice message and test id follow from `kind`. */
function SwitchChoice({
  kind,
  loading,
  options,
}: {
  kind: 'dept' | 'role';
  loading: boolean;
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const required = t(`switchDept.${kind}Required`);
  return (
    <RequiredItem name={`${kind}Id`} label={t(`switchDept.${kind}`)} message={required}>
      <Select
        data-testid={`switch-${kind}`}
        allowClear
        loading={loading}
        placeholder={required}
        options={options}
      />
    </RequiredItem>
  );
}

/** Switch mode: choose another of the user's departments and roles; the token is refreshed with them. */
export default function SwitchDeptDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useSession((state) => state.userInfo);
  const [form] = Form.useForm<SwitchValues>();
  const { saving, run } = useSaving();
  const navigate = useNavigate();
  const { depts, roles } = useSwitchOptions(user?.user_id ?? '');

  const onFinish = async ({ deptId, roleId }: SwitchValues) => {
    await run(async () => {
      await useSession.getState().switchDeptRole(deptId, roleId);
      void message.success(t('switchDept.done'));
      onClose();
      // The open pages belonged to the previous role: start again from home with the new menus.
      useTabs.getState().reset();
      navigate(site.homePath);
    });
  };

  return (
    <FormDialog
      title={t('switchDept.title')}
      saving={saving}
      form={form}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<SwitchValues>
        form={form}
        layout="vertical"
        initialValues={{
          deptId: user?.dept_id?.split(',')[0] || undefined,
          roleId: user?.role_id?.split(',')[0] || undefined,
        }}
        onFinish={onFinish}
      >
        <SwitchChoice
          kind="dept"
          loading={depts.isLoading}
          options={(depts.data ?? []).map((dept) => ({ value: dept.id, label: dept.deptName }))}
        />
        <SwitchChoice
          kind="role"
          loading={roles.isLoading}
          options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.roleName }))}
        />
      </Form>
    </FormDialog>
  );
}
