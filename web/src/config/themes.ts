import { FastColor } from '@ant-design/fast-color';
import darkAlgorithm from 'antd/es/theme/themes/dark';
import seedToken from 'antd/es/theme/themes/seed';
import { backgroundStops, minContrast, readableShade, textOn, TEXT_RATIO, UI_RATIO } from './contrast';
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
  /** Background of the selected menu entry; `primary` uses the colour picker's colour (its readable shade). */
  selectedBg: string;
  /** `primary`: the readable shade of the primary colour; `onPrimary`: black or white, whichever reads on it. */
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
  selectedText: 'onPrimary',
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
    popupBg: '#1f5bb8',
    siderBg: 'linear-gradient(180deg, #2563c4 0%, #17479a 100%)',
    subMenuBg: 'rgba(0, 0, 0, 0.14)',
    siderText: 'rgba(255, 255, 255, 0.9)',
    selectedBg: 'rgba(0, 0, 0, 0.25)',
    logoBg: 'transparent',
    headerBg: '#2563c4',
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
    siderText: 'rgba(255, 255, 255, 0.8)',
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
    popupBg: '#0b6a73',
    siderBg: 'linear-gradient(180deg, #0b6a73 0%, #0b5563 100%)',
    subMenuBg: 'rgba(0, 0, 0, 0.16)',
    siderText: 'rgba(255, 255, 255, 0.9)',
    selectedBg: 'rgba(0, 0, 0, 0.25)',
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
    siderBg: 'linear-gradient(180deg, #5a28c8 0%, #9c1ca1 60%, #b0276c 100%)',
    subMenuBg: 'rgba(0, 0, 0, 0.14)',
    siderText: 'rgba(255, 255, 255, 0.9)',
    selectedBg: 'rgba(0, 0, 0, 0.25)',
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
    logoBg: '#2f6f94',
    logoText: '#ffffff',
    headerBg: '#2f77a3',
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

/** antd's surfaces under text: container, elevated (dialogs, pop-ups) and the frame's own. */
function surfacesOf(def: ThemeDef): string[] {
  const antd = def.dark ? ['#141414', '#1f1f1f'] : ['#ffffff', '#fafafa'];
  return [...antd, def.layoutBg, def.tabsBg];
}

/**
 * The colours that carry text and control borders in a theme, made readable (WCAG AA) for any picked
 * primary colour: the picked colour itself stays for charts and decoration, while text, links and
 * filled buttons take its nearest shade that reaches 4.5:1 on the theme's surfaces.
 */
export interface ReadablePalette {
  /** Text, links, active tabs and filled buttons. */
  primary: string;
  /** Hovered and pressed: a step further from the surface (darker in light themes), never fainter. */
  primaryHover: string;
  primaryActive: string;
  /** Text on a filled primary (white, or black in the dark theme). */
  onPrimary: string;
  error: string;
  onError: string;
  success: string;
  warning: string;
  /** Secondary text (hints, descriptions' labels) and placeholders. */
  textTertiary: string;
  placeholder: string;
  /** Borders of inputs, selects and default buttons (3:1). */
  controlBorder: string;
  /** The backgrounds these colours were checked on (the unit test reads them). */
  surfaces: string[];
}

const paletteCache = new Map<string, ReadablePalette>();

type StatusKey = 'colorPrimary' | 'colorError' | 'colorSuccess' | 'colorWarning';

/**
 * The colour antd paints for a seed: the dark algorithm moves seeds towards the background (a readable
 * seed can come out under 4.5:1), the light one keeps them.
 */
export function renderedColor(def: ThemeDef, key: StatusKey, seed: string): string {
  if (!def.dark) return seed;
  return darkAlgorithm({ ...seedToken, [key]: seed })[key];
}

