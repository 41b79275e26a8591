import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BASIC, addTenant, addUser, call, login, md5, testApp } from './helpers';

const TOKEN = '/api/blade-auth/oauth/token';
const INFO = '/api/blade-auth/oauth/user-info';

const post = (app: FastifyInstance, token: string, url: string, payload: Record<string, unknown>) =>
  call(app, token, { method: 'POST', url, payload });
const refresh = (app: FastifyInstance, refreshToken: string) =>
  app.inject({
    method: 'POST',
    url: TOKEN,
    headers: { authorization: BASIC, 'tenant-id': '000000' },
    query: { grant_type: 'refresh_token', refresh_token: refreshToken },
  });
const status = async (app: FastifyInstance, token: string, url = INFO) =>
  (await call(app, token, { method: 'GET', url })).statusCode;

/** Routes of the three areas a taken-back token must no longer open. */
const AREAS = [
  INFO,
  '/api/blade-system/dict/list',
  '/api/blade-psi/goodsinfo/list',
  '/api/blade-flow/work/todo-list',
];

async function victims() {
  const app = await testApp();
  const { roleId } = addTenant(app, '200001');
  const admin = await login(app);
  const ids: Record<string, string> = {};
  for (const name of ['disabled', 'removed', 'reset', 'changer', 'regranted', 'locked', 'kept'])
    ids[name] = addUser(app, '200001', name, 'Passw0rd!');
  const tokens: Record<string, { token: string; refresh: string }> = {};
  for (const name of Object.keys(ids)) tokens[name] = await login(app, name, 'Passw0rd!', '200001');
  return { app, admin: admin.token, ids, tokens, roleId };
}

