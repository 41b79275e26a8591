import { dataScopeResource } from '@psi/db/model';
import { ScopePage } from './ScopePage';

/** Data scopes per menu (/authority/datascope). */
export default function DataScopePage() {
  return <ScopePage def={dataScopeResource} />;
}
