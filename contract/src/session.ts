import { LineAuth } from './auth';
import { Refusal, Skip, type Dict, type Kit } from './kit';

/**
 * The session's scenarios on the target's line: sign-in and refresh, the session's reads, the error
 * cases and sign-out. Rotation of the refresh token and revocation at sign-out are this product's
 * stricter choices (Blade's tokens are stateless): marked so, and left out with `--blade-only`.
 */
export class SessionScenarios {
  /** The access token of the main account; empty when the sign-in failed. */
  token: string;

  constructor(
    private readonly kit: Kit,
    readonly auth: LineAuth = new LineAuth(kit),
  ) {
    this.token = kit.opts.token ?? '';
  }

  async signIn(): Promise<void> {
    const { kit, auth } = this;
    const { opts } = kit;
    let spent = '';
    await kit.scenario('sign-in', {}, async () => {
      if (opts.token) return 'with the given token';
      const s = await auth.signIn(opts.tenant, opts.account, opts.password, opts.captcha);
      if (s.failed !== undefined) {
        kit.http.flag('POST', auth.routes.token, 'HTTP 200 with tokens', s.failed);
        throw new Refusal(`sign-in of ${opts.tenant}/${opts.account} failed: ${s.failed}`);
      }
      this.token = s.access;
      const grant = opts.captcha ? 'captcha' : 'password';
      if (opts.readOnly) return `${opts.account} signed in (${grant} grant, ${kit.line})`;
      const r = await auth.refresh(opts.tenant, s.refresh);
      if (r.failed !== undefined || r.refresh === s.refresh) {
        kit.http.flag('POST', auth.routes.token, 'HTTP 200 with a new pair', r.failed ?? 'the same pair');
        throw new Refusal(`refresh failed: ${r.failed ?? 'the same refresh token came back'}`);
      }
      this.token = r.access;
      spent = s.refresh;
      return `${opts.account} signed in (${grant} grant, ${kit.line}) and refreshed to a new pair`;
    });
    if (!this.token || !spent) return;
    await kit.scenario('refresh rotation', { scope: 'auth', stricter: true }, async () => {
      const again = await auth.refresh(opts.tenant, spent);
      if (again.failed === undefined) {
        kit.http.flag('POST', auth.routes.token, 'a used refresh token is refused (rotation)', 'a new pair');
        throw new Refusal('a used refresh token was accepted again');
      }
      // a replayed refresh token may revoke the whole sign-in (reuse detection): start a fresh one
      const fresh = await auth.signIn(opts.tenant, opts.account, opts.password, opts.captcha);
      if (fresh.failed !== undefined) throw new Refusal(`signing in again failed: ${fresh.failed}`);
      this.token = fresh.access;
      return 'the spent refresh token is refused';
    });
  }

  /** The reads every page of a client makes: the user, the menus, the buttons, the top menus. */
  async session(): Promise<void> {
    const { kit, auth, token } = this;
    await kit.scenario('session', { scope: 'auth' }, async () => {
      const info = await kit.ok<Dict>('GET', auth.routes.userInfo, { token });
      const routes = await kit.ok<unknown>('GET', '/blade-system/menu/routes', { token });
      await kit.ok('GET', '/blade-system/menu/buttons', { token });
      const tops = await kit.ok<Dict[]>('GET', '/blade-system/menu/top-menu', { token });
      // the captcha (in memory on the server, no row written) when the sign-in did not need one
      if (!kit.opts.captcha && !kit.opts.readOnly && kit.documented('GET', auth.routes.captcha))
        await kit.ok('GET', auth.routes.captcha, {});
      for (const top of Array.isArray(tops) ? tops.slice(0, 3) : [])
        await kit.ok('GET', '/blade-system/menu/routes', { token, query: { topMenuId: String(top.id) } });
      return `user ${String(info.account ?? '')}, ${Array.isArray(routes) ? routes.length : 0} root menus`;
    });
  }

  /**
   * Refusals as the line answers them: no token and a forged one (BladeX HTTP 401, the public line
   * HTTP 200, body code 401 on both), a missing parameter 400, an unknown route 404, and on BladeX
   * a role refusal 403 (the public line refuses a role with 401, which is not checked).
   */
  async errors(): Promise<void> {
    const { kit, auth, token } = this;
    await kit.scenario('error cases', { scope: 'auth' }, async () => {
      await kit.unauthenticated('GET', auth.routes.userInfo, {});
      await kit.unauthenticated('GET', auth.routes.userInfo, { token: 'not-a-token' });
      if (kit.line === 'bladex')
        await kit.refused('GET', '/blade-system/param/detail', { token }, 400, 400, true);
      // the public line binds `code` as a required parameter
      else await kit.refused('GET', '/blade-system/dict/dictionary', { token }, 400, 400, true);
      await kit.refused('GET', '/blade-system/contract-runner-no-such-route', { token }, 404, 404);
      if (kit.line === 'springblade') return '401 (HTTP 200), 400 and 404';
      if (kit.opts.readOnly) return '401, 400 and 404 (403 needs a second account: skipped with --read-only)';
      const emp = await auth.demoSession('000000', 'emp_zhang');
      await kit.refused('GET', '/blade-system/param/list', { token: emp.access }, 403, 403);
      return '401, 403, 400 and 404';
    });
  }

  async signOut(): Promise<void> {
    const { kit, auth, token } = this;
    if (kit.opts.readOnly) return;
    const signedOut = await kit.scenario('sign-out', { scope: 'auth' }, async () => {
      const done: string[] = [];
      for (const [method, path] of auth.routes.signOut)
        if (kit.documented(method, path)) {
          await kit.ok(method, path, { token });
          done.push(`${method} ${path}`);
        }
      if (!done.length) throw new Skip(`no sign-out route of ${kit.line} is documented`);
      return done.join(', ');
    });
    if (!signedOut) return;
    await kit.scenario('revocation at sign-out', { scope: 'auth', stricter: true }, async () => {
      await kit.unauthenticated('GET', auth.routes.userInfo, { token });
      return 'the signed-out access token is refused';
    });
  }
}
