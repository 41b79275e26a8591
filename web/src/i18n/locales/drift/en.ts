import type { Translation } from '../../types';
import type { zhDrift } from './zh';

export const enDrift = {
  drift: {
    title: 'Contract drift',
    intro:
      'Where the upstream answers passed through the proxy differ from the contract document, folded by route, JSON path and expectation.',
    document: 'Contract document',
    routes: '{{count}} documented routes',
    noDocument: 'No contract document loaded: upstream answers are not checked',
    route: 'Route',
    path: 'JSON path',
    expected: 'Expected',
    seen: 'Seen',
    count: 'Count',
    firstSeen: 'First seen',
    lastSeen: 'Last seen',
    empty: 'No drift: every upstream answer matches the contract',
    refresh: 'Refresh',
    localMode:
      'The contract drift report exists in proxy mode (BLADE_UPSTREAM) only: this server answers the API itself, there is no upstream to check.',
  },
} satisfies Translation<typeof zhDrift>;
