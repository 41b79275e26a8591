import type { FastifySchema, onRouteHookHandler } from 'fastify';
import type Database from 'better-sqlite3';
import type { Db } from '@psi/db/client';
import type { Access, BladeLine, Lang } from '@psi/db/model';
import type { TokenService } from './jwt';
import type { GrantCache } from './grants';
import type { AccessRevocation } from './revocation';
import type { Actor } from './data';
import type { TrustProxy } from './security-headers';

export interface AppOptions {
  /** SQLite file; `:memory:` is not used because tests want WAL semantics (use a temp dir). */
  dbFile: string;
  dataDir: string;
  jwtSecret: string;
  seed?: 'minimal' | 'demo' | 'large' | 'none';
  /** A recorded tenant's folder laid over the seed (`SEED=recorded:<dir>`, over `demo` with `+demo`). */
  recordedSeed?: string;
  /** the day the demo data is dated to (`yyyy-MM-dd`); defaults to `DEMO_TODAY`, else the day of seeding */
  demoToday?: string;
  captchaFixed?: string;
  upstream?: string;
  /**
   * Proxy mode: the OpenAPI document upstream answers are checked against (`CONTRACT_DOCUMENT`);
   * unset, our committed document of the upstream's line.
   */
  contractDocument?: string;
  webDist?: string;
  logger?: boolean;
  /** Where the request log goes when on (stdout by default). */
  logStream?: NodeJS.WritableStream;
  /** Requests per minute per IP on the token, captcha and upload endpoints. */
  authRateLimit?: number;
  /**
   * Read answers (lists) kept as sent until the next write (`core/answer-cache.ts`); on unless
   * `false`, which the tests use to compare the bytes with and without.
   */
  answerCache?: boolean;
  /** Switch mode of the served web client (`SWITCH_MODE`); off by default as the seed says. */
  switchMode?: boolean;
  /**
   * Fault injection (`FAULTS=on`, a developer tool): the super-admin's fault rules and the
   * `Blade-Fault` header trouble `/api` calls. Off by default.
   */
  faults?: boolean;
  /** Proxies whose `X-Forwarded-For` is believed (`TRUST_PROXY`); none by default. */
  trustProxy?: TrustProxy;
  /**
   * The SM2 key pair of the public SpringBlade dialect's password transport (`SM2_PRIVATE_KEY` /
   * `SM2_PUBLIC_KEY`); without it the pair kept in (or generated into) `dataDir` is used.
   */
  sm2?: { publicKey: string; privateKey: string };
  /** The Blade line this server stands in for (`BLADE_LINE`, default `bladex`). */
  line?: BladeLine;
  /** Proxy mode: the upstream's line (`BLADE_UPSTREAM_LINE`); unset, it is asked at start-up. */
  upstreamLine?: BladeLine;
  /** Proxy mode, public line: the upstream's SM2 public key the web encrypts passwords with (`BLADE_SM2_PUBLIC_KEY`). */
  upstreamSm2PublicKey?: string;
  /**
   * Called as each route is registered, before any other hook sees it (the route index records the
   * file that registered it, `server/src/route-index.ts`).
   */
  onRoute?: onRouteHookHandler;
}

/** The signed-in caller, from a verified access token. */
export interface SessionUser extends Actor {
  account: string;
  userName: string;
  realName: string;
  roleIds: string[];
  roleAliases: string[];
  postId: string;
  clientId: string;
}

export interface AppContext {
  sqlite: Database.Database;
  db: Db;
  tokens: TokenService;
  grants: GrantCache;
  revocation: AccessRevocation;
  options: AppOptions;
}

export interface RouteInfo {
  method: string;
  url: string;
  access: Access;
  /** The route's zod schemas (params, querystring, body, response by status). */
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    lang: Lang;
  }
  interface FastifyInstance {
    ctx: AppContext;
    routeTable: RouteInfo[];
  }
}
