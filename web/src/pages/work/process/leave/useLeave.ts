import { useQuery } from '@tanstack/react-query';
import { flowKeys, leaveDetail } from '../../../../api/flow';

export function useLeave(businessId: string | undefined) {
  return useQuery({
    queryKey: flowKeys.leave(businessId),
    queryFn: () => leaveDetail(businessId ?? ''),
    enabled: Boolean(businessId),
    retry: false,
    refetchOnMount: 'always',
  });
}
