import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { userResource } from '@psi/db/model';
import { deskKeys } from '../src/api/desk';
import { flowKeys } from '../src/api/flow';
import { infoKeys } from '../src/api/info';
import { resourceKeys } from '../src/api/resource';
import { systemKeys } from '../src/api/system';

/** Seeds a cache with one entry per key and answers which keys an invalidation marks stale. */
async function staleAfter(keys: readonly (readonly unknown[])[], invalidate: readonly unknown[]) {
  const client = new QueryClient();
  keys.forEach((key) => client.setQueryData(key, 'cached'));
  await client.invalidateQueries({ queryKey: invalidate });
  return keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => JSON.stringify(key));
}

describe('query-key factories', () => {
  it('build the same key for the same arguments and different keys for different ones', () => {
    expect(resourceKeys.list('user', '/blade-user/list', { current: 1 })).toEqual(
      resourceKeys.list('user', '/blade-user/list', { current: 1 }),
    );
    expect(resourceKeys.detail('user', '1')).not.toEqual(resourceKeys.detail('user', '2'));
    expect(resourceKeys.dictionary('flow')).toEqual(['dict', 'dict', 'flow']);
    expect(resourceKeys.dictionary('flow', 'dict-biz')).not.toEqual(resourceKeys.dictionary('flow'));
  });

  it("refresh every key of a resource, and only that resource's, from its root key", async () => {
    const userKeys = [
      resourceKeys.list(userResource.key, '/blade-user/list', { current: 1, size: 10 }),
      resourceKeys.detail(userResource.key, '7'),
      systemKeys.userPlatform('7'),
      infoKeys.own(),
    ];
    const others = [
      systemKeys.tenantSelect(),
      resourceKeys.list('tenant', '/blade-system/tenant/list', { current: 1 }),
      deskKeys.inbox(),
      flowKeys.list(['work', 'todo'], { current: 1 }),
    ];
    const stale = await staleAfter([...userKeys, ...others], resourceKeys.all(userResource.key));
    expect(stale).toEqual(userKeys.map((key) => JSON.stringify(key)));
  });

  it('refresh every workflow list, model and leave from the flow root, not the dictionaries', async () => {
    const flow = [
      flowKeys.list(['models'], { current: 1, size: 10 }),
      flowKeys.list(['work', 'todo'], { current: 2, size: 10 }),
      flowKeys.model('m1'),
      flowKeys.leave('b1'),
      flowKeys.leaveApprovers(),
    ];
    const stale = await staleAfter([...flow, resourceKeys.dictionary('flow')], flowKeys.all());
    expect(stale).toEqual(flow.map((key) => JSON.stringify(key)));
  });

  it("keep a tenant's options under the tenant resource, so a tenant write refreshes them", async () => {
    const stale = await staleAfter(
      [systemKeys.tenantSelect(), systemKeys.postSelect('000000')],
      resourceKeys.all('tenant'),
    );
    expect(stale).toEqual([JSON.stringify(systemKeys.tenantSelect())]);
  });
});
