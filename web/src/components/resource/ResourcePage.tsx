import { useMemo, useState, type ComponentType, type MouseEvent, type ReactNode } from 'react';
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  LoadingOutlined,
  PlusOutlined,
  ReloadOutlined,
  SubnodeOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, Table, Tooltip, type TableColumnsType, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang, ResourceDef } from '@psi/db/model';
import { site } from '../../config/site';
import { useSession } from '../../stores/session';
import { exportList, fetchList, removeRecords, resourceKeys, type ListParams } from '../../api/resource';
import { useLazyTree } from './lazy';
import { FieldValue, type FieldControlProps } from './fields';
import { buttonPermissions, searchFieldsOf, tableColumns, toQuery, type DialogMode, type Row } from './model';
import { ResourceDialog } from './ResourceDialog';
import { SearchBar } from './SearchBar';
import { headerMarks, shownColumns as arrangedColumns } from '../table/prefs';
import { TableSettings } from '../table/TableSettings';
import { useTablePrefs } from '../table/useTablePrefs';
import { selectAllTitle } from './SelectAllTitle';
import './resource.css';
import '../../i18n/shell';

export interface ResourcePageProps {
  def: ResourceDef;
  /** The list endpoint (default `{api}/list`), e.g. a dictionary's `parent-list`. */
  listUrl?: string;
  /** Filters every list call carries (e.g. the dictionary of a child list). */
  params?: ListParams;
  /** Values an add starts with, sent even where the field is not editable (a child's parent). */
  fixedValues?: Row;
  /** Own cells for some fields (by field name). */
  cells?: Record<string, (record: Row) => ReactNode>;
  /** More row buttons, after view / edit / delete. */
  rowActions?: (record: Row) => ReactNode;
  /** Own view of a row (a detail drawer) instead of the view dialog. */
  onView?: (record: Row) => void;
  /** More toolbar buttons, after add / delete / export. */
  toolbar?: ReactNode;
  /** Title above the table (default: the declaration's title). */
  title?: ReactNode;
  /** A row was clicked (master and detail lists); `selectedId` highlights it. */
  onRowClick?: (record: Row) => void;
  selectedId?: string;
  /** Key of the persisted column settings (default: the declaration's key). */
  settingsKey?: string;
  /** Shown instead of the table while the page has nothing to list (a child list without parent). */
  placeholder?: ReactNode;
  /** Narrow space (two lists side by side): small table, icon-only row buttons. */
  compact?: boolean;
  /** Own form controls for some fields of the add / edit dialog (by field name), e.g. an icon picker. */
  controls?: Record<string, ComponentType<FieldControlProps>>;
}

