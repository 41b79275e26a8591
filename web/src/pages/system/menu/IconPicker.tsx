import { useState } from 'react';
import { Button, Input, Popover, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../../components/menu/menu-icons';
import type { FieldControlProps } from '../../../components/resource/fields';
import '../../../i18n/system';
import './menu.css';

/** The icons a menu may name (those the side menu can draw). */
const MENU_ICONS = [
  'AccountBookOutlined',
  'AntDesignOutlined',
  'ApartmentOutlined',
  'ApiOutlined',
  'AppstoreAddOutlined',
  'AppstoreOutlined',
  'AuditOutlined',
  'BankOutlined',
  'BarChartOutlined',
  'BellOutlined',
  'BookOutlined',
  'BranchesOutlined',
  'BugOutlined',
  'CarOutlined',
  'CarryOutOutlined',
  'CloudOutlined',
  'CloudServerOutlined',
  'ClusterOutlined',
  'CodeOutlined',
  'ConsoleSqlOutlined',
  'ContainerOutlined',
  'ControlOutlined',
  'DashboardOutlined',
  'DatabaseOutlined',
  'DeploymentUnitOutlined',
  'DesktopOutlined',
  'EnvironmentOutlined',
  'FileDoneOutlined',
  'FileMarkdownOutlined',
  'FileTextOutlined',
  'FilterOutlined',
  'FormOutlined',
  'FundOutlined',
  'FundProjectionScreenOutlined',
  'GiftOutlined',
  'GlobalOutlined',
  'HddOutlined',
  'HistoryOutlined',
  'HomeOutlined',
  'IdcardOutlined',
  'InboxOutlined',
  'KeyOutlined',
  'LayoutOutlined',
  'LockOutlined',
  'MailOutlined',
  'MenuOutlined',
  'MessageOutlined',
  'MoneyCollectOutlined',
  'MonitorOutlined',
  'NodeIndexOutlined',
  'NotificationOutlined',
  'PaperClipOutlined',
  'PartitionOutlined',
  'PieChartOutlined',
  'PlayCircleOutlined',
  'ProfileOutlined',
  'ReadOutlined',
  'ReconciliationOutlined',
  'SafetyCertificateOutlined',
  'SafetyOutlined',
  'ScheduleOutlined',
  'SendOutlined',
  'SettingOutlined',
  'ShopOutlined',
  'ShoppingCartOutlined',
  'SolutionOutlined',
  'TableOutlined',
  'TagOutlined',
  'TagsOutlined',
  'TeamOutlined',
  'ToolOutlined',
  'TransactionOutlined',
  'UserOutlined',
  'WalletOutlined',
];

/** A menu's icon: the name typed or picked from the icons the side menu draws, shown beside it. */
export function IconPicker({ value, onChange, disabled, id, field }: FieldControlProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const text = typeof value === 'string' ? value : '';
  const shown = MENU_ICONS.filter((name) => name.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <Popover
      open={open && !disabled}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomLeft"
      title={
        <Input
          size="small"
          allowClear
          placeholder={t('sys.iconSearch')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      }
      content={
        <div className="psi-icon-picker" data-testid="icon-picker">
          {shown.map((name) => (
            <Tooltip key={name} title={name}>
              <Button
                type={name === text ? 'primary' : 'text'}
                icon={<MenuIcon source={name} />}
                aria-label={name}
                data-icon={name}
                onClick={() => {
                  onChange?.(name);
                  setOpen(false);
                }}
              />
            </Tooltip>
          ))}
        </div>
      }
    >
      <Input
        id={id}
        disabled={disabled}
        value={text}
        onChange={(event) => onChange?.(event.target.value)}
        prefix={<MenuIcon source={text} />}
        placeholder={t('sys.iconPick')}
        allowClear
        data-field={field.name}
      />
    </Popover>
  );
}
