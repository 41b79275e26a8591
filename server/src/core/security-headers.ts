import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * The security headers (CSP, nosniff, frame protection, referrer policy …) on every answer. Registered
 * before anything that can refuse a request (access control, rate limits, the body parser, the
 * proxy), so 401, 403, 404, 413, 429, 5xx and proxied answers carry them too.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        frameSrc: ["'self'", 'http:', 'https:'],
        connectSrc: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}

/** What `TRUST_PROXY` may say: off, a hop count, or addresses/CIDRs (`loopback` among them). */
export type TrustProxy = false | number | string[];

/**
 * `TRUST_PROXY`: unset, empty or `false` trusts no proxy (the peer address is the client); a number
 * trusts that many hops; otherwise a comma-separated list of addresses, CIDRs or the names
 * `loopback`, `linklocal`, `uniquelocal`. `true` (trust anyone) is refused: it lets any caller forge
 * its address.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (!value || value.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > 10) throw new Error('TRUST_PROXY hop count must be between 1 and 10');
    return hops;
  }
  if (value.toLowerCase() === 'true')
    throw new Error('TRUST_PROXY=true would trust every caller; name the proxies or a hop count');
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (!/^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/.test(entry))
      throw new Error(`TRUST_PROXY entry "${entry}" is not an address, CIDR or loopback`);
  }
  return list;
}

/** The `trustProxy` option of Fastify for a setting: a hop count trusts the nearest `n` proxies. */
export function trustProxyOption(
  setting: TrustProxy | undefined,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting ?? false;
}
