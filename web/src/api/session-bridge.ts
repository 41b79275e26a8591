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
}

let bridge: SessionBridge = {
  accessToken: () => null,
  onUnauthorized: () => navigateTo(site.loginPath),
};

export function bindSession(next: SessionBridge): void {
  bridge = next;
}

export function sessionBridge(): SessionBridge {
  return bridge;
}
