import { site } from '../config/site';
import { pendingRefresh } from '../api/refresh-gate';
import { refreshToken, useSession } from './session';

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
