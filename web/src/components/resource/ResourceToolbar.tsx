import type { ReactNode } from 'react';
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../ExportButton';
import type { ColumnSpec } from './model';
import { TableSettings } from '../table/TableSettings';
import type { useTablePrefs } from '../table/useTablePrefs';

interface ResourceToolbarProps {
  can: { add: boolean; remove: boolean; export: boolean };
  addDisabled: boolean;
  exporting: boolean;
  onAdd: () => void;
  onRemove: () => void;
  onExport: () => void;
  onRefresh: () => void;
  columns: ColumnSpec[];
  prefs: ReturnType<typeof useTablePrefs>;
  /** The page's own buttons, after add / delete / export. */
  children?: ReactNode;
}

/** Above a resource table: add, bulk delete and export by permission, the page's buttons, refresh, columns. */
export function ResourceToolbar(props: ResourceToolbarProps) {
  const { can, addDisabled, exporting, onAdd, onRemove, onExport, onRefresh, columns, prefs, children } =
    props;
  const { t } = useTranslation();
  return (
    <div className="psi-toolbar">
      <Space wrap>
        {can.add && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={addDisabled}
            onClick={onAdd}
            data-testid="toolbar-add"
          >
            {t('crud.add')}
          </Button>
        )}
        {can.remove && (
          <Button danger icon={<DeleteOutlined />} onClick={onRemove} data-testid="toolbar-delete">
            {t('crud.delete')}
          </Button>
        )}
        {can.export && (
          <ExportButton exporting={exporting} onClick={onExport} testId="toolbar-export">
            {t('crud.export')}
          </ExportButton>
        )}
        {children}
      </Space>
      <Space>
        <Tooltip title={t('crud.refresh')}>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('crud.refresh')}
            onClick={onRefresh}
            data-testid="toolbar-refresh"
          />
        </Tooltip>
        <TableSettings columns={columns} prefs={prefs.prefs} onChange={prefs.save} onReset={prefs.reset} />
      </Space>
    </div>
  );
}
