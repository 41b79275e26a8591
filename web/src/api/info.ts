import { hashPassword } from './auth';
import { apiGet, apiPost, type DataOf } from './call';
import { resourceKeys } from './resource';

/** The signed-in user's own record (/info): its calls and react-query keys. */
export const infoKeys = {
  own: () => [...resourceKeys.all('user'), 'info'] as const,
};

/** `GET /blade-user/info`: the signed-in user's own record. */
export type OwnInfo = Extract<DataOf<'/blade-user/info'>, { id: string }>;

/** The own record; null when the server answers `{}` (no such user any more). */
export async function fetchOwnInfo(): Promise<OwnInfo | null> {
  const data = await apiGet('/blade-user/info');
  return 'id' in data && typeof data.id === 'string' ? (data as OwnInfo) : null;
}

export const updateOwnAvatar = (id: string, avatar: string) =>
  apiPost('/blade-user/update-info', { id, avatar });

/** Changes the own password; the three plain passwords are sent as md5 hex. */
export async function updateOwnPassword(
  oldPlain: string,
  newPlain: string,
  repeatPlain: string,
): Promise<void> {
  const [oldPassword, newPassword, newPassword1] = await Promise.all(
    [oldPlain, newPlain, repeatPlain].map(hashPassword),
  );
  await apiPost('/blade-user/update-password', null, { query: { oldPassword, newPassword, newPassword1 } });
}
