import { sm2 } from 'sm-crypto';
import type { CallOptions } from './http';
import type { Operation } from './document';
import type { RunOptions } from './runner';

type Dict = Record<string, unknown>;
const isRecord = (v: unknown): v is Dict => !!v && typeof v === 'object' && !Array.isArray(v);

/** What a scenario of the public dialect needs from the runner. */
export interface DialectKit {
  opts: RunOptions;
  operations: Operation[];
  documented(method: string, path: string): boolean;
  scenario(name: string, body: () => Promise<string | void>): Promise<void>;
  ok<T = unknown>(method: string, path: string, o: CallOptions): Promise<T>;
  refused(method: string, path: string, o: CallOptions, status: number, code: number): Promise<void>;
  /** Thrown when the backend lacks what a scenario needs: the scenario is skipped. */
  skip(reason: string): Error;
  /** Thrown when an answer breaks the contract: the scenario fails. */
  refuse(reason: string): Error;
}

/** The lists of the system screens the public Saber and Sword open (paged or tree lists). */
const SYSTEM_LIST = /^\/blade-(system|desk|log|develop|resource|report)\/[^{}]*\/(list|page)$/;

/**
 * The public SpringBlade dialect (Saber, Sword): captcha, sign-in with an SM2-encrypted password,
 * refresh rotation, the session's reads, user CRUD through `/blade-system/user/*`, every system list
 * and logout, all with the dialect's own token.
 */
