import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Input, Spin, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang, ResourceDef } from '@psi/db/model';
import type { TreeNode } from '../../api/types';
import { menuKeys } from '../../api/menu';
import { fetchMenuTree } from '../../api/system';
import { ResourcePage } from '../../components/resource/ResourcePage';
import { toTreeNodes } from '../../components/system/tree';
import '../../i18n/system';
import '../../components/tree-page.css';

function filterTree(nodes: readonly TreeNode[], text: string): TreeNode[] {
  if (!text) return [...nodes];
  const lower = text.toLowerCase();
  const out: TreeNode[] = [];
  for (const node of nodes) {
    const own = node.title.toLowerCase().includes(lower);
    const children = filterTree(node.children ?? [], text);
    if (own || children.length) out.push({ ...node, children: own ? node.children : children });
  }
  return out;
}

function findTitle(nodes: readonly TreeNode[], id: string): string {
  for (const node of nodes) {
    if (String(node.id) === id) return node.title;
    const found = findTitle(node.children ?? [], id);
    if (found) return found;
  }
  return '';
}

/**
 * Data scopes and api scopes (/authority/datascope, /authority/apiscope) per menu: the menu tree beside
 * the scopes of the chosen menu; a new scope belongs to that menu.
 */
export function ScopePage({ def }: { def: ResourceDef }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const [menuId, setMenuId] = useState('');
  const [text, setText] = useState('');
  const menus = useQuery({
    queryKey: menuKeys.tree(),
    queryFn: fetchMenuTree,
  });
  const treeData = useMemo(() => toTreeNodes(filterTree(menus.data ?? [], text.trim())), [menus.data, text]);
  const menuName = findTitle(menus.data ?? [], menuId);
  return (
    <div className="psi-tree-page">
      <Card
        className="psi-tree-page__tree psi-tree-page__tree--stacked"
        size="small"
        variant="borderless"
        title={t('sys.menus')}
      >
        <Input.Search
          allowClear
          placeholder={t('sys.menuSearch')}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {menus.isLoading ? (
          <Spin />
        ) : (
          <Tree
            blockNode
            key={text}
            defaultExpandAll={Boolean(text)}
            selectedKeys={menuId ? [menuId] : []}
            onSelect={(keys) => setMenuId(keys.length ? String(keys[0]) : '')}
            treeData={treeData}
            data-testid="scope-menu-tree"
          />
        )}
      </Card>
      <div className="psi-tree-page__main">
        <ResourcePage
          def={def}
          title={menuName ? `${def.title[lang]} · ${menuName}` : def.title[lang]}
          params={menuId ? { menuId } : undefined}
          fixedValues={menuId ? { menuId } : undefined}
          placeholder={menuId ? undefined : <Empty description={t('sys.pickMenu')} />}
        />
      </div>
    </div>
  );
}
