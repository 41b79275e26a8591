import { useQuery } from '@tanstack/react-query';
import { rolesOf, useSession } from '../../stores/session';
import { list, mySchool, page, type Params } from './client';
import { psiKeys } from './keys';

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

/** The enabled depositories the caller may see (a depository user: its own). */
export function useDepositories(enabled = true) {
  return useQuery({
    queryKey: psiKeys.depositories(),
    queryFn: async () => (await page('depositoryinfo/list', { status: 1, size: 200 })).records,
    enabled,
    staleTime: 60_000,
  });
}

/** The depositories serving one school (`getSchoolDepositoryList`). */
export function useServingDepositories(schoolId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: psiKeys.serving(schoolId),
    queryFn: () => list('depositoryinfo/getSchoolDepositoryList', { schoolId }),
    enabled: enabled && Boolean(schoolId),
    staleTime: 60_000,
  });
}

/** The tenant's schools (one page of up to 500), filtered by `params`. */
export function useSchools(params: Params = {}, options: { enabled?: boolean; staleTime?: number } = {}) {
  return useQuery({
    queryKey: psiKeys.schools(params),
    queryFn: () => page('schoolinfo/list', { size: 500, ...params }),
    ...options,
  });
}
