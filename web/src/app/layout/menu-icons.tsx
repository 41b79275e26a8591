import { createElement, type ComponentType } from 'react';
import {
  AccountBookOutlined,
  AntDesignOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreAddOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  BranchesOutlined,
  BugOutlined,
  CarOutlined,
  CarryOutOutlined,
  CloudOutlined,
  CloudServerOutlined,
  ClusterOutlined,
  CodeOutlined,
  ConsoleSqlOutlined,
  ContainerOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  FileDoneOutlined,
  FileMarkdownOutlined,
  FileTextOutlined,
  FilterOutlined,
  FormOutlined,
  FundOutlined,
  FundProjectionScreenOutlined,
  GiftOutlined,
  GlobalOutlined,
  HddOutlined,
  HistoryOutlined,
  HomeOutlined,
  IdcardOutlined,
  InboxOutlined,
  KeyOutlined,
  LayoutOutlined,
  LockOutlined,
  MailOutlined,
  MenuOutlined,
  MessageOutlined,
  MoneyCollectOutlined,
  MonitorOutlined,
  NodeIndexOutlined,
  NotificationOutlined,
  PaperClipOutlined,
  PartitionOutlined,
  PieChartOutlined,
  PlayCircleOutlined,
  ProfileOutlined,
  ReadOutlined,
  ReconciliationOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TableOutlined,
  TagOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  TransactionOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';

/**
 * The antd icons a menu `source` may name: every icon of fixtures/menus.json plus common extras. A curated
 * list rather than the whole icon set, which would add megabytes to the bundle; extend it when the menu
 * data uses a new icon (an unknown name falls back to the default icon).
 */
const icons: Record<string, ComponentType> = {
  AccountBookOutlined,
  AntDesignOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreAddOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  BranchesOutlined,
  BugOutlined,
  CarOutlined,
  CarryOutOutlined,
  CloudOutlined,
  CloudServerOutlined,
  ClusterOutlined,
  CodeOutlined,
  ConsoleSqlOutlined,
  ContainerOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  FileDoneOutlined,
  FileMarkdownOutlined,
  FileTextOutlined,
  FilterOutlined,
  FormOutlined,
  FundOutlined,
  FundProjectionScreenOutlined,
  GiftOutlined,
  GlobalOutlined,
  HddOutlined,
  HistoryOutlined,
  HomeOutlined,
  IdcardOutlined,
  InboxOutlined,
  KeyOutlined,
  LayoutOutlined,
  LockOutlined,
  MailOutlined,
  MenuOutlined,
  MessageOutlined,
  MoneyCollectOutlined,
  MonitorOutlined,
  NodeIndexOutlined,
  NotificationOutlined,
  PaperClipOutlined,
  PartitionOutlined,
  PieChartOutlined,
  PlayCircleOutlined,
  ProfileOutlined,
  ReadOutlined,
  ReconciliationOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TableOutlined,
  TagOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  TransactionOutlined,
  UserOutlined,
  WalletOutlined,
};

/** Saber's iconfont names (`iconfont iconicon_setting`) mapped to their nearest antd icon. */
const saberIconAliases: Record<string, string> = {
  airplay: 'DesktopOutlined',
  setting: 'SettingOutlined',
  sms: 'MessageOutlined',
  principal: 'UserOutlined',
  group: 'TeamOutlined',
  addresslist: 'BookOutlined',
  subordinate: 'ApartmentOutlined',
  safe: 'SafetyOutlined',
  safety: 'SafetyOutlined',
  notice: 'NotificationOutlined',
  message: 'MessageOutlined',
  earth: 'GlobalOutlined',
  map: 'EnvironmentOutlined',
  data: 'DatabaseOutlined',
  code: 'CodeOutlined',
  log: 'FileTextOutlined',
  work: 'ScheduleOutlined',
  flow: 'BranchesOutlined',
  report: 'BarChartOutlined',
  cloud: 'CloudOutlined',
};

export const DefaultMenuIcon = AppstoreOutlined;

/** `file-text` → `FileTextOutlined` (antd 3 style names, as Sword's button icons use). */
function pascalIconName(name: string): string {
  const pascal = name
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
  return /(Outlined|Filled|TwoTone)$/.test(pascal) ? pascal : `${pascal}Outlined`;
}

/** The icon component for a menu `source`, or the default icon when it names none we know. */
export function resolveMenuIcon(source: string | undefined): ComponentType {
  const value = source?.trim();
  if (!value) return DefaultMenuIcon;
  if (icons[value]) return icons[value];
  const saberName = /^(?:iconfont\s+)?icon-?icon[_-](\S+)$/.exec(value)?.[1];
  if (saberName) {
    const alias = saberIconAliases[saberName.toLowerCase()];
    return (alias && icons[alias]) || DefaultMenuIcon;
  }
  return icons[pascalIconName(value)] ?? DefaultMenuIcon;
}

/** Renders the icon of a menu `source`. */
export function MenuIcon({ source }: { source?: string }) {
  return createElement(resolveMenuIcon(source));
}
