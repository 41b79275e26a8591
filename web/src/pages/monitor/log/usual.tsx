import { usualLogResource } from '@psi/db/model';
import { LogPage } from './LogPage';

/** /monitor/log/usual */
export default function UsualLogPage() {
  return <LogPage def={usualLogResource} />;
}
