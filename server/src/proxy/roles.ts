import type { FastifyRequest } from 'fastify';
import type { BladeLine } from '@psi/db/model';

/** How long the upstream's answer about a caller is trusted. */
const TTL_MS = 30_000;
const MAX_ENTRIES = 500;

type Verdict = 'anonymous' | 'forbidden' | 'allowed';

/** The upstream's answer about the caller's token, read the way its line gives it. */
interface UserAnswer {
  status: number;
  body: { code?: number; data?: Record<string, unknown> } | undefined;
}

/**
 * Whether the caller is the platform super-admin (role alias `administrator` in tenant 000000). The
 * proxy holds no users, so it asks the upstream's user info with the caller's own token and keeps the
 * verdict briefly. BladeX: `/blade-auth/oauth/user-info`, which carries the role aliases. The public
 * line: `/blade-system/user/info`, whose acceptance proves the token genuine; the role aliases are the
 * token's own `role_name` claim (read, not verified: the upstream just accepted the token), the tenant
 * the user info's (else the claim's). Either line's 401 (HTTP 401, or HTTP 200 with body code 401)
 * means anonymous.
 */
export class SuperAdminCheck {
  private readonly cache = new Map<string, { verdict: Verdict; until: number }>();

  constructor(
    private readonly upstream: string,
    private readonly line: () => BladeLine,
  ) {}

  async check(req: FastifyRequest): Promise<Verdict> {
    const token = tokenOf(req);
    if (!token) return 'anonymous';
    const hit = this.cache.get(token);
    if (hit && hit.until > Date.now()) return hit.verdict;
    const verdict = await this.ask(req, token);
    if (!verdict) return 'forbidden';
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(token, { verdict, until: Date.now() + TTL_MS });
    return verdict;
  }

  /** The verdict, or null when the upstream could not be asked (not cached). */
  private async ask(req: FastifyRequest, token: string): Promise<Verdict | null> {
    const headers: Record<string, string> = { 'blade-auth': token };
    if (req.headers.authorization?.startsWith('Basic ')) headers.authorization = req.headers.authorization;
    const line = this.line();
    const route = line === 'springblade' ? '/blade-system/user/info' : '/blade-auth/oauth/user-info';
    let answer: UserAnswer;
    try {
      const res = await fetch(`${this.upstream}${route}`, { headers, signal: AbortSignal.timeout(10_000) });
      let body: UserAnswer['body'];
      try {
        body = (await res.json()) as UserAnswer['body'];
      } catch {
        body = undefined;
      }
      answer = { status: res.status, body };
    } catch (e) {
      req.log.warn({ err: e }, 'proxy: user info of the upstream failed');
      return null;
    }
    if (answer.status === 401 || answer.body?.code === 401) return 'anonymous';
    if (answer.status !== 200 || answer.body?.code !== 200) return 'forbidden';
    const data = answer.body.data ?? {};
    const claims = line === 'springblade' ? claimsOf(token) : {};
    const aliases = String(
      line === 'springblade' ? (claims.role_name ?? '') : (data.roleAlias ?? data.role_name ?? ''),
    )
      .split(',')
      .map((s) => s.trim());
    const tenant = data.tenantId ?? claims.tenant_id;
    return tenant === '000000' && aliases.includes('administrator') ? 'allowed' : 'forbidden';
  }
}

/** The payload of a JWT (`bearer <header>.<payload>.<signature>`), unverified; `{}` when it is none. */
function claimsOf(token: string): Record<string, unknown> {
  const jwt = token.replace(/^(bearer|crypto)\s+/i, '');
  const payload = jwt.split('.')[1];
  if (!payload) return {};
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The caller's `Blade-Auth` header (`Authorization` carries the Basic client, never the token). */
function tokenOf(req: FastifyRequest): string | undefined {
  const blade = req.headers['blade-auth'];
  if (typeof blade === 'string' && blade.trim()) return blade.trim();
  return undefined;
}
