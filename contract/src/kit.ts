import type { ContractClient, CallOptions } from './http';
import type { ContractValidator } from './validate';
import type { BladeLine } from './line';

/** The parts of a backend the runner can walk on its own (`--scope`). */
export const SCOPES = ['auth', 'system', 'desk', 'psi', 'flow'] as const;
export type Scope = (typeof SCOPES)[number];

/** Which part a documented route belongs to, by its service prefix. */
const SCOPE_OF_SERVICE: Record<string, Scope> = {
  'blade-auth': 'auth',
  'blade-system': 'system',
  'blade-user': 'system',
  'blade-log': 'system',
  'blade-develop': 'system',
  'blade-resource': 'system',
  'blade-report': 'system',
  'blade-desk': 'desk',
  demo: 'desk',
  'blade-psi': 'psi',
  'blade-flow': 'flow',
};

export function scopeOf(path: string): Scope {
  return SCOPE_OF_SERVICE[path.split('/')[1] ?? ''] ?? 'system';
}

export interface RunOptions {
  baseUrl: string;
  /** The line the backend speaks (`--line`; `auto` is resolved before the run). */
  line: BladeLine;
  tenant: string;
  account: string;
  password: string;
  clientId: string;
  clientSecret: string;
  /** The known captcha answer (a demo server started with CAPTCHA_FIXED); without it the password grant. */
  captcha?: string;
  /** An access token to use instead of signing in (with `readOnly`, nothing at all is written). */
  token?: string;
  readOnly: boolean;
  /** Password of the demo accounts used by the PSI, leave and permission scenarios. */
  demoPassword: string;
  lang: string;
  /** The public line: the SM2 public key the password is encrypted with (`--sm2-public-key`). */
  sm2PublicKey?: string;
  /** The parts walked (`--scope`); all when unset. */
  scope?: Scope[];
  /** Leave out the expectations that are this product's stricter choice, not Blade's (`--blade-only`). */
  bladeOnly?: boolean;
}

export interface ScenarioResult {
  name: string;
  /** `not walked`: left out by `--scope` or `--blade-only`, never counted as passed. */
  status: 'passed' | 'failed' | 'skipped' | 'not walked';
  detail: string;
  ms: number;
  /** An expectation of this product's own, stricter than Blade (rotation, revocation at sign-out). */
  stricter?: boolean;
}

export type Dict = Record<string, unknown>;
export const isRecord = (v: unknown): v is Dict => !!v && typeof v === 'object' && !Array.isArray(v);

/** A scenario stops at the first answer that is not what the contract promises. */
export class Refusal extends Error {}
/** The backend lacks what a scenario needs (route not documented, demo account absent). */
export class Skip extends Error {}

export interface ScenarioSpec {
  scope?: Scope;
  stricter?: boolean;
}

const seenOf = (status: number, body: unknown) =>
  `HTTP ${status} ${JSON.stringify(body ?? null).slice(0, 160)}`;

/** What every scenario works with: the options, the HTTP client, the document and the results so far. */
export class Kit {
  readonly scenarios: ScenarioResult[] = [];

  constructor(
    readonly opts: RunOptions,
    readonly http: ContractClient,
    readonly validator: ContractValidator,
  ) {}

  get line(): BladeLine {
    return this.opts.line;
  }

  documented(method: string, path: string): boolean {
    return this.validator.operations.some((o) => o.method === method && o.path === path);
  }

  inScope(scope: Scope): boolean {
    return !this.opts.scope || this.opts.scope.includes(scope);
  }

  /** Runs one scenario unless `--scope` or `--blade-only` leaves it out; its outcome is recorded. */
  async scenario(name: string, spec: ScenarioSpec, body: () => Promise<string | void>): Promise<boolean> {
    const stricter = spec.stricter ? { stricter: true } : {};
    if (spec.scope && !this.inScope(spec.scope)) {
      this.scenarios.push({ name, status: 'not walked', detail: `${spec.scope} is outside --scope`, ms: 0 });
      return false;
    }
    if (spec.stricter && this.opts.bladeOnly) {
      const detail = 'this product’s stricter choice, left out with --blade-only';
      this.scenarios.push({ name, status: 'not walked', detail, ms: 0, ...stricter });
      return false;
    }
    const started = performance.now();
    try {
      const detail = (await body()) ?? '';
      this.scenarios.push({ name, status: 'passed', detail, ms: performance.now() - started, ...stricter });
      return true;
    } catch (e) {
      this.scenarios.push({
        name,
        status: e instanceof Skip ? 'skipped' : 'failed',
        detail: e instanceof Error ? e.message : String(e),
        ms: performance.now() - started,
        ...stricter,
      });
      return false;
    }
  }

  /** The envelope's data of a successful answer; anything else flags the call and stops the scenario. */
  async ok<T = unknown>(method: string, path: string, o: CallOptions): Promise<T> {
    const a = await this.http.call(method, path, o);
    const body = a.body as Dict | undefined;
    if (a.status !== 200 || !isRecord(body) || body.code !== 200 || body.success !== true) {
      const seen = seenOf(a.status, body);
      this.http.flag(method, path, 'HTTP 200 with code 200', seen);
      throw new Refusal(`${method} ${path}: ${seen}`);
    }
    return body.data as T;
  }

  /** A refusal with this HTTP status and body code (and a message when asked); anything else fails. */
  async refused(
    method: string,
    path: string,
    o: CallOptions,
    status: number,
    code: number,
    withMessage = false,
  ): Promise<void> {
    const a = await this.http.call(method, path, o);
    const body = a.body as Dict | undefined;
    const good =
      a.status === status &&
      isRecord(body) &&
      body.code === code &&
      body.success === false &&
      (!withMessage || (typeof body.msg === 'string' && body.msg.length > 0));
    if (!good) {
      const seen = seenOf(a.status, body);
      this.http.flag(
        method,
        path,
        `HTTP ${status} with code ${code}${withMessage ? ' and a message' : ''}`,
        seen,
      );
      throw new Refusal(`${method} ${path}: expected HTTP ${status} code ${code}, saw ${seen}`);
    }
  }

  /**
   * The line's refusal of a caller without a valid token: BladeX answers HTTP 401, the public line
   * HTTP 200, both with body code 401.
   */
  unauthenticated(method: string, path: string, o: CallOptions): Promise<void> {
    return this.refused(method, path, o, this.line === 'springblade' ? 200 : 401, 401);
  }
}
