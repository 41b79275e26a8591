import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { App, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang, ResourceDef } from '@psi/db/model';
import { useSession } from '../../stores/session';
import { exportList, removeRecords, type ListParams } from '../../api/resource';
import { useExporter } from '../../hooks/export';
import type { FieldControlProps } from './fields';
import {
  buttonPermissions,
  searchFieldsOf,
  tableColumns,
  toQuery,
  type DialogMode,
  type DeclaredRow,
} from './model';
import { ResourceDialog } from './ResourceDialog';
import { idOf, resourceTableColumns, RowButtons } from './ResourceColumns';
import { ResourceTable } from './ResourceTable';
import { ResourceToolbar } from './ResourceToolbar';
import { SearchBar } from './SearchBar';
import { headerMarks, shownColumns } from '../table/prefs';
import { useTablePrefs } from '../table/useTablePrefs';
import { useResourceList } from './useResourceList';
import { lineHas } from '../../api/lines';
import { RouteAbsent } from '../RouteAbsent';
import './resource.css';
import '../../i18n/shell';
import { useConfirm } from '../../hooks/confirm';

export interface ResourcePageProps {
  def: ResourceDef;
  /** The list endpoint (default `{api}/list`), e.g. a dictionary's `parent-list`. */
  listUrl?: string;
  /** Filters every list call carries (e.g. the dictionary of a child list). */
  params?: ListParams;
  /** Values an add starts with, sent even where the field is not editable (a child's parent). */
  fixedValues?: DeclaredRow;
  /** Own cells for some fields (by field name). */
  cells?: Record<string, (record: DeclaredRow) => ReactNode>;
  /** More row buttons, after view / edit / delete. */
  rowActions?: (record: DeclaredRow) => ReactNode;
  /** Own view of a row (a detail drawer) instead of the view dialog. */
  onView?: (record: DeclaredRow) => void;
  /** More toolbar buttons, after add / delete / export. */
  toolbar?: ReactNode;
  /** Title above the table (default: the declaration's title). */
  title?: ReactNode;
  /** A row was clicked (master and detail lists); `selectedId` highlights it. */
  onRowClick?: (record: DeclaredRow) => void;
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

/**
 * The generic resource screen of a declaration, or where the backend's line lacks its list route, which
 * route is missing (nothing is called).
 */
export function ResourcePage(props: ResourcePageProps) {
  const route = props.listUrl ?? `${props.def.api}/list`;
  if (!lineHas(route)) return <RouteAbsent route={route} />;
  return <ResourceScreen {...props} />;
}

/**
 * The generic resource screen built from a declaration (ARCHITECTURE.md "declare a resource once"): search
 * bar, toolbar and row buttons by button permission, table with index and selection columns, column
 * settings, paging, the add / edit / view dialog, bulk delete and export of the current filter.
 */
function ResourceScreen({
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
  const { message } = App.useApp();
  const confirm = useConfirm();
  const permission = useSession((state) => state.permission);
  const can = buttonPermissions(def, permission);
  const rows = useResourceList(def, { listUrl, params, placeholder: Boolean(placeholder) });
  const [dialog, setDialog] = useState<{
    mode: DialogMode;
    record: DeclaredRow | null;
    fixed?: DeclaredRow;
  } | null>(null);
  const exporter = useExporter();

  const columns = useMemo(() => tableColumns(def, lang), [def, lang]);
  const tablePrefs = useTablePrefs(settingsKey ?? def.key, columns, compact ? 'small' : 'middle');
  const searchFields = useMemo(() => searchFieldsOf(def), [def]);

  const remove = (ids: string[]) => {
    if (ids.length === 0) {
      void message.warning(t('crud.selectOne'));
      return;
    }
    confirm(
      t('crud.removeConfirm'),
      async () => {
        try {
          await removeRecords(def.api, ids);
        } catch {
          // The client already said why; the confirm closes (a rejection would keep it open and
          // surface as an unhandled rejection in the error log).
          return;
        }
        void message.success(t('crud.removed'));
        rows.setSelected((previous) => previous.filter((id) => !ids.includes(id)));
        await rows.refresh();
      },
      { okButtonProps: { danger: true } },
    );
  };

  const addChild = Boolean(def.lazy) && !listUrl && can.add && !placeholder;
  const hasRowButtons = can.view || can.edit || can.remove || addChild || Boolean(rowActions);
  const rowButtonCount = [can.view, can.edit, can.remove, addChild].filter(Boolean).length;
  const tableColumnsOut = resourceTableColumns({
    shown: shownColumns(columns, tablePrefs.prefs),
    lang,
    isTree: rows.isTree,
    offset: (rows.current - 1) * rows.size,
    cells,
    actions: hasRowButtons
      ? {
          key: '__actions',
          title: t('crud.actions'),
          onHeaderCell: headerMarks('__actions', 'actions'),
          fixed: 'right' as const,
          width: compact
            ? 24 + rowButtonCount * 32 + (rowActions ? 90 : 0)
            : 30 + rowButtonCount * 70 + (addChild ? 24 : 0) + (rowActions ? 96 : 0),
          render: (_value: unknown, record: DeclaredRow) => (
            <RowButtons
              record={record}
              compact={compact}
              can={{ view: can.view, edit: can.edit, remove: can.remove, addChild }}
              onView={(row) => (onView ? onView(row) : setDialog({ mode: 'view', record: row }))}
              onEdit={(row) => setDialog({ mode: 'edit', record: row })}
              onRemove={(row) => remove([idOf(row)])}
              onAddChild={(row) =>
                setDialog({ mode: 'add', record: null, fixed: { ...fixedValues, parentId: idOf(row) } })
              }
              extra={rowActions?.(record)}
            />
          ),
        }
      : undefined,
  });

  return (
    <Card
      className={compact ? 'psi-resource psi-resource--compact' : 'psi-resource'}
      title={title ?? def.title[lang]}
      size="small"
      variant="borderless"
      data-testid="resource-page"
      data-resource={def.key}
    >
      <SearchBar fields={searchFields} lang={lang} onSearch={(values) => rows.search(toQuery(def, values))} />
      <ResourceToolbar
        can={can}
        addDisabled={Boolean(placeholder)}
        exporting={exporter.exporting}
        onAdd={() => setDialog({ mode: 'add', record: null })}
        onRemove={() => remove(rows.selected)}
        onExport={() =>
          void exporter.run(() => exportList(def.api, rows.filtered, `${def.title[lang]}.xlsx`))
        }
        onRefresh={() => void rows.refresh()}
        columns={columns}
        prefs={tablePrefs}
      >
        {toolbar}
      </ResourceToolbar>
      {placeholder ?? (
        <ResourceTable
          rows={rows}
          columns={tableColumnsOut}
          density={tablePrefs.prefs.density}
          compact={compact}
          onRowClick={onRowClick}
          selectedId={selectedId}
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
            if (rows.lazy && dialog.mode === 'add' && parent && parent !== '0') rows.tree.expand(parent);
            void rows.refresh();
          }}
        />
      )}
    </Card>
  );
}
