import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { roleResource } from '@psi/db/model';
import { RowDialogPage } from '../../../components/resource/RowDialogPage';
import { useCan } from '../../../hooks/permission';
import { RoleGrantDialog } from './RoleGrantDialog';
import '../../../i18n/system';

/** Roles (/authority/role): the tree list with the grant dialog of menus, data scopes and api scopes. */
export default function RolePage() {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <RowDialogPage
      def={roleResource}
      allowed={can('role_grant')}
      button={{ icon: <SafetyOutlined />, label: t('sys.grant'), testId: 'row-grant' }}
      dialog={(record, close) => <RoleGrantDialog role={record} onClose={close} />}
    />
  );
}
