/**
 * The two Blade product lines this project speaks. `bladex` is the commercial line the product spec
 * describes (`/blade-auth/oauth/token`, snake_case token answers, lazy lists, business dictionaries);
 * `springblade` is the public open-source line (`/blade-auth/token` with an SM2-encrypted password,
 * the `R<AuthInfo>` answer, trees instead of lazy lists). The server stands in for either
 * (`BLADE_LINE`), the web client and the contract runner speak both.
 */
export const BLADE_LINES = ['bladex', 'springblade'] as const;
export type BladeLine = (typeof BLADE_LINES)[number];

/** Reads a line setting; empty gives the fallback, anything else but a line's name is refused. */
export function parseBladeLine(name: string, value: string | undefined, fallback: BladeLine): BladeLine {
  const v = (value ?? '').trim().toLowerCase();
  if (!v) return fallback;
  if ((BLADE_LINES as readonly string[]).includes(v)) return v as BladeLine;
  throw new Error(`${name} must be one of ${BLADE_LINES.join(', ')}, not ${value}`);
}

/**
 * Routes of this server that the public SpringBlade line (4.10) does not have: BladeX's own routes
 * (its sign-in under `/blade-auth/oauth/*`, the `/blade-user/*` service, lazy lists and selects,
 * business dictionaries, tenant packages and settings, the OSS/SMS configuration and attachments) and
 * our extras on its services (`GET /blade-auth/public-key`: no real SpringBlade serves its key, it is
 * configured into the client). On the `springblade` line they answer exactly as an unknown route does.
 * Our business modules (`/blade-psi`, `/blade-flow`, the desk's inbox and leave process, `/demo`) stay
 * on both lines: a PSI built on SpringBlade adds its own. A pattern is a path, or `prefix/**` for
 * everything under it. Learnt from the public SpringBlade controllers (springblade-notes section 9.16).
 */
export const BLADEX_ONLY_ROUTES = [
  '/blade-auth/oauth/**',
  '/blade-auth/public-key',
  '/blade-user/**',
  '/blade-system/user/page',
  '/blade-system/user/platform-detail',
  '/blade-system/user/update-platform',
  '/blade-system/user/export',
  '/blade-system/dept/lazy-list',
  '/blade-system/dept/lazy-tree',
  '/blade-system/dept/select',
  '/blade-system/role/select',
  '/blade-system/menu/lazy-list',
  '/blade-system/dict/parent-list',
  '/blade-system/dict/child-list',
  '/blade-system/dict-biz/**',
  '/blade-system/tenant-package/**',
  '/blade-system/tenant/setting',
  '/blade-system/tenant/datasource',
  '/blade-system/tenant/package-detail',
  '/blade-system/tenant/package-setting',
  '/blade-resource/oss/list',
  '/blade-resource/oss/detail',
  '/blade-resource/oss/submit',
  '/blade-resource/oss/remove',
  '/blade-resource/oss/enable',
  '/blade-resource/sms/**',
  '/blade-resource/attach/**',
  '/blade-report/report/rest/export',
] as const;

/** Whether a route (its path as a Blade gateway serves it, without `/api`) exists on a line. */
export function lineHasRoute(line: BladeLine, path: string): boolean {
  if (line === 'bladex') return true;
  return !BLADEX_ONLY_ROUTES.some((pattern) =>
    pattern.endsWith('/**') ? path.startsWith(pattern.slice(0, -2)) : path === pattern,
  );
}

/**
 * Parts of this product that a Blade backend of either line may not have (a SpringBlade without our
 * PSI, a BladeX without our bell), each with the route that tells: the route answers 404 (or 405)
 * without a token where the part is absent. The web client shows a part only where it is present.
 */
export const OPTIONAL_FEATURES = {
  psi: '/blade-psi/dashboard/summary',
  flow: '/blade-flow/work/todo-list',
  inbox: '/blade-desk/notice/inbox',
  demo: '/demo/info',
} as const;
export type OptionalFeature = keyof typeof OPTIONAL_FEATURES;

/**
 * The run-time settings the serving server writes into the web's index.html (a meta tag, see
 * `server/src/core/site.ts` and `web/src/config/site.ts`).
 */
export interface ServedSiteConfig {
  /** Switching department and role: `Dept-Id` / `Role-Id` sent at sign-in and refresh. */
  switchMode: boolean;
  /** The server forwards `/api` to a Blade gateway (`BLADE_UPSTREAM`): the contract drift report exists. */
  proxyMode?: boolean;
  /** Fault injection is on (`FAULTS=on`): the fault rules page has rules to manage. */
  faults?: boolean;
  /** The line of the backend behind `/api`: the server's own `BLADE_LINE`, or in proxy mode the upstream's. */
  line?: BladeLine;
  /** `springblade`: the SM2 public key (`04…`, 130 hex) the client encrypts the password with. */
  sm2PublicKey?: string;
  /** Optional parts and whether the backend has them; a part not listed is present. */
  features?: Partial<Record<OptionalFeature, boolean>>;
}
