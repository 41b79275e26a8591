import { useState, type ReactNode } from 'react';
import { DeleteOutlined, DownOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Space, type ButtonProps, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DocumentDef } from '@psi/db/model/psi/index';
import { psiKeys, type DeclaredRow } from '../../api/psi';
import { useCan } from '../../hooks/permission';
import { useRemoveDoc } from './DocActions';
import { DocDetail } from './DocDetail';
import { fieldColumn } from './columns';
import { DocList, type DocListProps } from './DocList';
import { DOCUMENTS, fieldOf, mayEdit, mayRemove, mayTake, type DocKind } from './documents';
import { statusKindOf, useLang } from './status';
import { useDocRoute, type DocView } from './useDocRoute';
import '../../i18n/psi';

/** What a document list page knows of itself: the open document (in the URL) and how to refresh. */
export interface DocPageState {
  view: DocView;
  go: (next: DocView) => void;
  /** Opens a document's detail. */
  open: (id: string) => void;
  /** Refetches every PSI list, count and detail. */
  refresh: () => Promise<void>;
}

export function useDocPage(path: string): DocPageState {
  const client = useQueryClient();
  const [view, go] = useDocRoute(path);
  return {
    view,
    go,
    open: (id) => go({ mode: 'view', id }),
    refresh: () => client.invalidateQueries({ queryKey: psiKeys.all }),
  };
}

/** A dialog opened on one row (or choice) at a time; `done` closes it and refreshes the lists. */
export function useRowDialog<T>(refresh: () => Promise<unknown>) {
  const [target, setTarget] = useState<T | null>(null);
  return {
    target,
    open: (next: T) => setTarget(next),
    close: () => setTarget(null),
    done: () => {
      setTarget(null);
      void refresh();
    },
  };
}

/** A row action: a small link in the list, a primary button in the detail header when `primary`. */
function RowButton({
  primary,
  ...props
}: Omit<ButtonProps, 'type' | 'size'> & { primary?: boolean; 'data-testid': string }) {
  return <Button type={primary ? 'primary' : 'link'} size="small" {...props} />;
}

/** A step of a document a row offers (audit, accept, ship …); its test id is `row-<id>`. */
export interface RowStep {
  id: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** A primary button in the detail header (a link in the list). */
  primary?: boolean;
  danger?: boolean;
}

/**
 * The actions of a document row (or of its detail header): view (list only), the document's own steps,
 * edit, and delete (list only). A list row keeps view and the steps that move the document on (audit,
 * accept, ship…) and folds two or more others (edit, delete, a return) into a "more" menu, so the
 * pinned actions column is as wide as its buttons (ant-design-pro's habit); the detail header shows
 * them all.
 */
