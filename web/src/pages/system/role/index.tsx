import { useState } from 'react';
import { SafetyOutlined } from '@ant-design/icons';
import { RowButton } from '../../../components/resource/ResourceColumns';

import { useTranslation } from 'react-i18next';
import { roleResource } from '@psi/db/model';
import type { Row } from '../../../components/resource/model';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { useCan } from '../../../hooks/permission';
import { RoleGrantDialog } from './RoleGrantDialog';
import '../../../components/system/i18n';

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
                <RowButton
                  icon={<SafetyOutlined />}
                  label={t('sys.grant')}
                  testId="row-grant"
                  onClick={() => setGranting(record)}
                />
              )
            : undefined
        }
      />
      {granting && <RoleGrantDialog role={granting} onClose={() => setGranting(null)} />}
    </>
  );
}
