import { act, screen, waitFor } from '@testing-library/react';
import NProgress from 'nprogress';
import { beforeEach, describe, expect, it } from 'vitest';
import { lazyPage } from '../src/app/lazy-page';
import { RootRoute } from '../src/app/RootRoute';
import { resetStores } from './helpers';
import { renderRoutes } from './render';

describe('progress bar on navigation', () => {
  beforeEach(() => {
    resetStores();
    NProgress.done(true);
  });

  it('runs from a navigation until the new route has rendered', async () => {
    const { router } = renderRoutes(
      [
        {
          element: <RootRoute />,
          children: [
            { path: '/login', element: <p>first</p>, handle: { isAuth: false } },
            { path: '/403', element: <p>second</p>, handle: { isAuth: false } },
          ],
        },
      ],
      '/login',
    );
    expect(await screen.findByText('first')).toBeTruthy();
    await waitFor(() => expect(NProgress.isStarted()).toBe(false));
    await act(() => router.navigate('/403'));
    expect(screen.getByText('second')).toBeTruthy();
    expect(NProgress.isStarted()).toBe(true);
    await waitFor(() => expect(NProgress.isStarted()).toBe(false));
  });

  it('runs while a lazy page downloads, and stops when it failed too', async () => {
    let finish: (module: { default: () => null }) => void = () => undefined;
    const page = lazyPage(
      () =>
        new Promise<{ default: () => null }>((resolve) => {
          finish = resolve;
        }),
    );
    const loading = page.preload();
    expect(NProgress.isStarted()).toBe(true);
    finish({ default: () => null });
    await loading;
    expect(NProgress.isStarted()).toBe(false);

    const broken = lazyPage<object>(() => Promise.reject(new Error('offline')));
    const failed = broken.preload().catch(() => 'failed');
    expect(NProgress.isStarted()).toBe(true);
    expect(await failed).toBe('failed');
    expect(NProgress.isStarted()).toBe(false);
  });
});
