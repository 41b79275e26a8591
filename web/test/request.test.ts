import { delay, http, HttpResponse } from 'msw';
import NProgress from 'nprogress';
import { beforeEach, describe, expect, it } from 'vitest';
import { RequestError } from '../src/api/errors';
import { getData, request } from '../src/api/request';
import { site } from '../src/config/site';
import { getCookie } from '../src/utils/cookie';
import { useSession } from '../src/stores/session';
import { useSettings } from '../src/stores/settings';
import { basicHeader, captureNavigation, captureToasts, resetStores, signIn, tokenBody } from './helpers';
import { server } from './msw-server';

const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' });

describe('HTTP client configuration', () => {
  it('uses the contract defaults', () => {
    expect(request.defaults.baseURL).toBe('/api');
    expect(request.defaults.timeout).toBe(60_000);
    expect(request.defaults.withCredentials).toBe(true);
    const accepts = request.defaults.validateStatus;
    expect([199, 200, 400, 500, 501].map((status) => accepts?.(status))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });
});

describe('progress bar', () => {
  it('runs while requests are in flight and stops when the last one ends', async () => {
    server.use(
      http.get('/api/slow', async () => {
        await delay(30);
        return ok({});
      }),
      http.get('/api/broken', () => HttpResponse.json({ code: 500, msg: 'x' })),
    );
    captureToasts();
    const first = request.get('/slow');
    const second = request.get('/broken').catch(() => undefined);
    await second;
    expect(NProgress.isStarted()).toBe(true);
    await first;
    expect(NProgress.isStarted()).toBe(false);
  });
});

describe('request headers', () => {
  let seen: Headers | undefined;
  beforeEach(() => {
    resetStores();
    seen = undefined;
    server.use(
      http.get('/api/echo', ({ request: incoming }) => {
        seen = incoming.headers;
        return ok({});
      }),
    );
  });

  it('sends the Basic client header and the language, without Blade-Auth when signed out', async () => {
    await request.get('/echo');
    expect(seen?.get('authorization')).toBe(basicHeader);
    expect(seen?.get('accept-language')).toBe('zh');
    expect(seen?.has('blade-auth')).toBe(false);
  });

  it('sends Blade-Auth with the bearer token when signed in, and follows the language', async () => {
    signIn({ access_token: 'token-abc' });
    useSettings.getState().setLanguage('en');
    await request.get('/echo');
    expect(seen?.get('blade-auth')).toBe('bearer token-abc');
    expect(seen?.get('accept-language')).toBe('en');
  });

  it('lets a call opt out of the client header and of the token', async () => {
    signIn();
    await request.get('/echo', { authorization: false, meta: { isToken: false } });
    expect(seen?.has('authorization')).toBe(false);
    expect(seen?.has('blade-auth')).toBe(false);
  });
});

describe('response handling', () => {
  beforeEach(() => resetStores());

  it('returns the envelope data of a success', async () => {
    server.use(http.get('/api/thing', () => ok({ id: '1' })));
    await expect(getData('/thing')).resolves.toEqual({ id: '1' });
  });

  /** The token route refusing the stored refresh token, as our server does after a sign-out elsewhere. */
  const refuseRefresh = () =>
    server.use(
      http.post('/api/blade-auth/oauth/token', () =>
        HttpResponse.json({ error_code: 400, error_description: '刷新令牌无效' }, { status: 400 }),
      ),
    );

  it('on body code 401 (HTTP 200, the public line) renews the token once and sends the call again', async () => {
    signIn();
    const seen: (string | null)[] = [];
    server.use(
      http.post('/api/blade-auth/oauth/token', ({ request: incoming }) => {
        const query = new URL(incoming.url).searchParams;
        expect([query.get('grant_type'), query.get('refresh_token')]).toEqual(['refresh_token', 'refresh-1']);
        return HttpResponse.json(tokenBody({ access_token: 'access-2', refresh_token: 'refresh-2' }));
      }),
      http.get('/api/thing', ({ request: incoming }) => {
        seen.push(incoming.headers.get('blade-auth'));
        if (incoming.headers.get('blade-auth') === 'bearer access-1')
          return HttpResponse.json({ code: 401, success: false, data: null, msg: '请求未授权' });
        return ok({ id: '1' });
      }),
    );

    await expect(getData('/thing')).resolves.toEqual({ id: '1' });
    expect(seen).toEqual(['bearer access-1', 'bearer access-2']);
    expect(useSession.getState().token).toBe('access-2');
  });

  it('logs out and goes to /login on body code 401 when the renewal is refused, without a toast', async () => {
    const toasts = captureToasts();
    const navigate = captureNavigation();
    signIn();
    expect(getCookie(site.cookies.accessToken)).toBe('access-1');
    refuseRefresh();
    server.use(
      http.get('/api/thing', () =>
        HttpResponse.json({ code: 401, success: false, data: null, msg: '请求未授权' }),
      ),
    );

    const failure = await request.get('/thing').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(RequestError);
    expect((failure as RequestError).code).toBe(401);
    expect(useSession.getState().token).toBeNull();
    expect(useSession.getState().userInfo).toBeNull();
    expect(getCookie(site.cookies.accessToken)).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(toasts.errors).toEqual([]);
  });

  it('treats HTTP 401 without a body code the same way', async () => {
    const navigate = captureNavigation();
    signIn();
    refuseRefresh();
    server.use(http.get('/api/thing', () => new HttpResponse(null, { status: 401 })));
    await expect(request.get('/thing')).rejects.toBeInstanceOf(RequestError);
    expect(useSession.getState().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('ends the session when the renewed call is refused again', async () => {
    const navigate = captureNavigation();
    signIn();
    let renewals = 0;
    server.use(
      http.post('/api/blade-auth/oauth/token', () => {
        renewals += 1;
        return HttpResponse.json(tokenBody({ access_token: 'access-2', refresh_token: 'refresh-2' }));
      }),
      http.get('/api/thing', () =>
        HttpResponse.json({ code: 401, success: false, data: null, msg: '请求未授权' }),
      ),
    );
    await expect(request.get('/thing')).rejects.toBeInstanceOf(RequestError);
    expect(renewals).toBe(1);
    expect(useSession.getState().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('names the route a 404 or 405 answer lacks, in the user language', async () => {
    const toasts = captureToasts();
    signIn();
    server.use(
      http.get('/api/gone', () =>
        HttpResponse.json({ code: 404, success: false, data: {}, msg: 'No endpoint' }, { status: 404 }),
      ),
      http.post('/api/wrong', () => HttpResponse.json({ code: 405, success: false, data: {}, msg: '' })),
    );
    await request.get('/gone', { params: { id: 1 } }).catch(() => undefined);
    useSettings.getState().setLanguage('en');
    await request.post('/wrong').catch(() => undefined);
    expect(toasts.errors).toEqual(['后端没有这个接口：GET /gone', 'The backend has no route POST /wrong']);
  });

  it('rejects a whitelisted code silently', async () => {
    const toasts = captureToasts();
    const whiteList = site.statusWhiteList as number[];
    whiteList.push(418);
    try {
      server.use(http.get('/api/thing', () => HttpResponse.json({ code: 418, msg: '茶壶' })));
      const failure = await request.get('/thing').catch((error: unknown) => error);
      expect((failure as RequestError).code).toBe(418);
      expect((failure as RequestError).notified).toBe(false);
      expect(toasts.errors).toEqual([]);
    } finally {
      whiteList.pop();
    }
  });

  it('toasts msg first for any other code, and keeps the session', async () => {
    const toasts = captureToasts();
    signIn();
    server.use(
      http.get('/api/thing', () =>
        HttpResponse.json(
          { code: 403, success: false, msg: '无权限', error_description: 'ignored' },
          { status: 403 },
        ),
      ),
    );
    const failure = await request.get('/thing').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestError);
    expect((failure as RequestError).notified).toBe(true);
    expect(toasts.errors).toEqual(['无权限']);
    expect(useSession.getState().token).toBe('access-1');
  });

  it('toasts error_description when there is no msg (token endpoint failure, HTTP 400)', async () => {
    const toasts = captureToasts();
    server.use(
      http.post('/api/thing', () =>
        HttpResponse.json({ error_code: 400, error_description: '用户名或密码错误' }, { status: 400 }),
      ),
    );
    await expect(request.post('/thing')).rejects.toMatchObject({ code: 400, message: '用户名或密码错误' });
    expect(toasts.errors).toEqual(['用户名或密码错误']);
  });

  it('toasts 未知错误 when the failure says nothing', async () => {
    const toasts = captureToasts();
    server.use(
      http.get('/api/thing', () => HttpResponse.json({ code: 500, success: false }, { status: 500 })),
    );
    await expect(request.get('/thing')).rejects.toBeInstanceOf(RequestError);
    expect(toasts.errors).toEqual(['未知错误']);
  });

  it('judges a status outside 200..500 by the same rules', async () => {
    const toasts = captureToasts();
    server.use(
      http.get('/api/thing', () => HttpResponse.json({ code: 501, msg: '未实现' }, { status: 501 })),
    );
    await expect(request.get('/thing')).rejects.toMatchObject({ code: 501 });
    expect(toasts.errors).toEqual(['未实现']);
  });

  it('says the service is unavailable when a gateway answers 502, 503 or 504 without a message', async () => {
    const toasts = captureToasts();
    server.use(
      http.get('/api/a', () => new HttpResponse('Bad Gateway', { status: 502 })),
      http.get('/api/b', () =>
        HttpResponse.json({ statusCode: 503, error: 'Service Unavailable' }, { status: 503 }),
      ),
      http.get('/api/c', () => HttpResponse.json({ code: 503, msg: '上游维护中' }, { status: 503 })),
    );
    await expect(request.get('/a')).rejects.toMatchObject({ code: 502 });
    await expect(request.get('/b')).rejects.toMatchObject({ code: 503 });
    await expect(request.get('/c')).rejects.toMatchObject({ code: 503 });
    expect(toasts.errors).toEqual(['服务暂不可用，请稍后再试', '服务暂不可用，请稍后再试', '上游维护中']);
  });

  it('says when to try again after a 429, in the language of the user', async () => {
    const toasts = captureToasts();
    const throttled = (retryAfter: string) => () =>
      HttpResponse.json(
        { code: 429, success: false, data: {}, msg: '请求过于频繁,请稍后再试' },
        { status: 429, headers: { 'retry-after': retryAfter } },
      );
    server.use(
      http.post('/api/seconds', throttled('30')),
      http.post('/api/minutes', throttled('600')),
      http.post('/api/none', () =>
        HttpResponse.json({ code: 429, msg: '请求过于频繁,请稍后再试' }, { status: 429 }),
      ),
    );
    await expect(request.post('/seconds')).rejects.toMatchObject({ code: 429 });
    useSettings.getState().setLanguage('en');
    await expect(request.post('/seconds')).rejects.toMatchObject({ code: 429 });
    await expect(request.post('/minutes')).rejects.toMatchObject({ code: 429 });
    useSettings.getState().setLanguage('zh');
    await expect(request.post('/none')).rejects.toMatchObject({ code: 429 });
    expect(toasts.errors).toEqual([
      '请求过于频繁，请 30 秒后再试',
      'Too many requests, please try again in 30 seconds',
      'Too many requests, please try again in 10 minutes',
      '请求过于频繁,请稍后再试',
    ]);
  });

  it('rejects a network error with a toast', async () => {
    const toasts = captureToasts();
    server.use(http.get('/api/thing', () => HttpResponse.error()));
    const failure = await request.get('/thing').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestError);
    expect((failure as RequestError).code).toBe(0);
    expect(toasts.errors).toEqual(['网络异常，请检查网络连接']);
  });
});
