import { useEffect, useRef, useState } from 'react';
import type { MessageKey } from '../../i18n/resources';
import { ArrowDownOutlined, ArrowUpOutlined, ColumnHeightOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Popover, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  arrange,
  moveColumn,
  toggleAll,
  toggleColumn,
  type ColumnMeta,
  type Density,
  type TablePrefs,
} from './prefs';
import '../../i18n/table';
import './table.css';

interface TableSettingsProps {
  columns: readonly ColumnMeta[];
  prefs: TablePrefs;
  onChange: (prefs: TablePrefs) => void;
  onReset: () => void;
}

const densityLabel = {
  large: 'table.densityLarge',
  middle: 'table.densityMiddle',
  small: 'table.densitySmall',
} as const satisfies Record<Density, MessageKey>;

/** The density button of a list toolbar: comfortable, medium or compact rows. */
function DensityButton({ prefs, onChange }: Pick<TableSettingsProps, 'prefs' | 'onChange'>) {
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [prefs.density],
        items: (Object.keys(densityLabel) as Density[]).map((density) => ({
          key: density,
          label: <span data-testid={`density-${density}`}>{t(densityLabel[density])}</span>,
        })),
        onClick: ({ key }) => onChange({ ...prefs, density: key as Density }),
      }}
    >
      <Tooltip title={t('table.density')}>
        <Button
          icon={<ColumnHeightOutlined />}
          aria-label={t('table.density')}
          data-testid="density-button"
        />
      </Tooltip>
    </Dropdown>
  );
}

/**
 * Column settings as antd-pro lists have them: show or hide each column (one always stays), move it up
 * or down, reset to the declaration's defaults; and the row density. The caller remembers them.
 */
export function TableSettings({ columns, prefs, onChange, onReset }: TableSettingsProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Esc closes the popover (antd's closes on a click outside only) and gives the focus back
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const arranged = arrange(columns, prefs);
  const shown = arranged.filter((entry) => entry.shown).length;
  const content = (
    <div className="psi-columns" data-testid="column-settings">
      <div className="psi-columns__head">
        <Checkbox
          indeterminate={shown > 0 && shown < arranged.length}
          checked={shown === arranged.length}
          onChange={(event) => onChange(toggleAll(columns, prefs, event.target.checked))}
        >
          {t('table.allColumns')}
        </Checkbox>
        <Button type="link" size="small" onClick={onReset} data-testid="column-settings-reset">
          {t('table.resetColumns')}
        </Button>
      </div>
      {arranged.map(({ column, shown: visible }, index) => (
        <div key={column.key} className="psi-columns__item">
          <Checkbox
            checked={visible}
            disabled={visible && shown === 1}
            data-column={column.key}
            onChange={(event) => onChange(toggleColumn(columns, prefs, column.key, event.target.checked))}
          >
            {column.title}
          </Checkbox>
          <span className="psi-columns__moves">
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined />}
              disabled={index === 0}
              aria-label={`${t('table.moveUp')} ${column.title}`}
              onClick={() => onChange(moveColumn(columns, prefs, column.key, -1))}
            />
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined />}
              disabled={index === arranged.length - 1}
              aria-label={`${t('table.moveDown')} ${column.title}`}
              onClick={() => onChange(moveColumn(columns, prefs, column.key, 1))}
            />
          </span>
        </div>
      ))}
    </div>
  );
  return (
    <Space size={8}>
      <DensityButton prefs={prefs} onChange={onChange} />
      <Popover
        content={content}
        title={t('table.columns')}
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
      >
        <Tooltip title={t('table.columns')} open={open ? false : undefined}>
          <Button
            ref={button}
            icon={<SettingOutlined />}
            aria-label={t('table.columns')}
            data-testid="column-settings-button"
          />
        </Tooltip>
      </Popover>
    </Space>
  );
}
