import { messages } from '@psi/db/model/messages';

/** Blade's words for a 401 that says no more than "signed out" (no reason worth repeating). */
const GENERIC = new Set(
  [messages.unauthorized, messages.missingToken, messages.tokenInvalid].flatMap((text) => [text.zh, text.en]),
);

let reason: string | null = null;

/**
 * Keeps why the server ended the session (a 401 with its own words, e.g. "演示数据已重置，请重新登录"),
 * for the sign-in page the user is sent back to. Kept in memory: the app moves there without a reload.
 */
export function noteSessionEnd(text: string): void {
  reason = text && !GENERIC.has(text) ? text : null;
}

/** Why the last session ended, or null. */
export function sessionEndReason(): string | null {
  return reason;
}

/** A new sign-in: the last session's ending is old news. */
export function clearSessionEnd(): void {
  reason = null;
}
