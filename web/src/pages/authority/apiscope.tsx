import { apiScopeResource } from '@psi/db/model';
import { ScopePage } from './ScopePage';

/** Api scopes per menu (/authority/apiscope). */
export default function ApiScopePage() {
  return <ScopePage def={apiScopeResource} />;
}
