import type { orderTotal } from './orders';

/** A type-only import back up is erased at build time, so it is no cycle. */
export type Priced = typeof orderTotal;

export const stockOf = (goods: string): number => (goods ? 1 : 0);
