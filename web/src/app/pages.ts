import { lazyPage } from './lazy-page';

/** Every routed page, each its own chunk. */
export const LoginPage = lazyPage(() => import('../pages/login'));
export const WelcomePage = lazyPage(() => import('../pages/wel'));
export const ForbiddenPage = lazyPage(() => import('../pages/error/ForbiddenPage'));
export const NotFoundPage = lazyPage(() => import('../pages/error/NotFoundPage'));
export const ServerErrorPage = lazyPage(() => import('../pages/error/ServerErrorPage'));
export const BasicLayout = lazyPage(() => import('./layout/BasicLayout'));

/**
 * Downloads the first signed-in screen (layout and home) while the login request runs, so the home page
 * appears as soon as the session is stored.
 */
export function preloadSignedInPages(): void {
  BasicLayout.preload().catch(() => undefined);
  WelcomePage.preload().catch(() => undefined);
}
