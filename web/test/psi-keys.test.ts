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
      psiKeys.list('yypt', { current: 1 }),
      psiKeys.list('yypt', { current: 2 }),
      psiKeys.list('pod', { current: 1 }),
      psiKeys.count('yypt', { current: 1 }),
      psiKeys.detail('yypt', '1'),
      psiKeys.detail('yypt', '2'),
      psiKeys.detail('pod', '1'),
      psiKeys.edit('yypt', '1'),
      psiKeys.lines('yypt', '1'),
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
    const yyptList = psiKeys.list('yypt', ['purchaseorderyypt/list', { current: 1 }]);
    const yyptCount = psiKeys.count('yypt', ['purchaseorderyypt/list', {}, 'all']);
    const yyptDetail = psiKeys.detail('yypt', '1');
    const podList = psiKeys.list('pod', ['purchaseorderdepository/list', { current: 1 }]);
    const podDetail = psiKeys.detail('pod', '1');
    const client = clientWith([yyptList, yyptCount, yyptDetail, podList, podDetail]);

    await client.invalidateQueries({ queryKey: psiKeys.lists('yypt') });

    expect(stale(client, yyptList)).toBe(true);
    expect(stale(client, yyptCount)).toBe(true);
    expect(stale(client, yyptDetail)).toBe(false);
    expect(stale(client, podList)).toBe(false);
    expect(stale(client, podDetail)).toBe(false);
  });

  it('invalidating a kind leaves the other kinds and the shared lookups', async () => {
    const client = clientWith([
      psiKeys.detail('pod', '1'),
      psiKeys.edit('pod', '1'),
      psiKeys.detail('delivery', '1'),
      psiKeys.deliveryPlan('1', undefined),
      psiKeys.schools({}),
    ]);

    await client.invalidateQueries({ queryKey: psiKeys.kind('pod') });

    expect(stale(client, psiKeys.detail('pod', '1'))).toBe(true);
    expect(stale(client, psiKeys.edit('pod', '1'))).toBe(true);
    expect(stale(client, psiKeys.detail('delivery', '1'))).toBe(false);
    expect(stale(client, psiKeys.deliveryPlan('1', undefined))).toBe(false);
    expect(stale(client, psiKeys.schools({}))).toBe(false);
  });

  it('invalidating every PSI query reaches the lookups too', async () => {
    const client = clientWith([psiKeys.detail('check', '1'), psiKeys.mySchool('u1'), psiKeys.stock({})]);
    await client.invalidateQueries({ queryKey: psiKeys.all });
    expect(stale(client, psiKeys.detail('check', '1'))).toBe(true);
    expect(stale(client, psiKeys.mySchool('u1'))).toBe(true);
    expect(stale(client, psiKeys.stock({}))).toBe(true);
  });
});