export async function publicDialectScenarios(kit: DialectKit): Promise<void> {
  const { opts, ok, scenario } = kit;
  const tokenPath = '/blade-auth/token';

  /** Saber's sign-in: SM2 (cipher mode 0) with the served key, parameters in the query string. */
  const signIn = async (account: string, password: string) => {
    const { publicKey } = await ok<{ publicKey: string }>('GET', '/blade-auth/public-key', {});
    const headers: Record<string, string> = { 'tenant-id': opts.tenant };
    if (opts.captcha) {
      const c = await ok<Dict>('GET', '/blade-auth/captcha', {});
      if (typeof c.key !== 'string' || !String(c.image).startsWith('data:image/'))
        throw kit.refuse('the captcha answer lacks a key or a data-URL image');
      headers['captcha-key'] = c.key;
      headers['captcha-code'] = opts.captcha;
    }
    return ok<Dict>('POST', tokenPath, {
      headers,
      query: {
        tenantId: opts.tenant,
        account,
        password: sm2.doEncrypt(password, publicKey, 0),
        grantType: opts.captcha ? 'captcha' : 'password',
        type: 'account',
      },
    });
  };

  let token = '';
  await scenario('public dialect: captcha and SM2 sign-in', async () => {
    if (!kit.documented('POST', tokenPath) || !kit.documented('GET', '/blade-auth/public-key'))
      throw kit.skip('the public dialect is not documented');
    if (opts.token) throw kit.skip('a given token: no password to sign in with');
    const info = await signIn(opts.account, opts.password);
    for (const k of ['accessToken', 'refreshToken', 'userId', 'tenantId', 'account', 'authority', 'avatar'])
      if (typeof info[k] !== 'string') throw kit.refuse(`AuthInfo.${k} is not a string`);
    if (!/^https?:\/\//.test(String(info.avatar))) throw kit.refuse('AuthInfo.avatar is not an absolute URL');
    token = String(info.accessToken);
    // a ciphertext under another key is an ordinary wrong password
    const other = sm2.generateKeyPairHex().publicKey;
    await kit.refused(
      'POST',
      tokenPath,
      {
        headers: { 'tenant-id': opts.tenant },
        query: {
          account: `${opts.account}-not-there`,
          password: sm2.doEncrypt('x', other, 0),
          grantType: 'password',
        },
      },
      400,
      400,
    );
    return `${String(info.account)} signed in (${opts.captcha ? 'captcha' : 'password'} grant), roles ${String(info.authority)}`;
  });
  if (!token) return;

  if (!opts.readOnly)
    await scenario('public dialect: refresh', async () => {
      const first = await signIn(opts.account, opts.password);
      const refresh = (r: unknown) => ({
        query: { grantType: 'refresh_token', refreshToken: String(r), scope: 'all' },
      });
      const next = await ok<Dict>('POST', tokenPath, refresh(first.refreshToken));
      if (typeof next.accessToken !== 'string' || next.refreshToken === first.refreshToken)
        throw kit.refuse('the refresh did not answer a new pair');
      await kit.refused('POST', tokenPath, refresh(first.refreshToken), 400, 400);
      return 'a new pair; the spent refresh token is refused';
    });

  await scenario('public dialect: user info and menus', async () => {
    const info = await ok<Dict>('GET', '/blade-system/user/info', { token });
    const routes = await ok<unknown>('GET', '/blade-system/menu/routes', { token });
    const buttons = await ok<unknown>('GET', '/blade-system/menu/buttons', { token });
    // the public clients' icon names, not our antd component names
    if (/Outlined"/.test(JSON.stringify([routes, buttons])))
      throw kit.refuse('the menus carry antd component names instead of the public clients’ icons');
    if (kit.documented('GET', '/blade-system/menu/auth-routes')) {
      const guard = await ok<unknown>('GET', '/blade-system/menu/auth-routes', { token });
      if (!isRecord(guard)) throw kit.refuse('auth-routes is not a path → authority map');
    }
    return `user ${String(info.account ?? '')}, ${Array.isArray(routes) ? routes.length : 0} root menus`;
  });

  if (!opts.readOnly)
    await scenario('public dialect: user CRUD through /blade-system/user', async () => {
      const base = '/blade-system/user';
      for (const [m, end] of [
        ['POST', 'submit'],
        ['GET', 'list'],
        ['GET', 'detail'],
        ['POST', 'remove'],
      ])
        if (!kit.documented(m, `${base}/${end}`)) throw kit.skip(`${m} ${base}/${end} is not documented`);
      const me = await ok<Dict>('GET', `${base}/info`, { token });
      const account = `pd${Date.now().toString(36)}`;
      const password = `Pd-${Math.random().toString(36).slice(2, 10)}`;
      // the public clients send a new user's password in plain text
      await ok('POST', `${base}/submit`, {
        token,
        json: {
          account,
          name: account,
          realName: 'contract runner',
          password,
          roleId: me.roleId,
          deptId: me.deptId,
          tenantId: opts.tenant,
        },
      });
      const page = await ok<Dict>('GET', `${base}/list`, { token, query: { account, size: 10 } });
      const row = (page.records as Dict[] | undefined)?.find((r) => r.account === account);
      if (!row) throw kit.refuse('the added user is not in the list');
      const id = String(row.id);
      await ok('POST', `${base}/submit`, { token, json: { id, realName: 'contract runner 2' } });
      const detail = await ok<Dict>('GET', `${base}/detail`, { token, query: { id } });
      if (detail.realName !== 'contract runner 2') throw kit.refuse('the update is not in the detail');
      const signed = await signIn(account, password);
      if (signed.account !== account) throw kit.refuse('the new user cannot sign in with the plain password');
      await ok('POST', `${base}/remove`, { token, query: { ids: id } });
      const gone = await ok<Dict>('GET', `${base}/detail`, { token, query: { id } });
      if (isRecord(gone) && Object.keys(gone).length) throw kit.refuse('the removed user is still there');
      return `added ${account}, updated, signed in as it, removed`;
    });

  await scenario('public dialect: every system list', async () => {
    const lists = kit.operations.filter((o) => o.method === 'GET' && SYSTEM_LIST.test(o.path));
    if (!lists.length) throw kit.skip('no system lists documented');
    for (const o of lists) await ok('GET', o.path, { token, query: { current: 1, size: 10 } });
    return `${lists.length} lists`;
  });

  if (!opts.readOnly)
    await scenario('public dialect: logout', async () => {
      if (!kit.documented('POST', '/blade-auth/logout')) throw kit.skip('logout is not documented');
      await ok('POST', '/blade-auth/logout', { token });
      await kit.refused('GET', '/blade-system/user/info', { token }, 401, 401);
      return 'signed out; the token is refused';
    });
}
