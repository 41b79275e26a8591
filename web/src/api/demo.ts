import { featureOn } from './lines';
import { getData, postData } from './request';
import type { TokenBody } from './types';

export const demoKeys = {
  info: () => ['demo-info'] as const,
};

/**
 * Whether the signed-in user may reset the demo (the platform super-admin, on data seeded as a demo).
 * Not asked where the backend has no demo (its served features say so); quiet, since a Blade gateway
 * whose features are unknown has no such endpoint either, which just means no reset.
 */
export async function fetchDemoInfo(): Promise<{ resettable: boolean }> {
  if (!featureOn('demo')) return { resettable: false };
  return getData<{ resettable: boolean }>('/demo/info', { meta: { quiet: true } }).catch(() => ({
    resettable: false,
  }));
}

/**
 * Brings the demo data back to its freshly seeded state. Everyone else signed in must sign in again;
 * the caller gets a new session (`token`), or none when it must sign in again too.
 */
export async function resetDemo(): Promise<{ ms: number; token: TokenBody | null }> {
  return postData<{ ms: number; token: TokenBody | null }>('/demo/reset');
}
