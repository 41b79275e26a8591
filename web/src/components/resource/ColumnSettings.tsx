import { useState } from 'react';
import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Popover, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { storageKey } from '../../config/site';
import type { ColumnSpec } from './model';

function readHidden(key: string): string[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(storageKey(`columns-${key}`)) ?? '[]');
    return Array.isArray(saved) ? saved.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

/** The columns a user hid on a resource page, kept in localStorage (`saber-columns-<key>`). */
export function useHiddenColumns(key: string): [string[], (hidden: string[]) => void] {
  const [hidden, setHidden] = useState(() => readHidden(key));
  const save = (next: string[]) => {
    setHidden(next);
    localStorage.setItem(storageKey(`columns-${key}`), JSON.stringify(next));
  };
  return [hidden, save];
}

interface ColumnSettingsProps {
  columns: ColumnSpec[];
  hidden: string[];
  onChange: (hidden: string[]) => void;
}

/** Show or hide table columns; at least one column stays. */
export function ColumnSettings({ columns, hidden, onChange }: ColumnSettingsProps) {
  const { t } = useTranslation();
  const shown = columns.filter((column) => !hidden.includes(column.field.name)).length;
  const content = (
    <div className="psi-columns" data-testid="column-settings">
      <Checkbox
        indeterminate={shown > 0 && shown < columns.length}
        checked={shown === columns.length}
        onChange={(event) =>
          onChange(event.target.checked ? [] : columns.slice(1).map((column) => column.field.name))
        }
      >
        {t('crud.allColumns')}
      </Checkbox>
      <Divider className="psi-columns__divider" />
      {columns.map((column) => {
        const visible = !hidden.includes(column.field.name);
        return (
          <Checkbox
            key={column.field.name}
            checked={visible}
            disabled={visible && shown === 1}
            data-column={column.field.name}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? hidden.filter((name) => name !== column.field.name)
                  : [...hidden, column.field.name],
              )
            }
          >
            {column.title}
          </Checkbox>
        );
      })}
    </div>
  );
  return (
    <Popover content={content} title={t('crud.columns')} trigger="click" placement="bottomRight">
      <Tooltip title={t('crud.columns')}>
        <Button
          icon={<SettingOutlined />}
          aria-label={t('crud.columns')}
          data-testid="column-settings-button"
        />
      </Tooltip>
    </Popover>
  );
}
