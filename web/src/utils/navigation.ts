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