describe('taking access back', () => {
  it('refuses a user on the very next request after disable, removal, password reset or change, role loss and lockout', async () => {
    const { app, admin, ids, tokens } = await victims();
    for (const t of Object.values(tokens)) expect(await status(app, t.token)).toBe(200);

    expect(
      (await post(app, admin, '/api/blade-user/update', { id: ids.disabled, status: 0 })).statusCode,
    ).toBe(200);
    expect((await post(app, admin, `/api/blade-user/remove?ids=${ids.removed}`, {})).statusCode).toBe(200);
    expect(
      (await post(app, admin, '/api/blade-user/reset-password', { userIds: ids.reset })).statusCode,
    ).toBe(200);
    const changed = await post(app, tokens.changer.token, '/api/blade-user/update-password', {
      oldPassword: md5('Passw0rd!'),
      newPassword: md5('N3w-Passw0rd'),
      newPassword1: md5('N3w-Passw0rd'),
    });
    expect(changed.statusCode).toBe(200);
    const otherRole = app.ctx.sqlite
      .prepare(
        `INSERT INTO blade_role (id, tenant_id, parent_id, role_name, sort, role_alias, status, is_deleted)
         VALUES (42424242, '200001', 0, '访客', 2, 'guest', 1, 0) RETURNING id`,
      )
      .get() as { id: bigint };
    expect(
      (
        await post(app, admin, '/api/blade-user/grant', {
          userIds: ids.regranted,
          roleIds: String(otherRole.id),
        })
      ).statusCode,
    ).toBe(200);
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({
        method: 'POST',
        url: TOKEN,
        headers: { authorization: BASIC, 'tenant-id': '200001' },
        query: { tenantId: '200001', username: 'locked', password: md5('wrong'), grant_type: 'password' },
      });
      expect(res.statusCode).toBe(400);
    }

    for (const name of ['disabled', 'removed', 'reset', 'changer', 'regranted', 'locked']) {
      // refused on system, PSI and flow routes alike
      for (const url of AREAS) {
        const res = await call(app, tokens[name].token, { method: 'GET', url });
        expect({ name, url, status: res.statusCode }).toEqual({ name, url, status: 401 });
      }
      if (name === 'regranted') continue;
      // nor does the refresh token of that sign-in bring access back
      expect({ name, refresh: (await refresh(app, tokens[name].refresh)).statusCode }).toEqual({
        name,
        refresh: 400,
      });
    }
    // a changed role: the refresh answers a token of the roles held now, not the lost one
    const regranted = await refresh(app, tokens.regranted.refresh);
    expect(regranted.statusCode).toBe(200);
    expect(regranted.json()).toMatchObject({ role_id: String(otherRole.id), role_name: 'guest' });
    expect(await status(app, tokens.kept.token)).toBe(200);
    // a new sign-in of the changed account works at once
    const again = await login(app, 'changer', 'N3w-Passw0rd', '200001');
    expect(await status(app, again.token)).toBe(200);
  });

  it('refuses every user of a tenant that is disabled or expires, and of a removed role', async () => {
    const { app, admin, tokens, roleId } = await victims();
    const tenant = app.ctx.sqlite.prepare("SELECT id FROM blade_tenant WHERE tenant_id = '200001'").get() as {
      id: bigint;
    };
    // expiry set in the past
    expect(
      (
        await post(app, admin, '/api/blade-system/tenant/setting', {
          ids: String(tenant.id),
          expireTime: '2020-01-01 00:00:00',
        })
      ).statusCode,
    ).toBe(200);
    for (const t of Object.values(tokens)) expect(await status(app, t.token)).toBe(401);
    // the expiry lifted: a fresh sign-in works; then the tenant is disabled
    await post(app, admin, '/api/blade-system/tenant/setting', { ids: String(tenant.id), expireTime: '' });
    const fresh = await login(app, 'kept', 'Passw0rd!', '200001');
    expect(await status(app, fresh.token)).toBe(200);
    // disabled (no screen sets a tenant's status: an operator's change on record)
    app.ctx.sqlite.prepare("UPDATE blade_tenant SET status = 0 WHERE tenant_id = '200001'").run();
    await post(app, admin, '/api/blade-system/dict/submit', {});
    expect(await status(app, fresh.token)).toBe(401);
    app.ctx.sqlite.prepare("UPDATE blade_tenant SET status = 1 WHERE tenant_id = '200001'").run();
    await post(app, admin, '/api/blade-system/dict/submit', {});

    // an expiry that passes by itself, with no write in between
    const soon = await login(app, 'kept', 'Passw0rd!', '200001');
    expect(await status(app, soon.token)).toBe(200);
    app.ctx.sqlite
      .prepare("UPDATE blade_tenant SET expire_time = '2020-01-01 00:00:00' WHERE tenant_id = '200001'")
      .run();
    await post(app, admin, '/api/blade-system/dict/submit', {});
    expect(await status(app, soon.token)).toBe(401);
    app.ctx.sqlite.prepare("UPDATE blade_tenant SET expire_time = NULL WHERE tenant_id = '200001'").run();
    await post(app, admin, '/api/blade-system/dict/submit', {});

    // the role every user of the tenant holds is removed
    const holder = await login(app, 'kept', 'Passw0rd!', '200001');
    expect(await status(app, holder.token)).toBe(200);
    expect((await post(app, admin, `/api/blade-system/role/remove?ids=${roleId}`, {})).statusCode).toBe(200);
    expect(await status(app, holder.token)).toBe(401);
  });

  it('refuses every user of a removed tenant', async () => {
    const { app, admin, tokens } = await victims();
    const tenant = app.ctx.sqlite.prepare("SELECT id FROM blade_tenant WHERE tenant_id = '200001'").get() as {
      id: bigint;
    };
    expect((await post(app, admin, `/api/blade-system/tenant/remove?ids=${tenant.id}`, {})).statusCode).toBe(
      200,
    );
    for (const t of Object.values(tokens)) expect(await status(app, t.token)).toBe(401);
  });

  it('logout ends that access token at once, on system, PSI and flow routes', async () => {
    const app = await testApp();
    const me = await login(app);
    const other = await login(app);
    for (const url of AREAS)
      expect({ url, status: await status(app, me.token, url) }).toEqual({ url, status: 200 });
    expect(await status(app, me.token, '/api/blade-auth/oauth/logout')).toBe(200);
    for (const url of AREAS)
      expect({ url, status: await status(app, me.token, url) }).toEqual({ url, status: 401 });
    // another sign-in's access token is not that token
    expect(await status(app, other.token)).toBe(200);
  });

  it('a reused (already rotated) refresh token revokes the whole sign-in', async () => {
    const app = await testApp();
    const first = await login(app);
    const other = await login(app);
    const rotated = await refresh(app, first.refresh);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json() as { access_token: string; refresh_token: string };
    for (const url of AREAS)
      expect({ url, status: await status(app, second.access_token, url) }).toEqual({ url, status: 200 });

    // the old refresh token comes back: someone else holds a copy
    expect((await refresh(app, first.refresh)).statusCode).toBe(400);
    for (const token of [first.token, second.access_token])
      for (const url of AREAS)
        expect({ url, status: await status(app, token, url) }).toEqual({ url, status: 401 });
    expect((await refresh(app, second.refresh_token)).statusCode).toBe(400);
    // other sign-ins of the same user stand
    expect(await status(app, other.token)).toBe(200);
    expect((await refresh(app, other.refresh)).statusCode).toBe(200);
  });

  it('keeps what it took back across a restart (generations and revocations are on record)', async () => {
    const { app, admin, ids, tokens } = await victims();
    await post(app, admin, '/api/blade-user/update', { id: ids.disabled, status: 0 });
    await status(app, tokens.kept.token, '/api/blade-auth/oauth/logout');
    const { AccessRevocation } = await import('../src/core/revocation');
    const reloaded = new AccessRevocation(app.ctx.sqlite);
    const claimsOf = (token: string) => app.ctx.tokens.verify(token)!;
    expect(reloaded.admits(claimsOf(tokens.disabled.token))).toBe(false);
    expect(reloaded.admits(claimsOf(tokens.kept.token))).toBe(false);
    expect(reloaded.admits(claimsOf(tokens.reset.token))).toBe(true);
  });
});
