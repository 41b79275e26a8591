import { errorLogResource } from '@psi/db/model';
import { LogPage } from './LogPage';

/** /monitor/log/error */
export default function ErrorLogPage() {
  return <LogPage def={errorLogResource} />;
}
