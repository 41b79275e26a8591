import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeclaredRow } from './model';
import { idOf, TreeExpandIcon } from './ResourceColumns';
import { selectAllTitle } from './SelectAllTitle';
import type { useResourceList } from './useResourceList';

interface ResourceTableProps {
  rows: ReturnType<typeof useResourceList>;
  columns: TableColumnsType<DeclaredRow>;
  density: 'small' | 'middle' | 'large';
  compact: boolean;
  onRowClick?: (record: DeclaredRow) => void;
  selectedId?: string;
}

/** The rows of a resource screen: selectable, sortable, paged, or a (lazy) tree that expands. */
export function ResourceTable({
  rows,
  columns,
  density,
  compact,
  onRowClick,
  selectedId,
}: ResourceTableProps) {
  const { t } = useTranslation();
  return (
    <Table<DeclaredRow>
      rowKey={idOf}
      size={density}
      className="psi-fit-table"
      tableLayout="auto"
      columns={columns}
      dataSource={rows.records}
      loading={rows.fetching}
      scroll={{ x: 'max-content' }}
      rowSelection={{
        selectedRowKeys: rows.selected,
        onChange: (keys) => rows.setSelected(keys.map(String)),
        preserveSelectedRowKeys: false,
        columnTitle: selectAllTitle,
      }}
      onChange={rows.onTableChange}
      rowClassName={(record) =>
        [
          onRowClick ? 'psi-row--clickable' : '',
          selectedId && idOf(record) === selectedId ? 'psi-row--active' : '',
        ]
          .filter(Boolean)
          .join(' ')
      }
      onRow={onRowClick ? (record) => ({ onClick: () => onRowClick(record) }) : undefined}
      expandable={
        rows.lazy
          ? {
              expandedRowKeys: rows.tree.expandedKeys,
              onExpand: (open, record) => rows.tree.toggle(idOf(record), open),
              expandIcon: (props) => (
                <TreeExpandIcon
                  {...props}
                  loading={rows.tree.loadingKeys.has(idOf(props.record))}
                  labels={{
                    expand: t('crud.expand'),
                    collapse: t('crud.collapse'),
                    loading: t('crud.loadingChildren'),
                  }}
                />
              ),
            }
          : rows.isTree
            ? { defaultExpandAllRows: false }
            : undefined
      }
      pagination={
        rows.isTree
          ? false
          : // the table's onChange turns the page (with the sort), so the pager itself needs none
            { ...rows.pagination, onChange: undefined, showQuickJumper: !compact }
      }
      data-testid="resource-table"
    />
  );
}
