import type { ResourceDef } from '../../resource';

/** The book-ordering business resources under /blade-psi (DOMAIN.md). */
export const psiResources: ResourceDef[] = [];
