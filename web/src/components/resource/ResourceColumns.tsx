import type { MouseEvent, ReactNode } from 'react';
import {
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  LoadingOutlined,
  SubnodeOutlined,
} from '@ant-design/icons';
import { Button, Space, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@psi/db/model';
import { FieldValue } from './fields';
import type { ColumnSpec, DeclaredRow } from './model';
import { headerMarks } from '../table/prefs';

export function idOf(record: DeclaredRow): string {
  return String(record.id ?? '');
}

interface TreeExpandIconProps {
  prefixCls: string;
  expanded: boolean;
  expandable: boolean;
  record: DeclaredRow;
  onExpand: (record: DeclaredRow, event: MouseEvent<HTMLElement>) => void;
  loading: boolean;
  labels: { expand: string; collapse: string; loading: string };
}

/** antd's expand button of a tree row, or a spinner while the row's children load for the first time. */
export function TreeExpandIcon({
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
  compact?: boolean;
  icon: ReactNode;
  label: string;
  testId: string;
  danger?: boolean;
  onClick: () => void;
}

/** A row button: icon and text, or the icon with a tooltip where space is short. */
export function RowButton({ compact = false, icon, label, testId, danger, onClick }: RowButtonProps) {
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

interface RowButtonsProps {
  record: DeclaredRow;
  compact: boolean;
  can: { view: boolean; edit: boolean; remove: boolean; addChild: boolean };
  onView: (record: DeclaredRow) => void;
  onEdit: (record: DeclaredRow) => void;
  onRemove: (record: DeclaredRow) => void;
  onAddChild: (record: DeclaredRow) => void;
  /** The page's own buttons, after the engine's. */
  extra?: ReactNode;
}

/** The engine's row buttons (view, edit, delete, add a child) by permission, then the page's own. */
export function RowButtons({
  record,
  compact,
  can,
  onView,
  onEdit,
  onRemove,
  onAddChild,
  extra,
}: RowButtonsProps) {
  const { t } = useTranslation();
  const engineButtons = [
    { shown: can.view, icon: <EyeOutlined />, label: t('crud.view'), testId: 'row-view', onClick: onView },
    { shown: can.edit, icon: <EditOutlined />, label: t('crud.edit'), testId: 'row-edit', onClick: onEdit },
    {
      shown: can.remove,
      danger: true,
      icon: <DeleteOutlined />,
      label: t('crud.delete'),
      testId: 'row-delete',
      onClick: onRemove,
    },
    {
      shown: can.addChild,
      icon: <SubnodeOutlined />,
      label: t('crud.addChild'),
      testId: 'row-add-child',
      onClick: onAddChild,
    },
  ];
  return (
    <Space size={0} className="psi-row-actions" onClick={(event) => event.stopPropagation()}>
      {engineButtons.map(
        (button) =>
          button.shown && (
            <RowButton
              key={button.testId}
              compact={compact}
              danger={button.danger}
              icon={button.icon}
              label={button.label}
              testId={button.testId}
              onClick={() => button.onClick(record)}
            />
          ),
      )}
      {extra}
    </Space>
  );
}

/**
 * The table's columns: a running number (not in a tree, where it would start again on every level), the
 * shown fields (a tree's expand icon sits in its first column: the row's name, not the tenant), then the
 * row buttons when there are any.
 */
export function resourceTableColumns(options: {
  shown: ColumnSpec[];
  lang: Lang;
  isTree: boolean;
  /** the first row's number */
  offset: number;
  cells?: Record<string, (record: DeclaredRow) => ReactNode>;
  actions?: TableColumnsType<DeclaredRow>[number];
}): TableColumnsType<DeclaredRow> {
  const { shown, lang, isTree, offset, cells, actions } = options;
  const treeColumns = isTree
    ? [
        ...shown.filter((column) => column.field.name !== 'tenantId'),
        ...shown.filter((column) => column.field.name === 'tenantId'),
      ]
    : shown;
  return [
    ...(isTree
      ? []
      : [
          {
            title: '#',
            key: '__index',
            width: 56,
            align: 'center' as const,
            fixed: 'left' as const,
            render: (_value: unknown, _record: DeclaredRow, index: number) => offset + index + 1,
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
      render: (_value: unknown, record: DeclaredRow) => {
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
    ...(actions ? [actions] : []),
  ];
}
