import { useState, type ReactNode } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQueries, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Card,
  Form,
  Input,
  Space,
  Table,
  Tabs,
  Tooltip,
  type TableColumnType,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { columnPriority, type ResourceDef } from '@psi/db/model';
import { exportList, type ListParams } from '../../api/resource';
import { ExportButton } from '../../components/ExportButton';
import { useExporter } from '../../hooks/export';
import { headerMarks, shownColumns, type ColumnMeta } from '../../components/table/prefs';
import { SearchForm } from '../../components/table/SearchForm';
import { TableSettings } from '../../components/table/TableSettings';
import { useTablePrefs } from '../../components/table/useTablePrefs';
import { usePagedList } from '../../hooks/usePagedList';
import { page, psiKeys, type DeclaredRow, type Params, type PsiRoute } from '../../api/psi';
import { statusCodes, useStatusLabel, type StatusKind } from './status';
import './psi.css';

export interface DocListProps {
  /** Query key root; invalidating `['psi', root]` refreshes the list and its counts. */
  root: string;
  /** List endpoint under /blade-psi, e.g. `purchaseorderyypt/list`. */
  endpoint: PsiRoute;
  /** Whether the declaration's `{api}/export` downloads the current filter. */
  exportable?: boolean;
  exportName?: string;
  statusKind: StatusKind;
  statusField?: string;
  title: ReactNode;
  /** The declaration of the listed documents: each column's priority comes from its field. */
  resource: ResourceDef;
  /** Columns keyed by field name; the `actions` column stays last, fixed on the right. */
  columns: TableColumnsType<DeclaredRow>;
  /** Text filters of the search bar: field name → label. */
  searchFields: Record<string, string>;
  toolbar?: ReactNode;
  /** Filters every call carries. */
  params?: Params;
  onRowClick?: (row: DeclaredRow) => void;
}

