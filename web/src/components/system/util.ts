import { RequestError } from '../../api/errors';
import { failureText, request } from '../../api/request';
import { fileNameOf } from '../resource/api';
import { rolesOf, useSession } from '../../stores/session';
import { notifyError } from '../../utils/feedback';

/** The platform super-admin: tenant 000000 holding the `administrator` role. */
export function useIsSuperAdmin(): boolean {
  return useSession(
    (state) => state.userInfo?.tenant_id === '000000' && rolesOf(state.userInfo).includes('administrator'),
  );
}

/** Whether the signed-in user holds a button code. */
export function useCan(code: string): boolean {
  return useSession((state) => state.permission[code] === true);
}

/**
 * `GET url` as a blob with the session's headers, saved under the server's file name. A refusal answered
 * as a JSON envelope is shown and thrown.
 */
export async function downloadFile(
  url: string,
  params: Record<string, string | number>,
  fallbackName: string,
): Promise<string> {
  const response = await request.get<Blob>(url, { params, responseType: 'blob' });
  const blob = response.data;
  if (blob.type.includes('json')) {
    const text = failureText(JSON.parse(await blob.text()) as unknown);
    notifyError(text);
    throw new RequestError(text, 400, { notified: true });
  }
  const name = fileNameOf(response.headers['content-disposition'] as string | undefined, fallbackName);
  const link = document.createElement('a');
  const href = URL.createObjectURL(blob);
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
  return name;
}

/** A comma list of ids as a list. */
export function idList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return String(value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
