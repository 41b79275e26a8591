/**
 * Site configuration, the equivalent of Saber's `src/config/website.js`.
 * Every business constant of the product spec (section 9) lives here so that screens never hard-code them.
 */

import {
  BLADE_LINES,
  OPTIONAL_FEATURES,
  type BladeLine,
  type OptionalFeature,
  type ServedSiteConfig,
} from '@psi/db/model/line';

export type Language = 'zh' | 'en';

export const supportedLanguages: readonly Language[] = ['zh', 'en'];

/** The eleven shell themes of the spec (their colours are in `themes.ts`). */
export const themeNames = [
  'default',
  'white',
  'dark',
  'star',
  'bule',
  'iview',
  'vip',
  'cool',
  'd2',
  'hey',
  'lte',
] as const;
export type ThemeName = (typeof themeNames)[number];

const env = import.meta.env;

/** What the serving server says about this site (see `readServedSite`). */
export type ServedSite = Partial<ServedSiteConfig>;

/** Name of the meta tag the server writes into index.html (`server/src/core/site.ts`). */
const siteMetaName = 'psi-site';

/**
 * The run-time site configuration of the server that serves the web: a
 * `<meta name="psi-site" content='{"switchMode":true}'>` in index.html (no inline script under the
 * CSP, no request before the app renders). Without it (unit tests, a static host) the build-time
 * defaults apply.
 */
export function readServedSite(doc: Document | undefined = globalThis.document): ServedSite {
  const content = doc?.querySelector(`meta[name="${siteMetaName}"]`)?.getAttribute('content');
  if (!content) return {};
  try {
    const parsed: unknown = JSON.parse(content);
    if (!parsed || typeof parsed !== 'object') return {};
    const { switchMode, proxyMode, faults, line, sm2PublicKey, features, demoTenants } = parsed as Record<
      string,
      unknown
    >;
    return {
      ...(typeof switchMode === 'boolean' ? { switchMode } : {}),
      ...(typeof proxyMode === 'boolean' ? { proxyMode } : {}),
      ...(typeof faults === 'boolean' ? { faults } : {}),
      ...((BLADE_LINES as readonly unknown[]).includes(line) ? { line: line as BladeLine } : {}),
      ...(typeof sm2PublicKey === 'string' && sm2PublicKey ? { sm2PublicKey } : {}),
      ...(features && typeof features === 'object' ? { features: featuresOf(features) } : {}),
      ...(Array.isArray(demoTenants) ? { demoTenants: tenantsOf(demoTenants) } : {}),
    };
  } catch {
    return {};
  }
}

/** The served demo tenants, keeping only well-formed entries. */
function tenantsOf(list: unknown[]): NonNullable<ServedSite['demoTenants']> {
  return list.flatMap((entry) => {
    const { tenantId, tenantName } = (entry ?? {}) as Record<string, unknown>;
    return typeof tenantId === 'string' && typeof tenantName === 'string' ? [{ tenantId, tenantName }] : [];
  });
}

/** The served features, keeping only known names with boolean values. */
function featuresOf(value: object): ServedSite['features'] {
  const known = Object.keys(OPTIONAL_FEATURES) as OptionalFeature[];
  const entries = Object.entries(value).filter(
    (e): e is [OptionalFeature, boolean] => (known as string[]).includes(e[0]) && typeof e[1] === 'boolean',
  );
  return Object.fromEntries(entries);
}

const served = readServedSite();