function idOf(record: Row): string {
  return String(record.id ?? '');
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

interface TreeExpandIconProps {
  prefixCls: string;
  expanded: boolean;
  expandable: boolean;
  record: Row;
  onExpand: (record: Row, event: MouseEvent<HTMLElement>) => void;
  loading: boolean;
  labels: { expand: string; collapse: string; loading: string };
}

/** antd's expand button of a tree row, or a spinner while the row's children load for the first time. */
function TreeExpandIcon({
  prefixCls,
  expanded,
  expandable,
  record,
  onExpand,
  loading,
  labels,
}: TreeExpandIconProps) {
  const icon = `${prefixCls}-row-expand-icon`;
  if (loading) {
    return (
      <span className="psi-tree-loading" role="status" aria-label={labels.loading} data-testid="row-loading">
        <LoadingOutlined />
      </span>
    );
  }
  return (
    <button
      type="button"
      className={[
        icon,
        !expandable ? `${icon}-spaced` : expanded ? `${icon}-expanded` : `${icon}-collapsed`,
      ].join(' ')}
      aria-label={expanded ? labels.collapse : labels.expand}
      aria-expanded={expanded}
      onClick={(event) => {
        event.stopPropagation();
        onExpand(record, event);
      }}
    />
  );
}

interface RowButtonProps {
  compact: boolean;
  icon: ReactNode;
  label: string;
  testId: string;
  danger?: boolean;
  onClick: () => void;
}

/** A row button: icon and text, or the icon with a tooltip where space is short. */
function RowButton({ compact, icon, label, testId, danger, onClick }: RowButtonProps) {
  if (compact) {
    return (
      <Tooltip title={label}>
        <Button
          type="link"
          size="small"
          danger={danger}
          icon={icon}
          aria-label={label}
          onClick={onClick}
          data-testid={testId}
        />
      </Tooltip>
    );
  }
  return (
    <Button type="link" size="small" danger={danger} icon={icon} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
}

/**
 * The generic resource screen built from a declaration (ARCHITECTURE.md "declare a resource once"): search
 * bar, toolbar and row buttons by button permission, table with index and selection columns, column
 * settings, paging, the add / edit / view dialog, bulk delete and export of the current filter.
 */
export function ResourcePage({
  def,
  listUrl,
  params,
  fixedValues,
  cells,
  rowActions,
  onView,
  toolbar,
  title,
  onRowClick,
  selectedId,
  settingsKey,
  placeholder,
  compact = false,
  controls,
}: ResourcePageProps) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const permission = useSession((state) => state.permission);
  const can = buttonPermissions(def, permission);

  const [filters, setFilters] = useState<ListParams>({});
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState<number>(site.pageSize);
  const [sort, setSort] = useState<{ ascs?: string; descs?: string }>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<{ mode: DialogMode; record: Row | null; fixed?: Row } | null>(null);
  const [exporting, setExporting] = useState(false);

  // a lazy tree (`def.lazy`) loads its roots, then each expanded row's children (`lazy-list`)
  const lazy = Boolean(def.lazy) && !listUrl;
  const url = listUrl ?? `${def.api}/list`;
  const query: ListParams = { ...filters, ...sort, ...params, current, size };
  const list = useQuery({
    queryKey: resourceKeys.list(def.key, url, query),
    queryFn: () => fetchList(url, query),
    placeholderData: keepPreviousData,
    enabled: !placeholder && !lazy,
  });
  const tree = useLazyTree(def, filters, params, !placeholder && lazy);
  const records = lazy ? tree.rows : (list.data?.records ?? []);
  const isTree = lazy || (list.data?.tree ?? false);
  const fetching = lazy ? tree.isFetching : list.isFetching;

  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(def.key) });

  const columns = useMemo(() => tableColumns(def, lang), [def, lang]);
  const tablePrefs = useTablePrefs(settingsKey ?? def.key, columns, compact ? 'small' : 'middle');
  const searchFields = useMemo(() => searchFieldsOf(def), [def]);

  const remove = (ids: string[]) => {
    if (ids.length === 0) {
      void message.warning(t('crud.selectOne'));
      return;
    }
    modal.confirm({
      title: t('common.tip'),
      content: t('crud.removeConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await removeRecords(def.api, ids);
        } catch {
          // The client already said why; the confirm closes (a rejection would keep it open and
          // surface as an unhandled rejection in the error log).
          return;
        }
        void message.success(t('crud.removed'));
        setSelected((previous) => previous.filter((id) => !ids.includes(id)));
        await refresh();
      },
    });
  };

  const exportCurrent = async () => {
    setExporting(true);
    try {
      await exportList(def.api, { ...filters, ...sort, ...params }, `${def.title[lang]}.xlsx`);
      void message.success(t('crud.exported'));
    } catch {
      // The client already said why.
    } finally {
      setExporting(false);
    }
  };

  const addChild = lazy && can.add && !placeholder;
  const hasRowButtons = can.view || can.edit || can.remove || addChild || Boolean(rowActions);
  const rowButtonCount = [can.view, can.edit, can.remove, addChild].filter(Boolean).length;
  const shownColumns = arrangedColumns(columns, tablePrefs.prefs);
  // a tree's expand icon and indentation sit in its first column: the row's name, not the tenant
  const treeColumns = isTree
    ? [
        ...shownColumns.filter((column) => column.field.name !== 'tenantId'),
        ...shownColumns.filter((column) => column.field.name === 'tenantId'),
      ]
    : shownColumns;
  const tableColumnsOut: TableColumnsType<Row> = [
    // a running number means nothing in a tree (it starts again on every level)
    ...(isTree
      ? []
      : [
          {
            title: '#',
            key: '__index',
            width: 56,
            align: 'center' as const,
            fixed: 'left' as const,
            render: (_value: unknown, _record: Row, index: number) => (current - 1) * size + index + 1,
          },
        ]),
    ...treeColumns.map((column) => ({
      key: column.field.name,
      dataIndex: column.field.name,
      title: column.title,
      width: column.width,
      align: column.align,
      onHeaderCell: headerMarks(column.key, column.priority),
      sorter: column.sortable && !isTree,
      render: (_value: unknown, record: Row) => {
        const content = cells?.[column.field.name]?.(record) ?? (
          <FieldValue field={column.field} lang={lang} record={record} />
        );
        // long texts are clipped inside their cell (the header never is)
        if (column.field.kind !== 'textarea' && column.field.kind !== 'text') return content;
        const text = record[column.field.name];
        return (
          <span
            className="psi-cell-clip"
            style={{ maxWidth: column.width ?? 220 }}
            title={typeof text === 'string' ? text : undefined}
          >
            {content}
          </span>
        );
      },
    })),
    ...(hasRowButtons
      ? [
          {
            key: '__actions',
            title: t('crud.actions'),
            onHeaderCell: headerMarks('__actions', 'actions'),
            fixed: 'right' as const,
            width: compact
              ? 24 + rowButtonCount * 32 + (rowActions ? 90 : 0)
              : 30 + rowButtonCount * 70 + (addChild ? 24 : 0) + (rowActions ? 96 : 0),
            render: (_value: unknown, record: Row) => (
              <Space size={0} className="psi-row-actions" onClick={(event) => event.stopPropagation()}>
                {can.view && (
                  <RowButton
                    compact={compact}
                    icon={<EyeOutlined />}
                    label={t('crud.view')}
                    testId="row-view"
                    onClick={() => (onView ? onView(record) : setDialog({ mode: 'view', record }))}
                  />
                )}
                {can.edit && (
                  <RowButton
                    compact={compact}
                    icon={<EditOutlined />}
                    label={t('crud.edit')}
                    testId="row-edit"
                    onClick={() => setDialog({ mode: 'edit', record })}
                  />
                )}
                {can.remove && (
                  <RowButton
                    compact={compact}
                    danger
                    icon={<DeleteOutlined />}
                    label={t('crud.delete')}
                    testId="row-delete"
                    onClick={() => remove([idOf(record)])}
                  />
                )}
                {addChild && (
                  <RowButton
                    compact={compact}
                    icon={<SubnodeOutlined />}
                    label={t('crud.addChild')}
                    testId="row-add-child"
                    onClick={() =>
                      setDialog({
                        mode: 'add',
                        record: null,
                        fixed: { ...fixedValues, parentId: idOf(record) },
                      })
                    }
                  />
                )}
                {rowActions?.(record)}
              </Space>
            ),
          },
        ]
      : []),
  ];

  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = single?.order ? String(single.columnKey ?? single.field ?? '') : '';
    const nextSort = field ? { [single.order === 'ascend' ? 'ascs' : 'descs']: snake(field) } : {};
    if (JSON.stringify(nextSort) !== JSON.stringify(sort)) {
      setSort(nextSort);
      setCurrent(1);
      return;
    }
    if (pagination.pageSize && pagination.pageSize !== size) {
      setSize(pagination.pageSize);
      setCurrent(1);
      return;
    }
    setCurrent(pagination.current ?? 1);
  };

  return (
    <Card
      className={compact ? 'psi-resource psi-resource--compact' : 'psi-resource'}
      title={title ?? def.title[lang]}
      size="small"
      variant="borderless"
      data-testid="resource-page"
      data-resource={def.key}
    >
      <SearchBar
        fields={searchFields}
        lang={lang}
        onSearch={(values) => {
          // A new search starts again on page 1 (spec section 2, "Generic list behaviour").
          const next = toQuery(def, values);
          // Searching again with the same filters on page 1 fetches the list again; otherwise the new
          // filters or page make a new query.
          if (current === 1 && JSON.stringify(next) === JSON.stringify(filters))
            void (lazy ? refresh() : list.refetch());
          setFilters(next);
          setCurrent(1);
          setSelected([]);
        }}
      />
      <div className="psi-toolbar">
        <Space wrap>
          {can.add && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={Boolean(placeholder)}
              onClick={() => setDialog({ mode: 'add', record: null })}
              data-testid="toolbar-add"
            >
              {t('crud.add')}
            </Button>
          )}
          {can.remove && (
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={() => remove(selected)}
              data-testid="toolbar-delete"
            >
              {t('crud.delete')}
            </Button>
          )}
          {can.export && (
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={() => void exportCurrent()}
              data-testid="toolbar-export"
            >
              {t('crud.export')}
            </Button>
          )}
          {toolbar}
        </Space>
        <Space>
          <Tooltip title={t('crud.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('crud.refresh')}
              onClick={() => void refresh()}
              data-testid="toolbar-refresh"
            />
          </Tooltip>
          <TableSettings
            columns={columns}
            prefs={tablePrefs.prefs}
            onChange={tablePrefs.save}
            onReset={tablePrefs.reset}
          />
        </Space>
      </div>
      {placeholder ?? (
        <Table<Row>
          rowKey={idOf}
          size={tablePrefs.prefs.density}
          className="psi-fit-table"
          tableLayout="auto"
          columns={tableColumnsOut}
          dataSource={records}
          loading={fetching}
          scroll={{ x: 'max-content' }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String)),
            preserveSelectedRowKeys: false,
            columnTitle: selectAllTitle,
          }}
          onChange={onTableChange}
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
            lazy
              ? {
                  expandedRowKeys: tree.expandedKeys,
                  onExpand: (open, record) => tree.toggle(idOf(record), open),
                  expandIcon: (props) => (
                    <TreeExpandIcon
                      {...props}
                      loading={tree.loadingKeys.has(idOf(props.record))}
                      labels={{
                        expand: t('crud.expand'),
                        collapse: t('crud.collapse'),
                        loading: t('crud.loadingChildren'),
                      }}
                    />
                  ),
                }
              : isTree
                ? { defaultExpandAllRows: false }
                : undefined
          }
          pagination={
            isTree
              ? false
              : {
                  current,
                  pageSize: size,
                  total: list.data?.total ?? 0,
                  pageSizeOptions: site.pageSizes.map(String),
                  showSizeChanger: true,
                  showQuickJumper: !compact,
                  showTotal: (total) => t('crud.total', { total }),
                }
          }
          data-testid="resource-table"
        />
      )}
      {dialog && (
        <ResourceDialog
          def={def}
          lang={lang}
          mode={dialog.mode}
          record={dialog.record}
          fixedValues={dialog.fixed ?? fixedValues}
          controls={controls}
          onClose={() => setDialog(null)}
          onSaved={(body) => {
            // a row added under a parent shows there: the parent opens (its children load)
            const parent = body.parentId === undefined || body.parentId === null ? '' : String(body.parentId);
            if (lazy && dialog.mode === 'add' && parent && parent !== '0') tree.expand(parent);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}
