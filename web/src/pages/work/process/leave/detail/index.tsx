import { LeaveProcessView } from '../LeaveProcessView';

export default function LeaveDetailPage() {
  return <LeaveProcessView step="detail" />;
}
