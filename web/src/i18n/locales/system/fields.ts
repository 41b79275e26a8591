import { regionResource, tenantResource, userResource } from '@psi/db/model';
import type { DeclaredLabels } from '../../declared';

/** `sys.*` keys whose label is the one a resource declaration gives its field. */
export const systemLabels = {
  userType: [userResource, 'userType'],
  accountNumber: [tenantResource, 'accountNumber'],
  expireTime: [tenantResource, 'expireTime'],
  datasource: [tenantResource, 'datasourceId'],
  package: [tenantResource, 'packageId'],
  parentRegion: [regionResource, 'parentCode'],
} satisfies DeclaredLabels<string>;
