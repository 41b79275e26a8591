import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LeaveCard } from '../LeaveCard';
import '../../../../../i18n/flow';

/** /work/process/leave/detail/{processInstanceId}/{businessId}: the request, its history and diagram. */
export default function LeaveDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <LeaveCard
      title={t('flow.leave.detailTitle')}
      testId="leave-detail"
      extra={<Button onClick={() => navigate(-1)}>{t('flow.leave.back')}</Button>}
    />
  );
}
