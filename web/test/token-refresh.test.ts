import { http, HttpResponse, delay } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../src/api/request';
import { isRefreshDue, startTokenRefreshTimer } from '../src/stores/token-refresh';
import { site } from '../src/config/site';
import { getCookie } from '../src/utils/cookie';
import { refreshToken, useSession } from '../src/stores/session';
import { basicHeader, captureNavigation, captureToasts, resetStores, signIn, tokenBody } from './helpers';
import { server } from './msw-server';

describe('refreshToken', () => {
  beforeEach(() => {
    resetStores();
    signIn({ access_token: 'old-access', refresh_token: 'old-refresh' });
  });

  it('runs one refresh for concurrent callers and stores the new pair', async () => {
    const calls: URL[] = [];
    let headers: Headers | undefined;
    server.use(
      http.post('/api/blade-auth/oauth/token', async ({ request: incoming }) => {
        calls.push(new URL(incoming.url));
        headers = incoming.headers;
        await delay(20);
        return HttpResponse.json(tokenBody({ access_token: 'new-access', refresh_token: 'new-refresh' }));
      }),
    );

    const results = await Promise.all([refreshToken(), refreshToken(), refreshToken()]);

    expect(calls).toHaveLength(1);
    expect(results.map((body) => body.access_token)).toEqual(['new-access', 'new-access', 'new-access']);
    const params = calls[0].searchParams;
    expect(params.get('grant_type')).toBe('refresh_token');
    expect(params.get('refresh_token')).toBe('old-refresh');
    expect(params.get('scope')).toBe('all');
    expect(params.get('tenantId')).toBe('000000');
    expect(headers?.get('tenant-id')).toBe('000000');
    expect(headers?.get('authorization')).toBe(basicHeader);
    expect(useSession.getState().token).toBe('new-access');
    expect(useSession.getState().refreshToken).toBe('new-refresh');
    expect(getCookie(site.cookies.refreshToken)).toBe('new-refresh');
  });

  it('lets a call made during the refresh wait and carry the new token', async () => {
    let seenToken: string | null = null;
    server.use(
      http.post('/api/blade-auth/oauth/token', async () => {
        await delay(20);
        return HttpResponse.json(tokenBody({ access_token: 'new-access' }));
      }),
      http.get('/api/thing', ({ request: incoming }) => {
        seenToken = incoming.headers.get('blade-auth');
        return HttpResponse.json({ code: 200, success: true, data: {}, msg: '' });
      }),
    );
    const refreshing = refreshToken();
    await request.get('/thing');
    await refreshing;
    expect(seenToken).toBe('bearer new-access');
  });

  it('ends the session when the server refuses the refresh token', async () => {
    const toasts = captureToasts();
    const navigate = captureNavigation();
    server.use(
      http.post('/api/blade-auth/oauth/token', () =>
        HttpResponse.json({ error_code: 400, error_description: '令牌已失效' }, { status: 400 }),
      ),
    );
    await expect(refreshToken()).rejects.toMatchObject({ code: 400 });
    expect(toasts.errors).toEqual(['令牌已失效']);
    expect(useSession.getState().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('keeps the session after a network failure so the next check can retry', async () => {
    captureToasts();
    server.use(http.post('/api/blade-auth/oauth/token', () => HttpResponse.error()));
    await expect(refreshToken()).rejects.toMatchObject({ code: 0 });
    expect(useSession.getState().token).toBe('old-access');
  });
});

describe('token refresh timer', () => {
  let stop: (() => void) | undefined;

  beforeEach(() => {
    resetStores();
    vi.useFakeTimers();
  });

  afterEach(() => {
    stop?.();
    stop = undefined;
    vi.useRealTimers();
  });

  /** A refresh that stays pending until the test resolves it. */
  function pendingRefresh() {
    let finish: () => void = () => undefined;
    const refresh = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    return { refresh, finish: () => finish() };
  }

  it('refreshes when the token age reaches tokenTime, checked every 10 s', () => {
    signIn();
    useSession.setState({ tokenSavedAt: Date.now() - (site.tokenTime - 10) * 1000 });
    const { refresh } = pendingRefresh();
    stop = startTokenRefreshTimer({ refresh });

    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(site.tokenCheckInterval - 1);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('never starts a second refresh while one is running', async () => {
    signIn();
    useSession.setState({ tokenSavedAt: Date.now() - site.tokenTime * 1000 });
    const { refresh, finish } = pendingRefresh();
    stop = startTokenRefreshTimer({ refresh });

    // Due already at start: the first check runs at once.
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(site.tokenCheckInterval * 5);
    expect(refresh).toHaveBeenCalledTimes(1);

    finish();
    await vi.advanceTimersByTimeAsync(site.tokenCheckInterval);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('does nothing for a fresh token or without a session', () => {
    const { refresh } = pendingRefresh();
    stop = startTokenRefreshTimer({ refresh });
    vi.advanceTimersByTime(site.tokenCheckInterval * 3);
    expect(isRefreshDue()).toBe(false);

    signIn();
    vi.advanceTimersByTime(site.tokenCheckInterval * 3);
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('a call answered 401 while signed in', () => {
  beforeEach(() => {
    resetStores();
    signIn({ access_token: 'old-access', refresh_token: 'old-refresh' });
  });

  it('refreshes the token and is sent once more with the new one, its body intact', async () => {
    const toasts = captureToasts();
    const seen: { token: string | null; body: unknown }[] = [];
    let refreshes = 0;
    server.use(
      http.post('/api/blade-auth/oauth/token', () => {
        refreshes++;
        return HttpResponse.json(tokenBody({ access_token: 'new-access', refresh_token: 'new-refresh' }));
      }),
      http.post('/api/thing/submit', async ({ request: incoming }) => {
        const token = incoming.headers.get('blade-auth');
        seen.push({ token, body: await incoming.json() });
        if (token === 'bearer old-access')
          return HttpResponse.json(
            { code: 401, success: false, data: {}, msg: '请求未授权' },
            { status: 401 },
          );
        return HttpResponse.json({ code: 200, success: true, data: { saved: true }, msg: '操作成功' });
      }),
    );
    const response = await request.post('/thing/submit', { name: 'typed' });
    expect(response.data).toMatchObject({ data: { saved: true } });
    expect(refreshes).toBe(1);
    expect(seen).toEqual([
      { token: 'bearer old-access', body: { name: 'typed' } },
      { token: 'bearer new-access', body: { name: 'typed' } },
    ]);
    expect(useSession.getState().token).toBe('new-access');
    expect(toasts.errors).toEqual([]);
  });

  it('ends the session when the refresh is refused, without a toast, and sends nothing again', async () => {
    const toasts = captureToasts();
    const navigate = captureNavigation();
    let calls = 0;
    server.use(
      http.post('/api/blade-auth/oauth/token', () =>
        HttpResponse.json({ error_code: 401, error_description: '令牌已失效' }, { status: 401 }),
      ),
      http.get('/api/thing', () => {
        calls++;
        return HttpResponse.json({ code: 401, success: false, data: {}, msg: '请求未授权' }, { status: 401 });
      }),
    );
    await expect(request.get('/thing')).rejects.toMatchObject({ code: 401, notified: false });
    expect(calls).toBe(1);
    expect(useSession.getState().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(toasts.errors).toEqual([]);
  });

  it('ends the session when the call is refused again after the refresh', async () => {
    const navigate = captureNavigation();
    let calls = 0;
    server.use(
      http.post('/api/blade-auth/oauth/token', () =>
        HttpResponse.json(tokenBody({ access_token: 'new-access' })),
      ),
      http.get('/api/thing', () => {
        calls++;
        return HttpResponse.json({ code: 401, success: false, data: {}, msg: '请求未授权' });
      }),
    );
    await expect(request.get('/thing')).rejects.toMatchObject({ code: 401 });
    expect(calls).toBe(2);
    expect(useSession.getState().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});
