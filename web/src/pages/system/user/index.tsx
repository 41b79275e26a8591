import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { userResource } from '@psi/db/model';
import { resourceKeys } from '../../../api/resource';
import { userPlatformOnLine } from '../../../api/system';
import { adaptResource, type DeclaredRow } from '../../../components/resource/model';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { useSession } from '../../../stores/session';
import { useCan, useIsSuperAdmin } from '../../../hooks/permission';
import { DeptTreeCard } from './DeptTreeCard';
import { UserImportDialog, UserPlatformDialog, UserRoleDialog } from './UserActions';
import { UserDialog, useTenantOptions } from './UserDialog';
import { useUserRowActions } from './UserRowActions';
import '../../../i18n/system';
import '../../../components/tree-page.css';

/** The list's own add and edit (password twice, phone checks, tenant); the engine keeps view and delete. */
const listDef = adaptResource(userResource, {
  resource: { ops: { ...userResource.ops, add: false, edit: false } },
});

type Dialog =
  { kind: 'add' } | { kind: 'edit' | 'role' | 'platform'; record: DeclaredRow } | { kind: 'import' };

/**
 * Users (/system/user): the department tree of a tenant beside the list (a department lists its own users
 * and those of every department below), add / edit with the password twice, role grant, password reset,
 * unlock, platform settings, approval of pending registrations, import with its template and export.
 */
export default function UserPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const superAdmin = useIsSuperAdmin();
  const ownTenant = useSession((state) => state.userInfo?.tenant_id ?? '000000');
  const [tenantId, setTenantId] = useState<string>('');
  const [deptId, setDeptId] = useState<string>('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const has = useCan();
  const can = {
    add: has('user_add'),
    edit: has('user_edit'),
    role: has('user_role'),
    reset: has('user_reset'),
    unlock: has('user_unlock'),
    platform: userPlatformOnLine && has('user_platform'),
    import: has('user_import'),
  };
  const tenants = useTenantOptions(superAdmin);
  const treeTenant = superAdmin ? tenantId || ownTenant : ownTenant;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: resourceKeys.all(userResource.key) });
  const rowActions = useUserRowActions(can, (kind, record) => setDialog({ kind, record }), refresh);
  const params: Record<string, string> = {};
  if (deptId) params.deptId = deptId;
  if (superAdmin && tenantId) params.tenantId = tenantId;
  const close = () => setDialog(null);

  return (
    <div className="psi-tree-page">
      <DeptTreeCard
        tenants={superAdmin ? (tenants.data ?? []) : undefined}
        tenantId={tenantId}
        onTenant={(next) => {
          setTenantId(next);
          setDeptId('');
        }}
        treeTenant={treeTenant}
        deptId={deptId}
        onDept={setDeptId}
      />
      <div className="psi-tree-page__main">
        <ResourcePage
          def={listDef}
          params={params}
          settingsKey="user"
          rowActions={rowActions}
          toolbar={
            <>
              {can.add && (
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setDialog({ kind: 'add' })}
                  data-testid="toolbar-add"
                >
                  {t('crud.add')}
                </Button>
              )}
              {can.import && (
                <Button
                  icon={<ImportOutlined />}
                  onClick={() => setDialog({ kind: 'import' })}
                  data-testid="toolbar-import"
                >
                  {t('sys.import')}
                </Button>
              )}
            </>
          }
        />
      </div>
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <UserDialog
          mode={dialog.kind}
          record={dialog.kind === 'edit' ? dialog.record : null}
          tenantId={treeTenant}
          onClose={close}
          onSaved={refresh}
        />
      )}
      {dialog?.kind === 'role' && <UserRoleDialog record={dialog.record} onClose={close} onSaved={refresh} />}
      {dialog?.kind === 'platform' && (
        <UserPlatformDialog record={dialog.record} onClose={close} onSaved={refresh} />
      )}
      {dialog?.kind === 'import' && <UserImportDialog onClose={close} onSaved={refresh} />}
    </div>
  );
}
