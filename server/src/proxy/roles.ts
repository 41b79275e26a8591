import type { FastifyRequest } from 'fastify';

/** How long the upstream's answer about a caller is trusted. */
const TTL_MS = 30_000;
const MAX_ENTRIES = 500;

type Verdict = 'anonymous' | 'forbidden' | 'allowed';

/**
 * Whether the caller is the platform super-admin (role alias `administrator` in tenant 000000). The
 * proxy holds no users, so it asks the upstream's user info with the caller's own token and keeps the
 * verdict briefly.
 */
export class SuperAdminCheck {
  private readonly cache = new Map<string, { verdict: Verdict; until: number }>();

  constructor(private readonly upstream: string) {}

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
    try {
      const res = await fetch(`${this.upstream}/blade-auth/oauth/user-info`, {
        headers,
        signal: AbortSignal.timeout(10_000),
      });
      if (res.status === 401) return 'anonymous';
      const body = (await res.json()) as { code?: number; data?: Record<string, unknown> };
      if (body.code === 401) return 'anonymous';
      const data = body.data ?? {};
      const aliases = String(data.roleAlias ?? data.role_name ?? '')
        .split(',')
        .map((s) => s.trim());
      return data.tenantId === '000000' && aliases.includes('administrator') ? 'allowed' : 'forbidden';
    } catch (e) {
      req.log.warn({ err: e }, 'proxy: user info of the upstream failed');
      return null;
    }
  }
}

/** The caller's `Blade-Auth` header (`Authorization` carries the Basic client, never the token). */
function tokenOf(req: FastifyRequest): string | undefined {
  const blade = req.headers['blade-auth'];
  if (typeof blade === 'string' && blade.trim()) return blade.trim();
  return undefined;
}
