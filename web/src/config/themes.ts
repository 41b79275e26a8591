import type { ThemeName } from './site';

/**
 * The eleven shell themes of the spec (Saber's names, including its `bule` spelling). Each is an antd
 * algorithm choice plus the colouring of the frame: sider, logo, header, tab bar and page background.
 * The primary colour is the colour picker's, so every theme works with every colour.
 */
export interface ThemeDef {
  name: ThemeName;
  /** antd's dark algorithm for every component. */
  dark: boolean;
  /** The sider menu's antd theme. */
  menu: 'dark' | 'light';
  /** CSS background of the sider (may be a gradient). */
  siderBg: string;
  /** Background of opened sub-menus inside the sider. */
  subMenuBg: string;
  /** Solid background of sub-menu pop-ups (collapsed sider). */
  popupBg: string;
  siderText: string;
  siderTextActive: string;
  /** Background of the selected menu entry; `primary` uses the colour picker's colour. */
  selectedBg: string;
  selectedText: string;
  logoBg: string;
  logoText: string;
  headerBg: string;
  headerText: string;
  /** Border under the header and around the tab bar. */
  border: string;
  tabsBg: string;
  layoutBg: string;
  borderRadius: number;
}

const base: Omit<ThemeDef, 'name'> = {
  dark: false,
  menu: 'dark',
  siderBg: '#20222a',
  subMenuBg: '#181a20',
  popupBg: '#20222a',
  siderText: 'rgba(255, 255, 255, 0.72)',
  siderTextActive: '#ffffff',
  selectedBg: 'primary',
  selectedText: '#ffffff',
  logoBg: '#20222a',
  logoText: '#ffffff',
  headerBg: '#ffffff',
  headerText: 'rgba(0, 0, 0, 0.88)',
  border: '#e8eaee',
  tabsBg: '#ffffff',
  layoutBg: '#f0f2f5',
  borderRadius: 6,
};