export function DocRowActions({
  page,
  row,
  inDetail,
  edit,
  remove,
  steps = [],
}: {
  page: DocPageState;
  row: DeclaredRow;
  inDetail: boolean;
  /** Whether the edit action shows. */
  edit: boolean;
  /** The resource and document number to delete, or false when the delete action does not show. */
  remove: { resource: string; no: string } | false;
  steps?: RowStep[];
}) {
  const { t } = useTranslation();
  const removeDoc = useRemoveDoc();
  const id = String(row.id);
  const all: RowStep[] = [
    ...(inDetail
      ? []
      : [{ id: 'view', label: t('psi.common.view'), icon: <EyeOutlined />, onClick: () => page.open(id) }]),
    ...steps,
    ...(edit
      ? [
          {
            id: 'edit',
            label: t('psi.common.edit'),
            icon: <EditOutlined />,
            onClick: () => page.go({ mode: 'edit', id }),
          },
        ]
      : []),
    ...(remove && !inDetail
      ? [
          {
            id: 'delete',
            label: t('psi.common.delete'),
            icon: <DeleteOutlined />,
            danger: true,
            onClick: () => removeDoc({ ...remove, row, onRemoved: page.refresh }),
          },
        ]
      : []),
  ];
  // the view and the steps that move the document on stay in the row; two or more others fold
  const lead = all.filter((step) => step.id === 'view' || step.primary);
  const rest = all.filter((step) => !lead.includes(step));
  const folded = !inDetail && rest.length >= 2;
  const shown = folded ? lead : all;
  const more = folded ? rest : [];
  return (
    <Space size={0} wrap={false}>
      {shown.map((step) => (
        <RowButton
          key={step.id}
          primary={step.primary && inDetail}
          danger={step.danger}
          icon={step.icon}
          onClick={step.onClick}
          data-testid={`row-${step.id}`}
        >
          {step.label}
        </RowButton>
      ))}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((step) => ({
              key: step.id,
              danger: step.danger,
              icon: step.icon,
              label: <span data-testid={`row-${step.id}`}>{step.label}</span>,
            })),
            onClick: ({ key }) => more.find((step) => step.id === key)?.onClick(),
          }}
        >
          <Button type="link" size="small" data-testid="row-more">
            {t('psi.common.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}

/**
 * The row actions of a document list (`(row, inDetail) => …`, for the list and the detail header):
 * view, the `steps` that apply to the row, edit when `edit`, delete when `remove` names the document.
 */
export function docRowActions(
  page: DocPageState,
  spec: {
    edit: (row: DeclaredRow) => boolean;
    remove: (row: DeclaredRow) => { resource: string; no: string } | false;
    steps: (row: DeclaredRow) => (RowStep | false)[];
  },
) {
  return (row: DeclaredRow, inDetail = false) => (
    <DocRowActions
      page={page}
      row={row}
      inDetail={inDetail}
      edit={spec.edit(row)}
      remove={spec.remove(row)}
      steps={spec.steps(row).filter((step): step is RowStep => Boolean(step))}
    />
  );
}

/** A step of a document (a transition of its declaration) offered on a row when the row may take it. */
interface DocStep extends Omit<RowStep, 'onClick'> {
  /** The declared transition; its `from` statuses and `who` decide whether the step shows. */
  action: string;
  onClick: (row: DeclaredRow) => void;
}

/** A step that moves the document on: a primary button in the detail header, a link in the list. */
export const primaryStep = (
  action: string,
  id: string,
  label: string,
  icon: ReactNode,
  onClick: DocStep['onClick'],
): DocStep => ({ action, id, label, icon, onClick, primary: true });

/**
 * The row actions of a document list from its declaration: edit and delete in the statuses declared
 * editable and removable, each step when the row's status is one its transition starts from, all
 * for users holding the declared buttons.
 */
function useDocActions(page: DocPageState, doc: DocumentDef, steps: DocStep[]) {
  const can = useCan();
  return docRowActions(page, {
    edit: (row) => can(...doc.who.edit) && mayEdit(doc, row),
    remove: (row) =>
      can(...doc.who.remove) &&
      mayRemove(doc, row) && { resource: doc.resource.key, no: String(row[doc.numberField]) },
    steps: (row) =>
      steps.map(
        ({ action, onClick, ...step }) =>
          can(...doc.transitions[action]!.who) &&
          mayTake(doc, action, row) && { ...step, onClick: () => onClick(row) },
      ),
  });
}

/** The props of a dialog a row action opens on one document (an audit, a storage approval). */
export interface RowDialogProps {
  record: DeclaredRow;
  onClose: () => void;
  onDone: () => void;
}

/** The props an editor drawer of a document list receives. */
interface DocEditorProps {
  id: string | undefined;
  onClose: () => void;
  onSaved: (saved: DeclaredRow) => void;
}

/**
 * A document list page: the list (its columns, filters and status tabs from the declaration) with
 * its "new" button, the open document's detail (with the row actions in its header) and its editor,
 * plus the page's own dialogs (`children`).
 */
export function DocPage({
  page,
  kind,
  steps,
  create,
  editor,
  children,
  ...list
}: Pick<DocListProps, 'endpoint' | 'exportName' | 'title'> & {
  page: DocPageState;
  kind: DocKind;
  steps: DocStep[];
  /** The toolbar's "new" button, shown to users holding the declared create buttons. */
  create: { label: string; testId: string };
  editor: (props: DocEditorProps) => ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const doc = DOCUMENTS[kind];
  const actions = useDocActions(page, doc, steps);
  const { view, go, open, refresh } = page;
  const columns: TableColumnsType<DeclaredRow> = [
    ...doc.columns.map((name) => fieldColumn(doc, name, lang, open)),
    { title: t('psi.common.actions'), key: 'actions', fixed: 'right', render: (_v, r) => actions(r) },
  ];
  return (
    <>
      <DocList
        {...list}
        root={kind}
        exportable
        statusKind={statusKindOf(doc.statuses.dict)!}
        statusField={doc.statusField}
        resource={doc.resource}
        columns={columns}
        searchFields={Object.fromEntries(doc.filters.map((name) => [name, fieldOf(doc, name).label[lang]]))}
        onRowClick={(r) => open(String(r.id))}
        toolbar={
          can(...doc.who.create) && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => go({ mode: 'new' })}
              data-testid={create.testId}
            >
              {create.label}
            </Button>
          )
        }
      />
      {view?.mode === 'view' && (
        <DocDetail kind={kind} id={view.id} onClose={() => go(null)} actions={(h) => actions(h, true)} />
      )}
      {(view?.mode === 'edit' || view?.mode === 'new') &&
        editor({
          id: view.mode === 'edit' ? view.id : undefined,
          onClose: () => go(null),
          onSaved: (saved) => {
            void refresh();
            open(String(saved.id));
          },
        })}
      {children}
    </>
  );
}
