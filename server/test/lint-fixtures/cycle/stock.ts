// The other half of the cycle: stock reaches back up to orders.
import { orderTotal } from './orders';

export const stockOf = (goods: string): number => (goods ? 1 : orderTotal('', 0));
