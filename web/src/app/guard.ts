import type { MessageKey } from '../i18n/resources';
import { site } from '../config/site';

/**
 * Route `handle` of the app. `title` is an i18n key (the tab label and page title); `isAuth: false` opens
 * a route without login; `isTab: false` keeps it out of the tab bar; `catchAll` marks the route that
 * resolves the server's menu paths (an unknown path for a visitor without a session).
 */
export interface RouteHandle {
  title?: MessageKey;
  isAuth?: boolean;
  isTab?: boolean;
  catchAll?: boolean;
}

function asHandle(handle: unknown): RouteHandle {
  return typeof handle === 'object' && handle !== null ? (handle as RouteHandle) : {};
}

/** The handles of the matched routes merged, the deepest route winning. */
export function mergedHandle(handles: readonly unknown[]): RouteHandle {
  return handles.reduce<RouteHandle>((merged, handle) => ({ ...merged, ...asHandle(handle) }), {});
}

/** A path a menu could lead to: leaf menu paths end with `/index`, embedded pages live under `/myiframe/`. */
export function looksLikeMenuRoute(path: string): boolean {
  return /^\/[^/].*\/index$/.test(path) || path.startsWith('/myiframe/');
}

export interface GuardInput {
  /** The path being opened. */
  path: string;
  /** Its query string (`?a=1`), kept in the login redirect. */
  search?: string;
  /** A token is stored. */
  signedIn: boolean;
  /** The screen is locked. */
  locked: boolean;
  handle: RouteHandle;
}

/**
 * The route guard of the spec (section 2, "Route guard"), as a pure decision: the path to redirect to,
 * or null to open the route. The login path itself is guarded by `GuestOnly` (a user who arrives
 * signed in goes to `/`).
 *
 * 1. With a token and a locked screen, every navigation goes to the lock page.
 * 2. Routes whose `isAuth` is false are open without login.
 * 3. Without a token the user goes to /login (the caller clears what is left of the session), and back
 *    to the page after signing in. Menu routes are known only with a session: a path shaped like one (a
 *    leaf menu path ends with `/index`; embedded pages are under `/myiframe/`) goes to /login too, any
 *    other unknown path to /404.
 */
export function guardRedirect({ path, search = '', signedIn, locked, handle }: GuardInput): string | null {
  if (signedIn && locked) return path === site.lockPath ? null : site.lockPath;
  if (path === site.lockPath) return signedIn ? '/' : site.loginPath;
  if (handle.isAuth === false) return null;
  if (signedIn) return null;
  if (handle.catchAll && !looksLikeMenuRoute(path)) return '/404';
  const back = path === '/' || path === site.homePath ? '' : path + search;
  return back ? `${site.loginPath}?redirect=${encodeURIComponent(back)}` : site.loginPath;
}
