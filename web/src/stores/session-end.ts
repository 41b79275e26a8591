import { sessionMessages } from '@psi/db/model/session-messages';
import { storageKey } from '../config/site';

/** Blade's words for a 401 that says no more than "signed out" (no reason worth repeating). */
const GENERIC = new Set(
  [sessionMessages.unauthorized, sessionMessages.missingToken, sessionMessages.tokenInvalid].flatMap(
    (text) => [text.zh, text.en],
  ),
);

/** Kept for the tab (sessionStorage): the sign-in page may be reloaded before it is read. */
const KEY = storageKey('session-ended');

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Keeps why the server ended the session (a 401 with its own words, e.g. "演示数据已重置，请重新登录"),
 * for the sign-in page the user is sent back to.
 */
export function noteSessionEnd(text: string): void {
  if (text && !GENERIC.has(text)) storage()?.setItem(KEY, text);
  else storage()?.removeItem(KEY);
}

/** Why the last session ended, or null. */
export function sessionEndReason(): string | null {
  return storage()?.getItem(KEY) ?? null;
}

/** A new sign-in: the last session's ending is old news. */
export function clearSessionEnd(): void {
  storage()?.removeItem(KEY);
}
