import { useQuery } from '@tanstack/react-query';
import { page, type Row } from './api';

/** The enabled depositories the caller may see (a depository user: its own). */
export function useDepositories() {
  return useQuery({
    queryKey: ['psi', 'depositories-visible'],
    queryFn: async () => (await page('depositoryinfo/list', { status: 1, size: 200 })).records,
    staleTime: 60_000,
  });
}

/** Select options of depositories: `name（code）`. */
export const depositoryOptions = (rows: Row[] | undefined) =>
  (rows ?? []).map((d) => ({
    value: String(d.id),
    label: `${String(d.depositoryName)}（${String(d.depositoryCode)}）`,
  }));
