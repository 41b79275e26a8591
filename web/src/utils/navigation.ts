import { site } from '../config/site';

/**
 * Lets code outside React (the HTTP client, stores) navigate. The router registers its own `navigate`
 * at start-up; before that, or in tests without a router, a full page load is the fallback.
 */
type NavigateFunction = (path: string) => void;

let navigateImpl: NavigateFunction = (path) => window.location.assign(path);

export function registerNavigate(navigate: NavigateFunction): void {
  navigateImpl = navigate;
}

export function navigateTo(path: string): void {
  navigateImpl(path);
}

/** Where the login page sends the user after sign-in: a path inside the app, never another site. */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return null;
  if (target.startsWith(site.loginPath) || target.startsWith(site.lockPath)) return null;
  return target;
}
