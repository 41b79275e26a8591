import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CheckCircleOutlined,
  DownOutlined,
  EditOutlined,
  ImportOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { App, Button, Card, Dropdown, Input, Select, Spin, Tree, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { userResource } from '@psi/db/model';
import { postData } from '../../../api/request';
import type { TreeNode } from '../../../api/types';
import { fetchTree } from '../../../components/resource/api';
import { adaptResource, type Row } from '../../../components/resource/model';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { useSession } from '../../../stores/session';
import { useCan, useIsSuperAdmin } from '../../../components/system/util';
import { UserImportDialog, UserPlatformDialog, UserRoleDialog } from './UserActions';
import { UserDialog, useTenantOptions } from './UserDialog';
import { toTreeNodes } from '../../../components/system/tree';
import '../../../components/system/i18n';
import '../../../components/system/user.css';

/** The list's own add and edit (password twice, phone checks, tenant); the engine keeps view and delete. */
const listDef = adaptResource(userResource, {
  resource: { ops: { ...userResource.ops, add: false, edit: false } },
});

type Dialog = { kind: 'add' } | { kind: 'edit' | 'role' | 'platform'; record: Row } | { kind: 'import' };

function filterTree(nodes: readonly TreeNode[], text: string): TreeNode[] {
  if (!text) return [...nodes];
  const out: TreeNode[] = [];
  for (const node of nodes) {
    const children = filterTree(node.children ?? [], text);
    if (node.title.toLowerCase().includes(text.toLowerCase()) || children.length)
      out.push({
        ...node,
        children: node.title.toLowerCase().includes(text.toLowerCase()) ? node.children : children,
      });
  }
  return out;
}

/**
 * Users (/system/user): the department tree of a tenant beside the list (a department lists its own users
 * and those of every department below), add / edit with the password twice, role grant, password reset,
 * unlock, platform settings, approval of pending registrations, import with its template and export.
 */
export default function UserPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const superAdmin = useIsSuperAdmin();
  const ownTenant = useSession((state) => state.userInfo?.tenant_id ?? '000000');
  const [tenantId, setTenantId] = useState<string>('');
  const [deptId, setDeptId] = useState<string>('');
  const [treeSearch, setTreeSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const can = {
    add: useCan('user_add'),
    edit: useCan('user_edit'),
    role: useCan('user_role'),
    reset: useCan('user_reset'),
    unlock: useCan('user_unlock'),
    platform: useCan('user_platform'),
    import: useCan('user_import'),
  };
  const tenants = useTenantOptions(superAdmin);
  const treeTenant = superAdmin ? tenantId || ownTenant : ownTenant;
  const depts = useQuery({
    queryKey: ['dept', 'tree', treeTenant],
    queryFn: () => fetchTree(`/blade-system/dept/tree?tenantId=${treeTenant}`),
  });
  const treeData = useMemo(
    () => toTreeNodes(filterTree(depts.data ?? [], treeSearch.trim())),
    [depts.data, treeSearch],
  );

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['user'] });
  const params: Record<string, string> = {};
  if (deptId) params.deptId = deptId;
  if (superAdmin && tenantId) params.tenantId = tenantId;

  const confirmCall = (title: string, url: string, body: Record<string, string>) =>
    modal.confirm({
      title: t('common.tip'),
      content: title,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        // a refusal is toasted by the client; the confirm closes either way
        if (
          !(await postData(url, null, { params: body }).then(
            () => true,
            () => false,
          ))
        )
          return;
        void message.success(t('crud.done'));
        refresh();
      },
    });

  const rowActions = (record: Row) => {
    const id = String(record.id);
    const items: NonNullable<MenuProps['items']> = [
      ...(can.role ? [{ key: 'role', label: t('sys.roleGrant') }] : []),
      ...(can.reset ? [{ key: 'reset', label: t('sys.resetPassword') }] : []),
      ...(can.unlock ? [{ key: 'unlock', label: t('sys.unlock') }] : []),
      ...(can.platform ? [{ key: 'platform', label: t('sys.platform') }] : []),
    ];
    const onMore: MenuProps['onClick'] = ({ key }) => {
      if (key === 'role') setDialog({ kind: 'role', record });
      if (key === 'platform') setDialog({ kind: 'platform', record });
      if (key === 'reset') confirmCall(t('sys.resetConfirm'), '/blade-user/reset-password', { userIds: id });
      if (key === 'unlock') confirmCall(t('sys.unlockConfirm'), '/blade-user/unlock', { userIds: id });
    };
    return (
      <>
        {can.edit && (
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => setDialog({ kind: 'edit', record })}
            data-testid="row-edit"
          >
            {t('crud.edit')}
          </Button>
        )}
        {can.edit && Number(record.status) === 2 && (
          <Button
            type="link"
            size="small"
            icon={<CheckCircleOutlined />}
            onClick={() =>
              modal.confirm({
                title: t('common.tip'),
                content: t('sys.approveConfirm', { account: String(record.account) }),
                okText: t('common.ok'),
                cancelText: t('common.cancel'),
                onOk: async () => {
                  const approved = await postData('/blade-user/update', { id, status: 1 }).then(
                    () => true,
                    () => false,
                  );
                  if (!approved) return;
                  void message.success(t('crud.done'));
                  refresh();
                },
              })
            }
            data-testid="row-approve"
          >
            {t('sys.approve')}
          </Button>
        )}
        {items.length > 0 && (
          <Dropdown menu={{ items, onClick: onMore }} trigger={['click']}>
            <Button type="link" size="small" data-testid="row-more">
              {t('sys.more')} <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </>
    );
  };

  return (
    <div className="psi-user-page">
      <Card className="psi-user-page__tree" size="small" variant="borderless" title={t('sys.deptTree')}>
        {superAdmin && (
          <Select
            className="psi-user-page__tenant"
            value={tenantId}
            onChange={(next: string) => {
              setTenantId(next);
              setDeptId('');
            }}
            showSearch={{ optionFilterProp: 'label' }}
            options={[
              { value: '', label: t('sys.allTenants') },
              ...(tenants.data ?? []).map((tenant) => ({
                value: tenant.tenantId,
                label: `${tenant.tenantId} ${tenant.tenantName}`,
              })),
            ]}
            aria-label={t('sys.tenantFilter')}
            data-testid="user-tenant"
          />
        )}
        <Input.Search
          allowClear
          placeholder={t('sys.deptSearch')}
          value={treeSearch}
          onChange={(event) => setTreeSearch(event.target.value)}
          data-testid="user-dept-search"
        />
        {depts.isLoading ? (
          <Spin />
        ) : (
          <Tree
            blockNode
            defaultExpandAll
            key={`${treeTenant}-${treeSearch}`}
            selectedKeys={deptId ? [deptId] : []}
            onSelect={(keys) => setDeptId(keys.length ? String(keys[0]) : '')}
            treeData={treeData}
            data-testid="user-dept-tree"
          />
        )}
      </Card>
      <div className="psi-user-page__list">
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
      {dialog?.kind === 'add' && (
        <UserDialog
          mode="add"
          record={null}
          tenantId={treeTenant}
          onClose={() => setDialog(null)}
          onSaved={refresh}
        />
      )}
      {dialog?.kind === 'edit' && (
        <UserDialog
          mode="edit"
          record={dialog.record}
          tenantId={treeTenant}
          onClose={() => setDialog(null)}
          onSaved={refresh}
        />
      )}
      {dialog?.kind === 'role' && (
        <UserRoleDialog record={dialog.record} onClose={() => setDialog(null)} onSaved={refresh} />
      )}
      {dialog?.kind === 'platform' && (
        <UserPlatformDialog record={dialog.record} onClose={() => setDialog(null)} onSaved={refresh} />
      )}
      {dialog?.kind === 'import' && <UserImportDialog onClose={() => setDialog(null)} onSaved={refresh} />}
    </div>
  );
}
