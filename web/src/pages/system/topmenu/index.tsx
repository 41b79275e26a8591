import { useState } from 'react';
import { RowDialogPage } from '../../../components/resource/RowDialogPage';
import { MenuOutlined } from '@ant-design/icons';
import { Spin, Tree } from 'antd';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { topMenuResource } from '@psi/db/model';
import { fetchTopMenuGrantTree, fetchTopMenuKeys, grantTopMenu, systemKeys } from '../../../api/system';
import type { DeclaredRow } from '../../../components/resource/model';
import { leafKeys, useGrantSources } from '../../../components/system/grant';
import { toTreeNodes } from '../../../components/system/tree';
import { ActionDialog } from '../../../components/system/ActionDialog';
import { useCan } from '../../../hooks/permission';
import '../../../i18n/system';

function TopMenuGrant({ record, onClose }: { record: DeclaredRow; onClose: () => void }) {
  const { t } = useTranslation();
  const id = String(record.id);
  const { tree, keys } = useGrantSources(
    { queryKey: systemKeys.topMenuGrantTree(), queryFn: fetchTopMenuGrantTree },
    { queryKey: systemKeys.topMenuKeys(id), queryFn: () => fetchTopMenuKeys(id) },
  );
  const [changed, setChanged] = useState<{ checked: string[]; half: string[] } | null>(null);
  const leafSet = leafKeys(tree.data?.menu);
  const granted = (keys.data?.menu ?? []).map(String);
  const checked = changed?.checked ?? granted.filter((key) => leafSet.has(key));
  const half = changed?.half ?? granted.filter((key) => !leafSet.has(key));
  const ready = Boolean(tree.data && keys.data);
  return (
    <ActionDialog
      title={t('sys.topMenuSettingTitle', { name: String(record.name ?? '') })}
      id="topmenu-grant-dialog"
      submitId="topmenu-grant-submit"
      submitDisabled={!ready}
      onSubmit={() => grantTopMenu(id, [...new Set([...checked, ...half])])}
      onClose={onClose}
    >
      {!ready ? (
        <Spin />
      ) : (
        <Tree
          checkable
          blockNode
          height={420}
          treeData={toTreeNodes(tree.data?.menu ?? [])}
          checkedKeys={checked}
          onCheck={(next, info) =>
            setChanged({
              checked: (Array.isArray(next) ? next : next.checked).map((key: Key) => String(key)),
              half: (info.halfCheckedKeys ?? []).map((key: Key) => String(key)),
            })
          }
          data-testid="topmenu-grant-tree"
        />
      )}
    </ActionDialog>
  );
}

/** Top menus (/system/topmenu): the list with the menus each top menu leads to. */
export default function TopMenuPage() {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <RowDialogPage
      def={topMenuResource}
      allowed={can('topmenu_setting')}
      button={{ icon: <MenuOutlined />, label: t('sys.topMenuSetting'), testId: 'row-topmenu-setting' }}
      dialog={(record, close) => <TopMenuGrant record={record} onClose={close} />}
    />
  );
}
