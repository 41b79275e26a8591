import { site } from '../config/site';
import { useSession } from '../stores/session';
import { navigateTo } from '../utils/navigation';
import { refreshAccessToken } from './auth';
import { RequestError } from './errors';
import { pendingRefresh, runExclusiveRefresh } from './refresh-gate';
import { bindRefresh } from './session-bridge';
import type { TokenBody } from './types';

/**
 * Exchanges the refresh token for a new pair. Concurrent callers share one request. A refusal by the
 * server ends the session; a network failure keeps it so that the next check can try again.
 */
export function refreshToken(): Promise<TokenBody> {
  return runExclusiveRefresh(async () => {
    const { refreshToken: token, tenantId, userInfo } = useSession.getState();
    if (!token) throw new RequestError('no refresh token', 401, { notified: false });
    try {
      const body = await refreshAccessToken({
        refreshToken: token,
        tenantId,
        deptId: userInfo?.dept_id,
        roleId: userInfo?.role_id,
      });
      useSession.getState().applyToken(body);
      return body;
    } catch (error) {
      if (error instanceof RequestError && error.code !== 0 && useSession.getState().token) {
        useSession.getState().federatedLogout();
        navigateTo(site.loginPath);
      }
      throw error;
    }
  });
}

// a call answered 401 refreshes through this and is sent again once (api/request.ts)
bindRefresh(refreshToken);

/** Age of the stored token in seconds. */
function tokenAgeSeconds(now: number = Date.now()): number {
  return (now - useSession.getState().tokenSavedAt) / 1000;
}

/** True when a signed-in session's token has reached `site.tokenTime` and no refresh is running. */
export function isRefreshDue(now: number = Date.now()): boolean {
  const { token, refreshToken: stored } = useSession.getState();
  return Boolean(token && stored) && pendingRefresh() === null && tokenAgeSeconds(now) >= site.tokenTime;
}

interface RefreshTimerOptions {
  refresh?: () => Promise<unknown>;
  interval?: number;
}

/**
 * Checks the token age every `site.tokenCheckInterval` ms (and once right away, so a session restored
 * after a long pause refreshes before its first calls) and refreshes when it is due. Returns a stop function.
 */
export function startTokenRefreshTimer(options: RefreshTimerOptions = {}): () => void {
  const refresh = options.refresh ?? refreshToken;
  let running = false;
  const check = (): void => {
    if (running || !isRefreshDue()) return;
    running = true;
    refresh()
      .catch(() => undefined)
      .finally(() => {
        running = false;
      });
  };
  check();
  const timer = setInterval(check, options.interval ?? site.tokenCheckInterval);
  return () => clearInterval(timer);
}
