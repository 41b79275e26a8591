import { LeaveProcessView } from '../LeaveProcessView';

export default function LeaveFormPage() {
  return <LeaveProcessView step="form" />;
}
