import type { ResourceDef } from '../../resource';
import { masterResources } from './master';
import { ledgerResources } from './ledger';
import { orderResources } from './orders';

export * from './master';
export * from './ledger';
export * from './orders';
export { DISCOUNT_FIELDS } from './fields';

/** The book-ordering business resources under /blade-psi (DOMAIN.md). */
export const psiResources: ResourceDef[] = [...masterResources, ...ledgerResources, ...orderResources];
