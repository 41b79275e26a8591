import { useState } from 'react';
import { App, Modal, Spin, Tabs, Tree } from 'antd';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchGrantTree,
  fetchRoleTreeKeys,
  grantRole,
  systemKeys,
  type GrantKeys,
  type GrantTree,
} from '../../../api/system';
import type { DeclaredRow } from '../../../components/resource/model';
import { leafKeys, useGrantSources } from '../../../components/system/grant';
import { testId, toTreeNodes } from '../../../components/system/tree';
import { useSaving } from '../../../hooks/saving';
import '../../../i18n/system';
import { FormDialog } from '../../../components/FormDialog';

type Part = keyof GrantKeys;
const parts: Part[] = ['menu', 'dataScope', 'apiScope'];

/**
 * The role grant dialog: menus (with their buttons), data scopes and api scopes, each a checkable tree
 * from `menu/grant-tree`, checked from `menu/role-tree-keys`. Only leaves start checked (so a partly
 * granted menu shows half checked); the grant sends checked and half-checked keys.
 */
export function RoleGrantDialog({ role, onClose }: { role: DeclaredRow; onClose: () => void }) {
  const { t } = useTranslation();
  const roleId = String(role.id);
  const { tree: trees, keys } = useGrantSources(
    { queryKey: systemKeys.roleGrantTree(), queryFn: fetchGrantTree },
    { queryKey: systemKeys.roleTreeKeys(roleId), queryFn: () => fetchRoleTreeKeys(roleId) },
  );
  const title = t('sys.grantTitle', { name: String(role.roleName ?? '') });
  if (!trees.data || !keys.data) {
    return (
      <Modal open title={title} width={520} onCancel={onClose} footer={null} data-testid="role-grant-dialog">
        <Spin />
      </Modal>
    );
  }
  return <GrantForm roleId={roleId} title={title} trees={trees.data} granted={keys.data} onClose={onClose} />;
}

interface GrantFormProps {
  roleId: string;
  title: string;
  trees: GrantTree;
  granted: GrantKeys;
  onClose: () => void;
}

function GrantForm({ roleId, title, trees, granted, onClose }: GrantFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const leavesOf = (part: Part) => leafKeys(trees[part]);
  const [checked, setChecked] = useState<Record<Part, string[]>>(() => {
    const start = (part: Part) => {
      const leaves = leavesOf(part);
      return (granted[part] ?? []).map(String).filter((key) => leaves.has(key));
    };
    return { menu: start('menu'), dataScope: start('dataScope'), apiScope: start('apiScope') };
  });
  // parents granted above some children are sent again unless the user changes that tree
  const [half, setHalf] = useState<Record<Part, string[]>>(() => {
    const parents = (part: Part) => {
      const leaves = leavesOf(part);
      return (granted[part] ?? []).map(String).filter((key) => !leaves.has(key));
    };
    return { menu: parents('menu'), dataScope: parents('dataScope'), apiScope: parents('apiScope') };
  });
  const { saving, run } = useSaving();
  // a tick the user set or cleared is work that closing would throw away
  const [changed, setChanged] = useState(false);

  const submit = async () => {
    const ids = (part: Part) => [...new Set([...checked[part], ...half[part]])];
    await run(async () => {
      await grantRole(roleId, { menu: ids('menu'), dataScope: ids('dataScope'), apiScope: ids('apiScope') });
      void message.success(t('sys.granted'));
      onClose();
    });
  };

  const labels: Record<Part, string> = {
    menu: t('sys.menuTab'),
    dataScope: t('sys.dataTab'),
    apiScope: t('sys.apiTab'),
  };

  return (
    <FormDialog
      title={title}
      width={520}
      onCancel={onClose}
      dirty={() => changed}
      onOk={() => void submit()}
      saving={saving}
      okButtonProps={testId('grant-submit')}
      destroyOnHidden
      data-testid="role-grant-dialog"
    >
      <Tabs
        items={parts.map((part) => ({
          key: part,
          label: labels[part],
          children: (
            <div className="psi-grant-tree" data-testid={`grant-tree-${part}`}>
              <Tree
                checkable
                blockNode
                height={420}
                treeData={toTreeNodes(trees[part])}
                checkedKeys={checked[part]}
                onCheck={(next, info) => {
                  const list = (Array.isArray(next) ? next : next.checked).map((key: Key) => String(key));
                  setChanged(true);
                  setChecked((previous) => ({ ...previous, [part]: list }));
                  setHalf((previous) => ({
                    ...previous,
                    [part]: (info.halfCheckedKeys ?? []).map((key: Key) => String(key)),
                  }));
                }}
              />
            </div>
          ),
        }))}
      />
    </FormDialog>
  );
}