/** A document list with one tab per status, each with its count, a search bar, paging and export. */
export function DocList({
  root,
  endpoint,
  exportable,
  exportName,
  statusKind,
  statusField = 'orderStatus',
  title,
  resource,
  columns,
  searchFields,
  toolbar,
  params,
  onRowClick,
}: DocListProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<Record<string, string | undefined>>();
  const [status, setStatus] = useState<string>('all');
  const { metas, tablePrefs, tableColumns } = useListColumns(root, resource, columns);

  const statusFilter: Params = status === 'all' ? {} : { [statusField]: status };
  const rows = usePagedList<Awaited<ReturnType<typeof page<typeof endpoint>>>>({
    queryKey: (query) => psiKeys.list(root, [endpoint, query]),
    fetch: (query) => page(endpoint, query),
    fixed: { ...params, ...statusFilter },
  });
  const base: Params = { ...params, ...rows.filters };
  const exporter = useListExport(exportable ? resource : undefined, exportName, rows.filtered);
  const tabs = useStatusTabs({ root, endpoint, base, statusKind, statusField });

  return (
    <Card size="small" variant="borderless" title={title} className="psi-doc-list" data-testid="doc-list">
      <SearchForm<Record<string, string | undefined>>
        form={form}
        className="psi-doc-search"
        onSearch={(values) =>
          rows.search(Object.fromEntries(Object.entries(values).filter(([, v]) => v && v.trim())))
        }
        onReset={() => rows.search({})}
      >
        {Object.entries(searchFields).map(([name, text]) => (
          <Form.Item key={name} name={name} label={text}>
            <Input allowClear placeholder={text} data-testid={`search-${name}`} style={{ width: 180 }} />
          </Form.Item>
        ))}
      </SearchForm>
      <div className="psi-doc-toolbar">
        <Space wrap>{toolbar}</Space>
        <Space>
          {exportable && (
            <ExportButton
              exporting={exporter.exporting}
              onClick={() => void exporter.run()}
              testId="list-export"
            >
              {t('psi.common.export')}
            </ExportButton>
          )}
          <Tooltip title={t('psi.common.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('psi.common.refresh')}
              onClick={() => void client.invalidateQueries({ queryKey: psiKeys.lists(root) })}
              data-testid="list-refresh"
            />
          </Tooltip>
          <TableSettings
            columns={metas}
            prefs={tablePrefs.prefs}
            onChange={tablePrefs.save}
            onReset={tablePrefs.reset}
          />
        </Space>
      </div>
      <Tabs
        activeKey={status}
        onChange={(key) => {
          setStatus(key);
          rows.first();
        }}
        items={tabs}
        data-testid="status-tabs"
      />
      <Table<DeclaredRow>
        rowKey={(r) => String(r.id)}
        size={tablePrefs.prefs.density}
        className="psi-fit-table"
        tableLayout="auto"
        columns={[
          {
            title: '#',
            key: '__i',
            width: 56,
            align: 'center',
            render: (_v, _r, i) => (rows.current - 1) * rows.size + i + 1,
          },
          ...tableColumns,
        ]}
        dataSource={rows.records}
        loading={rows.fetching}
        scroll={{ x: 'max-content' }}
        onRow={onRowClick ? (record) => ({ onDoubleClick: () => onRowClick(record) }) : undefined}
        pagination={rows.pagination}
        data-testid="doc-table"
      />
    </Card>
  );
}

/** The list's columns with the user's table preferences; the `actions` column stays last. */
function useListColumns(root: string, resource: ResourceDef, columns: TableColumnsType<DeclaredRow>) {
  const isActions = (column: TableColumnType<DeclaredRow>) => column.key === 'actions';
  const metas: (ColumnMeta & { column: TableColumnType<DeclaredRow> })[] = columns
    .filter((column) => !isActions(column))
    .map((column) => ({
      key: String(column.key),
      title: typeof column.title === 'string' ? column.title : String(column.key),
      priority: columnPriority(resource, String(column.key)),
      column,
    }));
  const tablePrefs = useTablePrefs(root, metas);
  const tableColumns: TableColumnsType<DeclaredRow> = [
    ...shownColumns(metas, tablePrefs.prefs).map(({ column, key, priority }) => ({
      ...column,
      onHeaderCell: headerMarks(key, priority),
    })),
    ...columns
      .filter(isActions)
      .map((column) => ({ ...column, onHeaderCell: headerMarks('__actions', 'actions') })),
  ];

  return { metas, tablePrefs, tableColumns };
}

/** One tab per status of the declaration, in its order, each with its count under the current filter. */
function useStatusTabs({
  root,
  endpoint,
  base,
  statusKind,
  statusField,
}: {
  root: string;
  endpoint: PsiRoute;
  base: Params;
  statusKind: StatusKind;
  statusField: string;
}) {
  const { t } = useTranslation();
  const label = useStatusLabel(statusKind);
  const codes = ['all', ...statusCodes(statusKind).map(String)];
  const counts = useQueries({
    queries: codes.map((code) => ({
      queryKey: psiKeys.count(root, [endpoint, base, code]),
      queryFn: () =>
        page(endpoint, { ...base, ...(code === 'all' ? {} : { [statusField]: code }), current: 1, size: 1 }),
      placeholderData: keepPreviousData,
    })),
  });
  return codes.map((code, i) => ({
    key: code,
    label: (
      <span data-testid={`tab-${code}`}>
        {code === 'all' ? t('psi.common.all') : label(code)}{' '}
        <Badge
          count={counts[i]?.data?.total ?? 0}
          showZero
          overflowCount={99999}
          color={code === 'all' ? '#8c8c8c' : code === '1' ? '#faad14' : '#1677ff'}
          data-testid={`count-${code}`}
        />
      </span>
    ),
  }));
}

/** Downloads the list under its current filter as `<name>.xlsx`. */
function useListExport(resource: ResourceDef | undefined, name: string | undefined, filter: Params) {
  const exporter = useExporter();
  const run = async () => {
    if (!resource) return;
    const params = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined));
    await exporter.run(() => exportList(resource.api, params as ListParams, `${name ?? resource.key}.xlsx`));
  };
  return { exporting: exporter.exporting, run };
}
