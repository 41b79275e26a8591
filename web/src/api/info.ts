import { hashPassword } from './auth';
import { getData, postData } from './request';
import { resourceKeys } from './resource';

/** The signed-in user's own record (/info): its calls and react-query keys. */
export const infoKeys = {
  own: () => [...resourceKeys.all('user'), 'info'] as const,
};

/** `GET /blade-user/info`: the signed-in user's own record. */
export interface OwnInfo {
  id: string;
  avatar?: string;
  realName?: string;
  name?: string;
  account?: string;
  phone?: string;
  email?: string;
}

export const fetchOwnInfo = () => getData<OwnInfo>('/blade-user/info');

export const updateOwnAvatar = (id: string, avatar: string) =>
  postData('/blade-user/update-info', { id, avatar });

/** Changes the own password; the three plain passwords are sent as md5 hex. */
export async function updateOwnPassword(
  oldPlain: string,
  newPlain: string,
  repeatPlain: string,
): Promise<void> {
  const [oldPassword, newPassword, newPassword1] = await Promise.all(
    [oldPlain, newPlain, repeatPlain].map(hashPassword),
  );
  await postData('/blade-user/update-password', null, { params: { oldPassword, newPassword, newPassword1 } });
}
