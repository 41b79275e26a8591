import { sm2 } from 'sm-crypto';
import { LineAuth } from './auth';
import { isRecord, Refusal, Skip, type Dict, type Kit } from './kit';

/** The lists of the system screens the public Saber and Sword open (paged or tree lists). */
const SYSTEM_LIST = /^\/blade-(system|desk|log|develop|resource|report)\/[^{}]*\/(list|page)$/;
const TOKEN = '/blade-auth/token';

/**
 * The public SpringBlade dialect (Saber, Sword). On a `springblade` target it is the line itself: the
 * session scenarios already signed in, refreshed and will sign out its way, so only the menus as the
 * public clients read them and user CRUD through `/blade-system/user/*` are added, with the main
 * token. On a `bladex` target that also documents the public routes (our own server speaks both) the
 * whole dialect is walked beside BladeX with its own sign-in.
 */
export async function publicDialectScenarios(kit: Kit, mainToken: string): Promise<void> {
  if (kit.line === 'springblade') {
    await menus(kit, mainToken);
    await userCrud(kit, new LineAuth(kit), mainToken);
    return;
  }
  const auth = new LineAuth(kit, 'springblade');
  const { opts } = kit;
  let token = '';
  await kit.scenario('public dialect: captcha and SM2 sign-in', { scope: 'auth' }, async () => {
    if (!kit.documented('POST', TOKEN)) throw new Skip('the public dialect is not documented');
    if (opts.token) throw new Skip('a given token: no password to sign in with');
    const s = await auth.signIn(opts.tenant, opts.account, opts.password, opts.captcha);
    if (s.failed !== undefined) throw new Refusal(`the public sign-in failed: ${s.failed}`);
    const info = s.answer;
    for (const k of ['accessToken', 'refreshToken', 'userId', 'tenantId', 'account', 'authority', 'avatar'])
      if (typeof info[k] !== 'string') throw new Refusal(`AuthInfo.${k} is not a string`);
    if (!/^https?:\/\//.test(String(info.avatar)))
      throw new Refusal('AuthInfo.avatar is not an absolute URL');
    token = s.access;
    // a ciphertext under another key is an ordinary wrong password
    const other = sm2.generateKeyPairHex().publicKey;
    const query = {
      account: `${opts.account}-not-there`,
      password: sm2.doEncrypt('x', other, 0),
      grantType: 'password',
    };
    await kit.refused('POST', TOKEN, { headers: { 'tenant-id': opts.tenant }, query }, 400, 400);
    const grant = opts.captcha ? 'captcha' : 'password';
    return `${String(info.account)} signed in (${grant} grant), roles ${String(info.authority)}`;
  });
  if (!token) return;

  if (!opts.readOnly) {
    // a sign-in of its own: replaying its spent refresh token may end it (reuse detection), not `token`
    let spent = '';
    await kit.scenario('public dialect: refresh', { scope: 'auth' }, async () => {
      const first = await auth.signIn(opts.tenant, opts.account, opts.password, opts.captcha);
      if (first.failed !== undefined) throw new Refusal(`signing in again failed: ${first.failed}`);
      const next = await auth.refresh(opts.tenant, first.refresh);
      if (next.failed !== undefined || next.refresh === first.refresh)
        throw new Refusal(`the refresh did not answer a new pair (${next.failed ?? 'the same pair'})`);
      spent = first.refresh;
      return 'a new pair';
    });
    if (spent)
      await kit.scenario('public dialect: refresh rotation', { scope: 'auth', stricter: true }, async () => {
        const again = await auth.refresh(opts.tenant, spent);
        if (again.failed === undefined) throw new Refusal('a spent refresh token was accepted again');
        return 'the spent refresh token is refused';
      });
  }
  await menus(kit, token);
  await userCrud(kit, auth, token);

  await kit.scenario('public dialect: every system list', { scope: 'system' }, async () => {
    const lists = kit.validator.operations.filter((o) => o.method === 'GET' && SYSTEM_LIST.test(o.path));
    if (!lists.length) throw new Skip('no system lists documented');
    for (const o of lists) await kit.ok('GET', o.path, { token, query: { current: 1, size: 10 } });
    return `${lists.length} lists`;
  });

  if (opts.readOnly) return;
  const out = await kit.scenario('public dialect: logout', { scope: 'auth' }, async () => {
    if (!kit.documented('POST', '/blade-auth/logout')) throw new Skip('logout is not documented');
    await kit.ok('POST', '/blade-auth/logout', { token });
    return 'signed out';
  });
  if (out)
    await kit.scenario(
      'public dialect: revocation at logout',
      { scope: 'auth', stricter: true },
      async () => {
        await kit.unauthenticated('GET', '/blade-system/user/info', { token });
        return 'the signed-out token is refused';
      },
    );
}

/**
 * The user and menus as the public clients read them: public icon names, and Sword's `auth-routes`
 * in the target line's shape (the public line's array of one-key objects, our BladeX line's map).
 */
async function menus(kit: Kit, token: string) {
  await kit.scenario('public dialect: user info and menus', { scope: 'system' }, async () => {
    const info = await kit.ok<Dict>('GET', '/blade-system/user/info', { token });
    const routes = await kit.ok<unknown>('GET', '/blade-system/menu/routes', { token });
    const buttons = await kit.ok<unknown>('GET', '/blade-system/menu/buttons', { token });
    if (/Outlined"/.test(JSON.stringify([routes, buttons])))
      throw new Refusal('the menus carry antd component names instead of the public clients’ icons');
    if (kit.documented('GET', '/blade-system/menu/auth-routes')) {
      const guard = await kit.ok<unknown>('GET', '/blade-system/menu/auth-routes', { token });
      if (kit.line === 'springblade' && !Array.isArray(guard))
        throw new Refusal('auth-routes is not an array of path → authority objects');
      if (kit.line === 'bladex' && !isRecord(guard))
        throw new Refusal('auth-routes is not a path → authority map');
    }
    return `user ${String(info.account ?? '')}, ${Array.isArray(routes) ? routes.length : 0} root menus`;
  });
}

/** A user added, updated, signed in as and removed through `/blade-system/user`, as the public clients do. */
async function userCrud(kit: Kit, auth: LineAuth, token: string) {
  if (kit.opts.readOnly) return;
  await kit.scenario(
    'public dialect: user CRUD through /blade-system/user',
    { scope: 'system' },
    async () => {
      const base = '/blade-system/user';
      for (const [m, end] of [
        ['POST', 'submit'],
        ['GET', 'list'],
        ['GET', 'detail'],
        ['POST', 'remove'],
      ])
        if (!kit.documented(m, `${base}/${end}`)) throw new Skip(`${m} ${base}/${end} is not documented`);
      const me = await kit.ok<Dict>('GET', `${base}/info`, { token });
      const account = `pd${Date.now().toString(36)}`;
      const password = `Pd-${Math.random().toString(36).slice(2, 10)}`;
      const { tenant } = kit.opts;
      // the public clients send a new user's password in plain text
      await kit.ok('POST', `${base}/submit`, {
        token,
        json: {
          account,
          name: account,
          realName: 'contract runner',
          password,
          roleId: me.roleId,
          deptId: me.deptId,
          tenantId: tenant,
        },
      });
      const page = await kit.ok<Dict>('GET', `${base}/list`, { token, query: { account, size: 10 } });
      const row = (page.records as Dict[] | undefined)?.find((r) => r.account === account);
      if (!row) throw new Refusal('the added user is not in the list');
      const id = String(row.id);
      await kit.ok('POST', `${base}/submit`, { token, json: { id, realName: 'contract runner 2' } });
      const detail = await kit.ok<Dict>('GET', `${base}/detail`, { token, query: { id } });
      if (detail.realName !== 'contract runner 2') throw new Refusal('the update is not in the detail');
      const signed = await auth.signIn(tenant, account, password, kit.opts.captcha);
      if (signed.failed !== undefined || signed.answer.account !== account)
        throw new Refusal(`the new user cannot sign in with the plain password (${signed.failed ?? ''})`);
      await kit.ok('POST', `${base}/remove`, { token, query: { ids: id } });
      const gone = await kit.ok<Dict>('GET', `${base}/detail`, { token, query: { id } });
      if (isRecord(gone) && Object.keys(gone).length) throw new Refusal('the removed user is still there');
      return `added ${account}, updated, signed in as it, removed`;
    },
  );
}
