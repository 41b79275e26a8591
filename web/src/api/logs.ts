import { lineHas } from './lines';
import { apiGet, apiPost, type BodyOf } from './call';

const SEND_LOGS = '/blade-auth/oauth/logout';

/**
 * One runtime error of the interface (spec: type, message, stack, info, url, time), as it is uploaded:
 * the upload route's own entry type, so a field the server renames breaks the store's typecheck.
 */
export type LogEntry = Required<BodyOf<typeof SEND_LOGS>[number]> & { info: string };
const CLEAR_CACHE = '/blade-auth/oauth/clear-cache';

/** The backend takes the local error log (the public line has no such route). */
export const logUploadOnLine = lineHas(SEND_LOGS);

/** Uploads the local error log; the server stores each entry as an error log of kind `web`. */
export async function sendLogs(logs: readonly LogEntry[]): Promise<void> {
  await apiPost(SEND_LOGS, [...logs]);
}

/** Clears the server's caches (dictionaries, menus, params); a line without the route keeps none to clear. */
export async function clearServerCache(): Promise<void> {
  if (lineHas(CLEAR_CACHE)) await apiGet(CLEAR_CACHE);
}
