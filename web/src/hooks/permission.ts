import { rolesOf, useSession } from '../stores/session';

/**
 * The signed-in user's button codes as one checker: `can(a, b)` is true when any of the codes is
 * granted (menu codes count: a granted menu is a granted code). The one permission hook of the app.
 */
export function useCan(): (...codes: string[]) => boolean {
  const permission = useSession((state) => state.permission);
  return (...codes) => codes.some((code) => permission[code] === true);
}

/** The platform super-admin: tenant 000000 holding the `administrator` role. */
export function useIsSuperAdmin(): boolean {
  return useSession(
    (state) => state.userInfo?.tenant_id === '000000' && rolesOf(state.userInfo).includes('administrator'),
  );
}
