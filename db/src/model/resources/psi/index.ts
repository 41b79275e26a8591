import type { ResourceDef } from '../../resource';
import {
  depositoryInfoResource,
  goodsInfoResource,
  schoolInfoResource,
  schoolYyptInfoResource,
} from './master';
import {
  accountStatementResource,
  depositoryCheckDetailResource,
  depositoryCheckResource,
  depositoryLogResource,
} from './ledger';
import {
  deliveryDetailResource,
  deliveryOrderResource,
  purchaseDetailDepositoryResource,
  purchaseDetailResource,
  purchaseDetailYyptResource,
  purchaseOrderDepositoryResource,
  purchaseOrderResource,
  purchaseOrderYyptResource,
} from './orders';

export * from './master';
export * from './ledger';
export * from './orders';
export { DISCOUNT_FIELDS } from './fields';

/** The book-ordering business resources under /blade-psi (DOMAIN.md). */
export const psiResources: ResourceDef[] = [
  goodsInfoResource,
  depositoryInfoResource,
  schoolInfoResource,
  schoolYyptInfoResource,
  depositoryLogResource,
  accountStatementResource,
  depositoryCheckResource,
  depositoryCheckDetailResource,
  purchaseOrderResource,
  purchaseDetailResource,
  purchaseOrderYyptResource,
  purchaseDetailYyptResource,
  purchaseOrderDepositoryResource,
  purchaseDetailDepositoryResource,
  deliveryOrderResource,
  deliveryDetailResource,
];