export function readablePalette(def: ThemeDef, color: string): ReadablePalette {
  const key = `${def.name}${color}`;
  const cached = paletteCache.get(key);
  if (cached) return cached;
  const surfaces = surfacesOf(def);
  const ink = def.dark ? '#ffffff' : '#000000';
  // a light tint of the colour sits under selected items (menus, options, the top menu's active entry)
  const tinted = [...surfaces, new FastColor(surfaces[0]).mix(color, 14).toHexString()];
  const shade = (value: string, on = tinted, ratio = TEXT_RATIO) => readableShade(value, on, ratio, def.dark);
  // the seed whose painted colour reads: in the dark theme, lightened further until antd's result does
  const seedFor = (key: StatusKey, value: string) => {
    let seed = shade(value);
    for (
      let step = 0;
      step < 40 && minContrast(renderedColor(def, key, seed), tinted) < TEXT_RATIO;
      step += 1
    )
      seed = new FastColor(seed).mix('#ffffff', 5).toHexString();
    return seed;
  };
  // the light siders put a fixed tint under the selected entry, whose text is the primary colour
  const selectedUnder =
    def.selectedText === 'primary' && def.selectedBg !== 'primary'
      ? backgroundStops(def.siderBg).map((solid) =>
          new FastColor(def.selectedBg).onBackground(solid).toHexString(),
        )
      : [];
  let primary = color;
  for (let round = 0; round < 8; round += 1) {
    const ownTint = new FastColor(surfaces[0]).mix(primary, 14).toHexString();
    const next = shade(primary, [...tinted, ownTint, ...selectedUnder]);
    if (next === primary) break;
    primary = next;
  }
  if (def.dark) primary = seedFor('colorPrimary', primary);
  const error = seedFor('colorError', def.dark ? '#dc4446' : '#ff4d4f');
  const further = (value: string, amount: number) => new FastColor(value).mix(ink, amount).toHexString();
  const palette: ReadablePalette = {
    primary,
    primaryHover: further(primary, 12),
    primaryActive: further(primary, 22),
    onPrimary: textOn(primary),
    error,
    onError: textOn(error),
    success: seedFor('colorSuccess', def.dark ? '#49aa19' : '#52c41a'),
    warning: seedFor('colorWarning', def.dark ? '#d89614' : '#faad14'),
    textTertiary: shade(new FastColor(ink).setA(0.45).onBackground(surfaces[0]).toHexString(), surfaces),
    placeholder: shade(new FastColor(ink).setA(0.35).onBackground(surfaces[0]).toHexString(), surfaces),
    controlBorder: shade(
      new FastColor(ink).setA(0.2).onBackground(surfaces[0]).toHexString(),
      surfaces,
      UI_RATIO,
    ),
    surfaces,
  };
  paletteCache.set(key, palette);
  return palette;
}

/** A theme colour reference: `primary` (readable shade), `onPrimary`, or a colour as it is. */
export function resolveThemeColor(value: string, palette: ReadablePalette): string {
  if (value === 'primary') return palette.primary;
  if (value === 'onPrimary') return palette.onPrimary;
  return value;
}

/** The solid colours under the sider's text (a gradient's stops). */
export function siderStops(def: ThemeDef): string[] {
  return backgroundStops(def.siderBg);
}

/** The CSS variables of the frame for a theme and primary colour (applied on `<html>`). */
export function themeVariables(def: ThemeDef, primary: string): Record<string, string> {
  const palette = readablePalette(def, primary);
  return {
    '--psi-primary': palette.primary,
    // the colours antd paints, for plain markup drawn like antd's controls (the login form): the dark
    // algorithm moves the seeds (primary, error); the hover and active shades are given as they are
    '--psi-primary-fill': renderedColor(def, 'colorPrimary', palette.primary),
    '--psi-primary-hover': palette.primaryHover,
    '--psi-primary-active': palette.primaryActive,
    '--psi-on-primary': palette.onPrimary,
    '--psi-primary-picked': primary,
    '--psi-error': renderedColor(def, 'colorError', palette.error),
    '--psi-text-tertiary': palette.textTertiary,
    '--psi-placeholder': palette.placeholder,
    '--psi-control-border': palette.controlBorder,
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
    '--psi-selected-bg': resolveThemeColor(def.selectedBg, palette),
    '--psi-selected-text': resolveThemeColor(def.selectedText, palette),
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
