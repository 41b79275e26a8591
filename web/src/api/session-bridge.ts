import { site } from '../config/site';
import { navigateTo } from '../utils/navigation';

/**
 * What the HTTP client needs from the session. The session store binds itself here when it is created,
 * so the client does not import the store (the store calls the API, which would make a cycle).
 */
export interface SessionBridge {
  accessToken: () => string | null;
  /** A 401: clear the session without a server call and go to the login page; `reason` is the server's text. */
  onUnauthorized: (reason: string) => void;
  /** Renews the access token with the refresh token (a 401 is tried once more with the new one). */
  renew: () => Promise<unknown>;
}

let bridge: SessionBridge = {
  accessToken: () => null,
  onUnauthorized: () => navigateTo(site.loginPath),
  renew: () => Promise.reject(new Error('no session')),
};

export function bindSession(next: SessionBridge): void {
  bridge = next;
}

export function sessionBridge(): SessionBridge {
  return bridge;
}
