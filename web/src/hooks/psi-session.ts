import { useQuery } from '@tanstack/react-query';
import { mySchool, psiKeys } from '../api/psi';
import { rolesOf, useSession } from '../stores/session';

// What the PSI screens need to know about the signed-in user: kept out of the api module, which does
// not read the session store (the store calls the api).

const PLATFORM = ['administrator', 'admin', 'yypt_admin'];

export type RoleKind = 'platform' | 'depository' | 'school' | 'other';

export function useRoleKind(): RoleKind {
  const user = useSession((state) => state.userInfo);
  const roles = rolesOf(user);
  if (roles.some((r) => PLATFORM.includes(r))) return 'platform';
  if (roles.includes('depository_admin')) return 'depository';
  if (roles.includes('school_admin')) return 'school';
  return 'other';
}

/**
 * The school bound to the signed-in user (`detailByUserId`), kept for the session: cached per user
 * and refreshed when a page asks again after a write.
 */
export function useMySchool(enabled = true) {
  const userId = useSession((state) => state.userInfo?.user_id ?? '');
  return useQuery({
    queryKey: psiKeys.mySchool(userId),
    queryFn: mySchool,
    enabled: enabled && Boolean(userId),
    staleTime: 60_000,
  });
}
