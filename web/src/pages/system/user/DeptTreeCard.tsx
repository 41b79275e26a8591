import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Input, Select, Spin, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchDeptTree, systemKeys, type TenantOption } from '../../../api/system';
import type { TreeNode } from '../../../api/types';
import { toTreeNodes } from '../../../components/system/tree';

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

interface DeptTreeCardProps {
  /** The tenant choice, shown to the super-admin only (`tenants` set). */
  tenants?: TenantOption[];
  tenantId: string;
  onTenant: (tenantId: string) => void;
  /** The tenant whose departments are shown. */
  treeTenant: string;
  deptId: string;
  onDept: (deptId: string) => void;
}

/** The department tree of a tenant beside the user list, searchable; choosing a department filters it. */
export function DeptTreeCard({ tenants, tenantId, onTenant, treeTenant, deptId, onDept }: DeptTreeCardProps) {
  const { t } = useTranslation();
  const [treeSearch, setTreeSearch] = useState('');
  const depts = useQuery({
    queryKey: systemKeys.deptTree(treeTenant),
    queryFn: () => fetchDeptTree(treeTenant),
  });
  const treeData = useMemo(
    () => toTreeNodes(filterTree(depts.data ?? [], treeSearch.trim())),
    [depts.data, treeSearch],
  );
  return (
    <Card
      className="psi-tree-page__tree psi-tree-page__tree--stacked"
      size="small"
      variant="borderless"
      title={t('sys.deptTree')}
    >
      {tenants && (
        <Select
          className="psi-tree-page__tree-filter"
          value={tenantId}
          onChange={onTenant}
          showSearch={{ optionFilterProp: 'label' }}
          options={[
            { value: '', label: t('sys.allTenants') },
            ...tenants.map((tenant) => ({
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
          onSelect={(keys) => onDept(keys.length ? String(keys[0]) : '')}
          treeData={treeData}
          data-testid="user-dept-tree"
        />
      )}
    </Card>
  );
}
