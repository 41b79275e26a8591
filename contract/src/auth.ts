import { createHash } from 'node:crypto';
import { sm2 } from 'sm-crypto';
import { isRecord, Refusal, Skip, type Dict, type Kit } from './kit';
import type { BladeLine } from './line';

/** The session routes of each line: sign-in, captcha, the signed-in user, sign-out. */
const LINE_ROUTES: Record<
  BladeLine,
  { token: string; captcha: string; userInfo: string; signOut: [method: string, path: string][] }
> = {
  bladex: {
    token: '/blade-auth/oauth/token',
    captcha: '/blade-auth/oauth/captcha',
    userInfo: '/blade-auth/oauth/user-info',
    signOut: [
      ['GET', '/blade-auth/oauth/clear-cache'],
      ['GET', '/blade-auth/oauth/logout'],
    ],
  },
  springblade: {
    token: '/blade-auth/token',
    captcha: '/blade-auth/captcha',
    userInfo: '/blade-system/user/info',
    signOut: [['POST', '/blade-auth/logout']],
  },
};

/** Served by our own server for the public clients; a real SpringBlade has no such route. */
const PUBLIC_KEY_ROUTE = '/blade-auth/public-key';

export interface Session {
  failed?: undefined;
  access: string;
  refresh: string;
  userId: string;
  /** The token answer as sent (snake_case on BladeX, `AuthInfo` on the public line). */
  answer: Dict;
}
export type SignIn = { failed: string } | Session;

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const seenOf = (status: number, body: unknown) =>
  `HTTP ${status} ${JSON.stringify(body ?? null).slice(0, 160)}`;

/** Sign-in and refresh the way a line's own clients do them. */
export class LineAuth {
  private key?: string;

  constructor(
    private readonly kit: Kit,
    readonly line: BladeLine = kit.line,
  ) {}

  get routes() {
    return LINE_ROUTES[this.line];
  }

  /**
   * The SM2 public key of the public line: `--sm2-public-key`, else the key the target serves at
   * `/blade-auth/public-key` (our own server does; a real SpringBlade does not, its clients are
   * configured with the key).
   */
  async publicKey(): Promise<string> {
    if (this.kit.opts.sm2PublicKey) return this.kit.opts.sm2PublicKey;
    if (this.key) return this.key;
    const a = await this.kit.http.call('GET', PUBLIC_KEY_ROUTE, {});
    const data = isRecord(a.body) && a.body.code === 200 && isRecord(a.body.data) ? a.body.data : {};
    if (typeof data.publicKey !== 'string' || !data.publicKey)
      throw new Refusal(
        `the public line encrypts the password with the backend's SM2 public key: pass --sm2-public-key (${PUBLIC_KEY_ROUTE}: ${seenOf(a.status, a.body)})`,
      );
    this.key = data.publicKey;
    return this.key;
  }

  async signIn(tenant: string, account: string, password: string, captcha?: string): Promise<SignIn> {
    const headers: Record<string, string> = { 'tenant-id': tenant };
    if (captcha) {
      const c = await this.kit.ok<Dict>('GET', this.routes.captcha, {});
      if (typeof c.key !== 'string' || !String(c.image).startsWith('data:image/'))
        throw new Refusal('the captcha answer lacks a key or a data-URL image');
      headers['captcha-key'] = c.key;
      headers['captcha-code'] = captcha;
    }
    const grant = captcha ? 'captcha' : 'password';
    if (this.line === 'bladex') {
      const a = await this.kit.http.call('POST', this.routes.token, {
        headers,
        query: {
          tenantId: tenant,
          username: account,
          password: md5(password),
          grant_type: grant,
          scope: 'all',
          type: 'account',
        },
      });
      return this.bladexSession(a.status, a.body);
    }
    const a = await this.kit.http.call('POST', this.routes.token, {
      headers,
      query: {
        tenantId: tenant,
        account,
        password: sm2.doEncrypt(password, await this.publicKey(), 0),
        grantType: grant,
        type: 'account',
      },
    });
    return this.publicSession(a.status, a.body);
  }

  /** A new pair for a refresh token, or why not. */
  async refresh(tenant: string, refresh: string): Promise<SignIn> {
    if (this.line === 'bladex') {
      const a = await this.kit.http.call('POST', this.routes.token, {
        headers: { 'tenant-id': tenant },
        query: { grant_type: 'refresh_token', refresh_token: refresh, scope: 'all', tenantId: tenant },
      });
      return this.bladexSession(a.status, a.body);
    }
    const a = await this.kit.http.call('POST', this.routes.token, {
      headers: { 'tenant-id': tenant },
      query: { grantType: 'refresh_token', refreshToken: refresh, scope: 'all', tenantId: tenant },
    });
    return this.publicSession(a.status, a.body);
  }

  /** A demo account's session; a backend without it skips the scenario rather than failing it. */
  async demoSession(tenant: string, account: string): Promise<Session> {
    const s = await this.signIn(tenant, account, this.kit.opts.demoPassword, this.kit.opts.captcha);
    if (s.failed !== undefined)
      throw new Skip(`demo account ${tenant}/${account} cannot sign in (${s.failed})`);
    return s;
  }

  private bladexSession(status: number, body: unknown): SignIn {
    if (status !== 200 || !isRecord(body) || typeof body.access_token !== 'string')
      return { failed: seenOf(status, body) };
    return {
      access: body.access_token,
      refresh: String(body.refresh_token),
      userId: String(body.user_id),
      answer: body,
    };
  }

  private publicSession(status: number, body: unknown): SignIn {
    const data = isRecord(body) && body.code === 200 && isRecord(body.data) ? body.data : undefined;
    if (status !== 200 || !data || typeof data.accessToken !== 'string')
      return { failed: seenOf(status, body) };
    return {
      access: data.accessToken,
      refresh: String(data.refreshToken),
      userId: String(data.userId),
      answer: data,
    };
  }
}
