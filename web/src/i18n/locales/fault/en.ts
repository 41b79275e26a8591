import type { Translation } from '../../types';
import type { zhFault } from './zh';

export const enFault = {
  fault: {
    intro:
      'Make matching API calls slow, answer an error status, look expired, throttled (429) or cut off, to see how the client behaves on a bad day. Rules live in memory and are gone after a restart. A request may also ask for one fault with the Blade-Fault header (status=503, delay=2000, drop, expire, status=429).',
    off: 'Fault injection is off',
    offHint:
      'This server does not inject faults (FAULTS=on). pnpm dev and the end-to-end servers turn it on; otherwise set the environment variable FAULTS=on and restart the server.',
  },
} satisfies Translation<typeof zhFault>;
