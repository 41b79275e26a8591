import { useState } from 'react';
import { SafetyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleResource } from '@psi/db/model';
import type { Row } from '../../../components/resource/model';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { useCan } from '../../../hooks/permission';
import { RoleGrantDialog } from './RoleGrantDialog';
import '../../../i18n/system';

/** Roles (/authority/role): the tree list with the grant dialog of menus, data scopes and api scopes. */
export default function RolePage() {
  const { t } = useTranslation();
  const can = useCan();
  const canGrant = can('role_grant');
  const [granting, setGranting] = useState<Row | null>(null);
  return (
    <>
      <ResourcePage
        def={roleResource}
        rowActions={
          canGrant
            ? (record) => (
                <Button
                  type="link"
                  size="small"
                  icon={<SafetyOutlined />}
                  onClick={() => setGranting(record)}
                  data-testid="row-grant"
                >
                  {t('sys.grant')}
                </Button>
              )
            : undefined
        }
      />
      {granting && <RoleGrantDialog role={granting} onClose={() => setGranting(null)} />}
    </>
  );
}
