import { LeaveProcessView } from '../LeaveProcessView';

export default function LeaveHandlePage() {
  return <LeaveProcessView step="handle" />;
}
