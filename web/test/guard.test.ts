import { describe, expect, it } from 'vitest';
import { guardRedirect, looksLikeMenuRoute, mergedHandle } from '../src/app/guard';
import { safeRedirect } from '../src/utils/navigation';

const app = { title: 'route.home' } as const;

describe('route guard', () => {
  it('sends every navigation of a locked session to the lock page', () => {
    expect(guardRedirect({ path: '/wel/index', signedIn: true, locked: true, handle: app })).toBe('/lock');
    expect(guardRedirect({ path: '/login', signedIn: true, locked: true, handle: { isAuth: false } })).toBe(
      '/lock',
    );
    expect(guardRedirect({ path: '/lock', signedIn: true, locked: true, handle: {} })).toBeNull();
    // nothing to unlock
    expect(guardRedirect({ path: '/lock', signedIn: true, locked: false, handle: {} })).toBe('/');
    expect(guardRedirect({ path: '/lock', signedIn: false, locked: true, handle: {} })).toBe('/login');
  });

  it('opens isAuth:false routes without a session', () => {
    for (const path of ['/login', '/404', '/403', '/500']) {
      expect(guardRedirect({ path, signedIn: false, locked: false, handle: { isAuth: false } })).toBeNull();
    }
  });

  it('sends a visitor without a token to /login, and back to the page afterwards', () => {
    expect(guardRedirect({ path: '/wel/index', signedIn: false, locked: false, handle: app })).toBe('/login');
    expect(
      guardRedirect({ path: '/info/index', search: '?a=1', signedIn: false, locked: false, handle: {} }),
    ).toBe('/login?redirect=%2Finfo%2Findex%3Fa%3D1');
    expect(guardRedirect({ path: '/wel/index', signedIn: true, locked: false, handle: app })).toBeNull();
  });

  it('sends an unknown path of a visitor to /404, a menu-shaped one to /login', () => {
    const catchAll = { catchAll: true };
    expect(guardRedirect({ path: '/no/such/page', signedIn: false, locked: false, handle: catchAll })).toBe(
      '/404',
    );
    expect(
      guardRedirect({ path: '/system/param/index', signedIn: false, locked: false, handle: catchAll }),
    ).toBe('/login?redirect=%2Fsystem%2Fparam%2Findex');
    expect(looksLikeMenuRoute('/myiframe/doc')).toBe(true);
    expect(looksLikeMenuRoute('/index')).toBe(false);
  });

  it('merges route handles, the deepest winning', () => {
    expect(mergedHandle([{ isTab: false }, undefined, { title: 'route.login', isAuth: false }])).toEqual({
      isTab: false,
      title: 'route.login',
      isAuth: false,
    });
  });

  it('only redirects inside the app after login', () => {
    expect(safeRedirect('/system/param/index')).toBe('/system/param/index');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('/login')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});
