import { randomBytes, randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';

/** Public defaults shipped with Blade releases and tutorials: a server must never sign with them. */
const KNOWN_PUBLIC_KEYS = [
  'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject',
  'BladeX',
  'SpringBlade',
  'bladex',
  'blade',
  'secret',
  'changeme',
];

const ISSUER = 'issuser';
const AUDIENCE = 'audience';

export function assertUsableSecret(secret: string): void {
  if (Buffer.byteLength(secret, 'utf8') < 32) throw new Error('JWT_SECRET must be at least 32 bytes long');
  if (KNOWN_PUBLIC_KEYS.some((k) => k.toLowerCase() === secret.toLowerCase()))
    throw new Error('JWT_SECRET is a publicly known Blade default; choose your own secret');
}

export const generateSecret = () => randomBytes(48).toString('base64url');

export interface TokenClaims {
  token_type: 'access_token' | 'refresh_token';
  tenant_id: string;
  user_id: string;
  role_id: string;
  dept_id: string;
  post_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  role_name: string;
  client_id: string;
  /** The sign-in this token belongs to (shared along its refresh chain). */
  sid?: string;
  /** The user's access generation when the token was issued. */
  gen?: number;
  /** `public` when issued by the public SpringBlade token endpoint (`/blade-auth/token`). */
  dialect?: 'public';
  jti: string;
  exp: number;
  nbf: number;
  iat: number;
  iss: string;
  aud: string;
}

export type ClaimsInput = Omit<TokenClaims, 'jti' | 'exp' | 'nbf' | 'iat' | 'iss' | 'aud'>;

/** HS256 only: `alg: none` and every other algorithm are refused by the verifier. */
export function createTokenService(secret: string) {
  assertUsableSecret(secret);
  const sign = createSigner({ key: secret, algorithm: 'HS256' });
  const verify = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    allowedAud: AUDIENCE,
    requiredClaims: ['exp', 'nbf', 'jti', 'token_type'],
  });
  const verified = new VerifiedTokens();
  return {
    issue(claims: ClaimsInput, ttlSeconds: number, now = Math.floor(Date.now() / 1000)) {
      const jti = randomUUID();
      const token = sign({
        ...claims,
        jti,
        iat: now,
        nbf: now,
        exp: now + ttlSeconds,
        iss: ISSUER,
        aud: AUDIENCE,
      });
      return { token, jti, exp: now + ttlSeconds };
    },
    /** Returns the claims of a valid token, or null for a forged, expired or early one. */
    verify(token: string): TokenClaims | null {
      try {
        return verified.get(token) ?? verified.keep(token, verify(token) as TokenClaims);
      } catch {
        return null;
      }
    },
    /**
     * Whether a token that no longer verifies was ended by a demo reset (so the refusal can say why);
     * only the demo's wrapper (`refuseSessionsBeforeReset`) knows of any.
     */
    endedByReset(_token: string): boolean {
      return false;
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;

/** How long a verified token is believed without verifying it again (fast-jwt's default cache TTL). */
const KEEP_MS = 600_000;
const KEEP_TOKENS = 1000;

/**
 * Tokens that verified, each believed again from its `nbf` until its `exp` (at most `KEEP_MS` after
 * it was verified): the bounds fast-jwt's own cache used, kept under the token itself rather than
 * under a SHA-256 of it, so a request pays a map lookup instead of a hash. Forged, expired and early
 * tokens are never kept; past `KEEP_TOKENS` the oldest is dropped.
 */
class VerifiedTokens {
  private readonly kept = new Map<string, { claims: TokenClaims; from: number; until: number }>();

  get(token: string): TokenClaims | undefined {
    const hit = this.kept.get(token);
    if (!hit) return undefined;
    const now = Date.now();
    if (now >= hit.from && now <= hit.until) return hit.claims;
    this.kept.delete(token);
    return undefined;
  }

  keep(token: string, claims: TokenClaims): TokenClaims {
    if (this.kept.size >= KEEP_TOKENS) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(token, {
      claims,
      from: claims.nbf * 1000,
      until: Math.min(Date.now() + KEEP_MS, claims.exp * 1000),
    });
    return claims;
  }
}
