import { useQuery } from '@tanstack/react-query';
import { list, page, type Params } from './client';
import { psiKeys } from './keys';

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
