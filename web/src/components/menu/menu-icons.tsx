import { createElement, type ComponentType } from 'react';
import * as menuIconSet from './menu-icon-set';

/** The curated icon set, by export name (a null-prototype module namespace: no inherited keys). */
const icons: Record<string, ComponentType> = menuIconSet;

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

export const DefaultMenuIcon = menuIconSet.AppstoreOutlined;

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
