import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { flowKeys, leaveDetail } from '../../../../api/flow';

function useLeave(businessId: string | undefined) {
  return useQuery({
    queryKey: flowKeys.leave(businessId),
    queryFn: () => leaveDetail(businessId ?? ''),
    enabled: Boolean(businessId),
    retry: false,
    refetchOnMount: 'always',
  });
}

/** The leave a process page's route names (`…/{processInstanceId}/{businessId}`), with the route's ids. */
export function useLeaveRoute() {
  const { taskId = '', processInstanceId = '', businessId = '' } = useParams();
  const leave = useLeave(businessId);
  return { taskId, processInstanceId, leave };
}
