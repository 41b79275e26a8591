import { apiLogResource } from '@psi/db/model';
import { LogPage } from './LogPage';

/** /monitor/log/api */
export default function ApiLogPage() {
  return <LogPage def={apiLogResource} />;
}
