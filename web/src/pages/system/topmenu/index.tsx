import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MenuOutlined } from '@ant-design/icons';
import { App, Button, Modal, Spin, Tree } from 'antd';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { topMenuResource } from '@psi/db/model';
import { getData, postData } from '../../../api/request';
import type { TreeNode } from '../../../api/types';
import type { Row } from '../../../components/resource/model';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { testId, toTreeNodes } from '../shared/tree';
import { useCan } from '../shared/util';
import '../shared/i18n';

function leaves(nodes: readonly TreeNode[] = [], out = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (node.children?.length) leaves(node.children, out);
    else out.add(String(node.id));
  }
  return out;
}

function TopMenuGrant({ record, onClose }: { record: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const id = String(record.id);
  const tree = useQuery({
    queryKey: ['topmenu', 'grant-tree'],
    queryFn: () => getData<{ menu: TreeNode[] }>('/blade-system/menu/grant-top-tree'),
    gcTime: 0,
  });
  const keys = useQuery({
    queryKey: ['topmenu', 'keys', id],
    queryFn: () =>
      getData<{ menu: string[] }>('/blade-system/menu/top-tree-keys', { params: { topMenuIds: id } }),
    gcTime: 0,
    staleTime: 0,
  });
  const [changed, setChanged] = useState<{ checked: string[]; half: string[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const leafSet = leaves(tree.data?.menu);
  const granted = (keys.data?.menu ?? []).map(String);
  const checked = changed?.checked ?? granted.filter((key) => leafSet.has(key));
  const half = changed?.half ?? granted.filter((key) => !leafSet.has(key));
  const submit = async () => {
    setSaving(true);
    try {
      await postData('/blade-system/topmenu/grant', {
        topMenuIds: [id],
        menuIds: [...new Set([...checked, ...half])],
      });
      void message.success(t('crud.done'));
      onClose();
    } catch {
      // shown by the client
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('sys.topMenuSettingTitle', { name: String(record.name ?? '') })}
      width={520}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{
        loading: saving,
        disabled: !tree.data || !keys.data,
        ...testId('topmenu-grant-submit'),
      }}
      destroyOnHidden
      data-testid="topmenu-grant-dialog"
    >
      {!tree.data || !keys.data ? (
        <Spin />
      ) : (
        <Tree
          checkable
          blockNode
          height={420}
          treeData={toTreeNodes(tree.data.menu)}
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
    </Modal>
  );
}

/** Top menus (/system/topmenu): the list with the menus each top menu leads to. */
export default function TopMenuPage() {
  const { t } = useTranslation();
  const canSet = useCan('topmenu_setting');
  const [granting, setGranting] = useState<Row | null>(null);
  return (
    <>
      <ResourcePage
        def={topMenuResource}
        rowActions={
          canSet
            ? (record) => (
                <Button
                  type="link"
                  size="small"
                  icon={<MenuOutlined />}
                  onClick={() => setGranting(record)}
                  data-testid="row-topmenu-setting"
                >
                  {t('sys.topMenuSetting')}
                </Button>
              )
            : undefined
        }
      />
      {granting && <TopMenuGrant record={granting} onClose={() => setGranting(null)} />}
    </>
  );
}
