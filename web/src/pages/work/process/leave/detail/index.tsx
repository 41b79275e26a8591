import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { LeaveCard } from '../LeaveCard';
import { useLeave } from '../useLeave';
import '../../../../../i18n/flow';

/** /work/process/leave/detail/{processInstanceId}/{businessId}: the request, its history and diagram. */
export default function LeaveDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { processInstanceId = '', businessId = '' } = useParams();
  const leave = useLeave(businessId);
  return (
    <LeaveCard
      leave={leave}
      processInstanceId={processInstanceId}
      title={t('flow.leave.detailTitle')}
      testId="leave-detail"
      extra={<Button onClick={() => navigate(-1)}>{t('flow.leave.back')}</Button>}
    />
  );
}
