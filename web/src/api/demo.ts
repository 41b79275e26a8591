import { featureOn } from './lines';
import { apiGet, apiPost, type DataOf } from './call';

export const demoKeys = {
  info: () => ['demo-info'] as const,
};

/**
 * Whether the signed-in user may reset the demo (the platform super-admin, on data seeded as a demo).
 * Not asked where the backend has no demo (its served features say so); quiet, since a Blade gateway
 * whose features are unknown has no such endpoint either, which just means no reset.
 */
export async function fetchDemoInfo(): Promise<DataOf<'/demo/info'>> {
  if (!featureOn('demo')) return { resettable: false };
  return apiGet('/demo/info', { meta: { quiet: true } }).catch(() => ({
    resettable: false,
  }));
}

/**
 * Brings the demo data back to its freshly seeded state. Everyone else signed in must sign in again;
 * the caller gets a new session (`token`), or none when it must sign in again too.
 */
export async function resetDemo(): Promise<DataOf<'/demo/reset', 'post'>> {
  return apiPost('/demo/reset');
}