export const site = {
  /** Prefix of every localStorage key and cookie the app writes (`saber-session`, `saber-access-token`). */
  keyPrefix: 'saber',
  /** OAuth client credentials; overridable at build time because a real Blade backend may differ. */
  clientId: env.VITE_CLIENT_ID || 'saber',
  clientSecret: env.VITE_CLIENT_SECRET || 'saber_secret',
  /** API prefix; the dev server proxies it to the Fastify server. */
  apiBase: '/api',

  tenantId: '000000',
  /** Sign-in needs a captcha (`grant_type=captcha`), otherwise `grant_type=password`. */
  captchaMode: true,
  /** The tenant id field is shown on the login page. */
  tenantMode: true,
  /**
   * Switching department and role (sends `Dept-Id` / `Role-Id` on login and refresh): the serving
   * server's `SWITCH_MODE` setting; without one, on only when the build sets `VITE_SWITCH_MODE=true`.
   */
  switchMode: served.switchMode ?? env.VITE_SWITCH_MODE === 'true',
  mockMode: false,
  /** The serving server is a validating proxy in front of a Blade gateway (`BLADE_UPSTREAM`). */
  proxyMode: served.proxyMode ?? false,
  /** The serving server injects faults (`FAULTS=on`): the fault injection page manages its rules. */
  faults: served.faults ?? false,
  /** The Blade line of the backend behind `/api` (the serving server's, or its upstream's). */
  line: served.line ?? ('bladex' as BladeLine),
  /** Public line: the SM2 public key passwords are encrypted with at sign-in. */
  sm2PublicKey: served.sm2PublicKey ?? '',
  /** Optional parts of the backend (PSI, flow, bell, demo) and whether it has them; unlisted: present. */
  features: served.features ?? {},
  /** Data seeded as a demo: its tenants, offered under the sign-in form's tenant field. */
  demoTenants: served.demoTenants ?? [],

  /** Age of the stored token, in seconds, at which it is refreshed. */
  tokenTime: 3000,
  /** How often the token age is checked, in milliseconds. */
  tokenCheckInterval: 10_000,
  /** Request timeout in milliseconds. */
  requestTimeout: 60_000,
  /** HTTP statuses read as responses (their body `code` decides success). */
  validStatus: { min: 200, max: 500 },
  /** Body codes rejected without an error toast. */
  statusWhiteList: [] as readonly number[],
  /** A lazily loaded page that takes longer than this to download fails with an error page. */
  chunkLoadTimeout: 120_000,

  defaultLanguage: 'zh' as Language,
  defaultColor: '#409EFF',
  defaultTheme: 'default' as ThemeName,
  /** Swatches of the colour picker (Saber's palette); any other colour can be picked too. */
  colorPresets: [
    '#409EFF',
    '#304156',
    '#11A983',
    '#13C2C2',
    '#6959CD',
    '#F5222D',
    '#EB2F96',
    '#DB7093',
    '#FA541C',
    '#FF8C00',
    '#FAAD14',
    '#52C41A',
  ] as readonly string[],

  /** The home tab. */
  homePath: '/wel/index',
  loginPath: '/login',
  lockPath: '/lock',
  /** Open tabs kept alive (rendered hidden) at most; older hidden pages are remounted on return. */
  keepAliveMax: 20,

  pageSize: 10,
  pageSizes: [10, 30, 50, 100, 200] as readonly number[],
  /** dayjs pattern of the wire and display timestamps. */
  dateTimeFormat: 'YYYY-MM-DD HH:mm:ss',

  errorLogMax: 99,
  lockRedirectDelay: 100,
  /** Avatar upload limit in bytes (500 kb) and accepted types. */
  avatarMaxBytes: 500 * 1024,
  avatarTypes: ['image/jpeg', 'image/png'] as readonly string[],
  dialogWidth: { tenantPackage: 600, dictionary: 880 },
  /** Screen size class by viewport width: 3 for >= 1200, 2 for >= 992, 1 for >= 768, otherwise 0. */
  screenBreakpoints: [1200, 992, 768] as readonly number[],

  /** Cookie names of the tokens (spec section 9). */
  cookies: {
    accessToken: 'saber-access-token',
    refreshToken: 'saber-refresh-token',
  },

  /** Field names of the server's menu DTO, as Saber's `website.menu` maps them. */
  menuFields: { label: 'name', path: 'path', icon: 'source', children: 'children' },
} as const;

/** A localStorage key under the site prefix, e.g. `saber-session`. */
export function storageKey(name: string): string {
  return `${site.keyPrefix}-${name}`;
}

/** The screen size class of the spec for a viewport width. */
export function screenClass(width: number): number {
  const index = site.screenBreakpoints.findIndex((min) => width >= min);
  return index === -1 ? 0 : site.screenBreakpoints.length - index;
}
