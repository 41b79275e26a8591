import type { TokenBody } from './types';

/**
 * At most one token refresh runs at a time. Kept apart from the refresh logic so the HTTP client can
 * wait for a running refresh without importing the session store.
 */
let inFlight: Promise<TokenBody> | null = null;

export function runExclusiveRefresh(task: () => Promise<TokenBody>): Promise<TokenBody> {
  if (inFlight) return inFlight;
  const running = task().finally(() => {
    if (inFlight === running) inFlight = null;
  });
  inFlight = running;
  return running;
}

/** The refresh in progress, if any. */
export function pendingRefresh(): Promise<TokenBody> | null {
  return inFlight;
}