export const themes: Record<ThemeName, ThemeDef> = {
  default: { ...base, name: 'default' },
  white: {
    ...base,
    name: 'white',
    popupBg: '#ffffff',
    menu: 'light',
    siderBg: '#ffffff',
    subMenuBg: '#fafbfc',
    siderText: '#303133',
    siderTextActive: '#000000',
    selectedBg: 'rgba(64, 158, 255, 0.12)',
    selectedText: 'primary',
    logoBg: '#ffffff',
    logoText: '#303133',
    layoutBg: '#f5f7fa',
  },
  dark: {
    ...base,
    name: 'dark',
    popupBg: '#1f1f1f',
    dark: true,
    siderBg: '#141414',
    subMenuBg: '#0a0a0a',
    logoBg: '#141414',
    headerBg: '#1f1f1f',
    headerText: 'rgba(255, 255, 255, 0.85)',
    border: '#303030',
    tabsBg: '#1a1a1a',
    layoutBg: '#000000',
  },
  star: {
    ...base,
    name: 'star',
    popupBg: '#221d52',
    siderBg:
      'radial-gradient(1px 1px at 20px 30px, #fff, transparent), radial-gradient(1px 1px at 120px 80px, #fff, transparent), radial-gradient(1.5px 1.5px at 60px 160px, #cfd8ff, transparent), radial-gradient(1px 1px at 170px 240px, #fff, transparent), radial-gradient(1px 1px at 90px 320px, #e0d4ff, transparent), linear-gradient(180deg, #141e4f 0%, #2d1b58 55%, #4a1d5e 100%)',
    subMenuBg: 'rgba(0, 0, 0, 0.22)',
    selectedBg: 'rgba(255, 255, 255, 0.16)',
    logoBg: 'transparent',
    headerBg: 'linear-gradient(90deg, #141e4f 0%, #2d1b58 60%, #4a1d5e 100%)',
    headerText: '#ffffff',
    border: '#d9d2f0',
    tabsBg: '#faf8ff',
    layoutBg: '#f3f1fb',
    borderRadius: 8,
  },
  bule: {
    ...base,
    name: 'bule',
    popupBg: '#2160c0',
    siderBg: 'linear-gradient(180deg, #2b6fd6 0%, #17479a 100%)',
    subMenuBg: 'rgba(0, 0, 0, 0.14)',
    siderText: 'rgba(255, 255, 255, 0.85)',
    selectedBg: 'rgba(255, 255, 255, 0.22)',
    logoBg: 'transparent',
    headerBg: '#2b6fd6',
    headerText: '#ffffff',
    border: '#cfdff5',
    tabsBg: '#f5f9ff',
    layoutBg: '#eef4fc',
  },
  iview: {
    ...base,
    name: 'iview',
    popupBg: '#515a6e',
    siderBg: '#515a6e',
    subMenuBg: '#363e4f',
    siderText: 'rgba(255, 255, 255, 0.7)',
    logoBg: '#515a6e',
    layoutBg: '#f5f7f9',
    borderRadius: 4,
  },
  vip: {
    ...base,
    name: 'vip',
    popupBg: '#1b1b1b',
    siderBg: '#1b1b1b',
    subMenuBg: '#111111',
    siderText: '#cbb27a',
    siderTextActive: '#f3d98b',
    selectedBg: 'rgba(212, 175, 55, 0.22)',
    selectedText: '#f3d98b',
    logoBg: '#111111',
    logoText: '#e5c76b',
    headerBg: '#262626',
    headerText: '#e5c76b',
    border: '#e9dfc5',
    tabsBg: '#fffdf7',
    layoutBg: '#f7f3ea',
  },
  cool: {
    ...base,
    name: 'cool',
    popupBg: '#0d6b74',
    siderBg: 'linear-gradient(180deg, #0e7c86 0%, #0b5563 100%)',
    subMenuBg: 'rgba(0, 0, 0, 0.16)',
    siderText: 'rgba(255, 255, 255, 0.8)',
    selectedBg: 'rgba(255, 255, 255, 0.2)',
    logoBg: 'transparent',
    border: '#c9ebe8',
    tabsBg: '#ffffff',
    layoutBg: '#eef9f8',
    borderRadius: 10,
  },
  d2: {
    ...base,
    name: 'd2',
    popupBg: '#ffffff',
    menu: 'light',
    siderBg: '#ebf1f6',
    subMenuBg: '#e3eaf1',
    siderText: '#304156',
    siderTextActive: '#000000',
    selectedBg: 'rgba(64, 158, 255, 0.14)',
    selectedText: 'primary',
    logoBg: '#ebf1f6',
    logoText: '#304156',
    headerBg: '#ebf1f6',
    headerText: '#304156',
    border: '#d8e1ea',
    tabsBg: '#ebf1f6',
    layoutBg: '#f6f8fa',
  },
  hey: {
    ...base,
    name: 'hey',
    popupBg: '#7b2bd6',
    siderBg: 'linear-gradient(180deg, #6a2ee8 0%, #b320b8 60%, #e0358a 100%)',
    subMenuBg: 'rgba(0, 0, 0, 0.14)',
    siderText: 'rgba(255, 255, 255, 0.85)',
    selectedBg: 'rgba(255, 255, 255, 0.24)',
    logoBg: 'transparent',
    border: '#eedcf5',
    tabsBg: '#ffffff',
    layoutBg: '#fbf5ff',
    borderRadius: 12,
  },
  lte: {
    ...base,
    name: 'lte',
    popupBg: '#222d32',
    siderBg: '#222d32',
    subMenuBg: '#2c3b41',
    siderText: '#b8c7ce',
    selectedBg: '#1e282c',
    selectedText: '#ffffff',
    logoBg: '#367fa9',
    logoText: '#ffffff',
    headerBg: '#3c8dbc',
    headerText: '#ffffff',
    border: '#d2d6de',
    tabsBg: '#ffffff',
    layoutBg: '#ecf0f5',
    borderRadius: 2,
  },
};

export function themeOf(name: ThemeName): ThemeDef {
  return themes[name] ?? themes.default;
}

const resolve = (value: string, primary: string) => (value === 'primary' ? primary : value);

/** The CSS variables of the frame for a theme and primary colour (applied on `<html>`). */
export function themeVariables(def: ThemeDef, primary: string): Record<string, string> {
  return {
    '--psi-primary': primary,
    '--psi-sider-bg': def.siderBg,
    '--psi-submenu-bg': def.subMenuBg,
    '--psi-sider-text': def.siderText,
    '--psi-logo-bg': def.logoBg,
    '--psi-logo-text': def.logoText,
    '--psi-header-bg': def.headerBg,
    '--psi-header-text': def.headerText,
    '--psi-border': def.border,
    '--psi-tabs-bg': def.tabsBg,
    '--psi-layout-bg': def.layoutBg,
    '--psi-selected-bg': resolve(def.selectedBg, primary),
    '--psi-selected-text': resolve(def.selectedText, primary),
  };
}

/** Puts the theme on the page: CSS variables, `psi-theme-<name>` and `psi-dark` classes on `<html>`. */
export function applyThemeToDocument(def: ThemeDef, primary: string): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  for (const [name, value] of Object.entries(themeVariables(def, primary)))
    root.style.setProperty(name, value);
  for (const cls of [...root.classList]) if (cls.startsWith('psi-theme-')) root.classList.remove(cls);
  root.classList.add(`psi-theme-${def.name}`);
  root.classList.toggle('psi-dark', def.dark);
  root.style.colorScheme = def.dark ? 'dark' : 'light';
}
