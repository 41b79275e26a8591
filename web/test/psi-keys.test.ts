import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { psiKeys } from '../src/api/psi';

/** A client holding one settled query per key, to see which ones an invalidation marks stale. */
function clientWith(keys: readonly (readonly unknown[])[]): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const key of keys) client.setQueryData(key, { for: key });
  return client;
}

const stale = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryCache().find({ queryKey: key, exact: true })?.state.isInvalidated ?? false;

describe('psiKeys', () => {
  it('builds a distinct key per kind and per params', () => {
    const keys = [
      psiKeys.list('purchaseorderyypt', { current: 1 }),
      psiKeys.list('purchaseorderyypt', { current: 2 }),
      psiKeys.list('purchaseorderdepository', { current: 1 }),
      psiKeys.count('purchaseorderyypt', { current: 1 }),
      psiKeys.detail('purchaseorderyypt', '1'),
      psiKeys.detail('purchaseorderyypt', '2'),
      psiKeys.detail('purchaseorderdepository', '1'),
      psiKeys.edit('purchaseorderyypt', '1'),
      psiKeys.lines('purchaseorderyypt', '1'),
      psiKeys.schools({}),
      psiKeys.schools({ status: 1 }),
      psiKeys.depositories(),
      psiKeys.serving('7'),
      psiKeys.stock({}),
      psiKeys.home(),
    ];
    const hashed = new Set(keys.map((key) => JSON.stringify(key)));
    expect(hashed.size).toBe(keys.length);
    for (const key of keys) expect(key[0]).toBe('psi');
  });

  it("invalidating a kind's lists refreshes its lists and tab counts only", async () => {
    const purchaseorderyyptList = psiKeys.list('purchaseorderyypt', [
      'purchaseorderyypt/list',
      { current: 1 },
    ]);
    const purchaseorderyyptCount = psiKeys.count('purchaseorderyypt', ['purchaseorderyypt/list', {}, 'all']);
    const purchaseorderyyptDetail = psiKeys.detail('purchaseorderyypt', '1');
    const purchaseorderdepositoryList = psiKeys.list('purchaseorderdepository', [
      'purchaseorderdepository/list',
      { current: 1 },
    ]);
    const purchaseorderdepositoryDetail = psiKeys.detail('purchaseorderdepository', '1');
    const client = clientWith([
      purchaseorderyyptList,
      purchaseorderyyptCount,
      purchaseorderyyptDetail,
      purchaseorderdepositoryList,
      purchaseorderdepositoryDetail,
    ]);

    await client.invalidateQueries({ queryKey: psiKeys.lists('purchaseorderyypt') });

    expect(stale(client, purchaseorderyyptList)).toBe(true);
    expect(stale(client, purchaseorderyyptCount)).toBe(true);
    expect(stale(client, purchaseorderyyptDetail)).toBe(false);
    expect(stale(client, purchaseorderdepositoryList)).toBe(false);
    expect(stale(client, purchaseorderdepositoryDetail)).toBe(false);
  });

  it('invalidating a kind leaves the other kinds and the shared lookups', async () => {
    const client = clientWith([
      psiKeys.detail('purchaseorderdepository', '1'),
      psiKeys.edit('purchaseorderdepository', '1'),
      psiKeys.detail('deliveryorder', '1'),
      psiKeys.deliveryPlan('1', undefined),
      psiKeys.schools({}),
    ]);

    await client.invalidateQueries({ queryKey: psiKeys.kind('purchaseorderdepository') });

    expect(stale(client, psiKeys.detail('purchaseorderdepository', '1'))).toBe(true);
    expect(stale(client, psiKeys.edit('purchaseorderdepository', '1'))).toBe(true);
    expect(stale(client, psiKeys.detail('deliveryorder', '1'))).toBe(false);
    expect(stale(client, psiKeys.deliveryPlan('1', undefined))).toBe(false);
    expect(stale(client, psiKeys.schools({}))).toBe(false);
  });

  it('invalidating every PSI query reaches the lookups too', async () => {
    const client = clientWith([
      psiKeys.detail('depositorycheck', '1'),
      psiKeys.mySchool('u1'),
      psiKeys.stock({}),
    ]);
    await client.invalidateQueries({ queryKey: psiKeys.all });
    expect(stale(client, psiKeys.detail('depositorycheck', '1'))).toBe(true);
    expect(stale(client, psiKeys.mySchool('u1'))).toBe(true);
    expect(stale(client, psiKeys.stock({}))).toBe(true);
  });
});
