import type { LogEntry } from '../stores/error-log';
import { getData, postData } from './request';

/** Uploads the local error log; the server stores each entry as an error log of kind `web`. */
export async function sendLogs(logs: readonly LogEntry[]): Promise<void> {
  await postData('/blade-auth/oauth/logout', logs);
}

/** Clears the server's caches (dictionaries, menus, params). */
export async function clearServerCache(): Promise<void> {
  await getData('/blade-auth/oauth/clear-cache');
}
