import type Database from 'better-sqlite3';
import { formatDateTime } from '@psi/db/model';
import { prepare } from './data';

interface TenantState {
  enabled: boolean;
  expireTime: string | null;
}

/** What a token says about itself that revocation looks at. */
export interface RevocableClaims {
  jti: string;
  sid?: string;
  gen?: number;
  user_id: string;
  tenant_id: string;
}

/**
 * Taking access back without a query per request: the per-user generations (bumped by database
 * triggers on disable, lock, removal, password and role changes), the tenants' status and expiry,
 * and the revoked token and sign-in ids are kept in memory, loaded at start and brought up to date
 * after every request that may have written (`sync`). A token is admitted only while it carries its
 * user's current generation, its tenant is enabled and unexpired, and neither it nor its sign-in was
 * revoked: two map lookups and two set lookups.
 */
export class AccessRevocation {
  private generations = new Map<string, number>();
  private tenants = new Map<string, TenantState>();
  private revoked = new Map<string, number>();
  private lastSeq = 0;
  private nowText = '';
  private nowSecond = 0;

  constructor(private readonly sqlite: Database.Database) {
    for (const row of sqlite
      .prepare<[], { subject: string; generation: bigint; seq: bigint }>(
        'SELECT subject, generation, seq FROM blade_access_generation',
      )
      .all()) {
      if (row.subject.startsWith('u:')) this.generations.set(row.subject.slice(2), Number(row.generation));
      this.lastSeq = Math.max(this.lastSeq, Number(row.seq));
    }
    for (const row of sqlite
      .prepare<[], { tenantId: string }>(
        'SELECT tenant_id AS tenantId FROM blade_tenant WHERE is_deleted = 0',
      )
      .all())
      this.loadTenant(row.tenantId);
    const now = Math.floor(Date.now() / 1000);
    sqlite.prepare('DELETE FROM blade_token_revocation WHERE expires_at <= ?').run(now);
    for (const row of sqlite
      .prepare<[], { id: string; exp: bigint }>(
        'SELECT token_id AS id, expires_at AS exp FROM blade_token_revocation',
      )
      .all())
      this.revoked.set(row.id, Number(row.exp));
  }

  /** Reads one tenant; an unknown one is remembered as closed until a change to it is synced. */
  private loadTenant(tenantId: string): TenantState {
    const row = prepare<{ status: bigint; expireTime: string | null }, [string]>(
      this.sqlite,
      'SELECT status, expire_time AS expireTime FROM blade_tenant WHERE tenant_id = ? AND is_deleted = 0',
    ).get(tenantId);
    const state = row
      ? { enabled: Number(row.status) === 1, expireTime: row.expireTime || null }
      : { enabled: false, expireTime: null };
    this.tenants.set(tenantId, state);
    return state;
  }

  /** Reads the generation changes written since the last call (one indexed query). */
  sync(): void {
    const rows = prepare<{ subject: string; generation: bigint; seq: bigint }, [number]>(
      this.sqlite,
      'SELECT subject, generation, seq FROM blade_access_generation WHERE seq > ? ORDER BY seq',
    ).all(this.lastSeq);
    for (const row of rows) {
      if (row.subject.startsWith('u:')) this.generations.set(row.subject.slice(2), Number(row.generation));
      else if (row.subject.startsWith('t:')) this.loadTenant(row.subject.slice(2));
      this.lastSeq = Math.max(this.lastSeq, Number(row.seq));
    }
  }

  /** The generation an access token of the user carries. */
  generationOf(userId: string): number {
    return this.generations.get(userId) ?? 0;
  }

  /** The generation a token issued now carries: read after any change written outside a request. */
  currentGenerationOf(userId: string): number {
    this.sync();
    return this.generationOf(userId);
  }

  /** Revokes a token or sign-in id until it would have expired anyway. */
  revoke(id: string, expiresAt: number): void {
    prepare(
      this.sqlite,
      `INSERT INTO blade_token_revocation (token_id, expires_at) VALUES (?, ?)
       ON CONFLICT (token_id) DO UPDATE SET expires_at = MAX(expires_at, excluded.expires_at)`,
    ).run(id, expiresAt);
    this.revoked.set(id, Math.max(expiresAt, this.revoked.get(id) ?? 0));
  }

  isRevoked(id: string | undefined): boolean {
    return !!id && this.revoked.has(id);
  }

  private now(): string {
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.nowSecond) {
      this.nowSecond = second;
      this.nowText = formatDateTime();
    }
    return this.nowText;
  }

  /** Whether the tenant lets its users in now (exists, enabled, not expired). */
  tenantAdmits(tenantId: string): boolean {
    let tenant = this.tenants.get(tenantId);
    if (!tenant) tenant = this.loadTenant(tenantId);
    return tenant.enabled && !(tenant.expireTime && tenant.expireTime < this.now());
  }

  /**
   * Whether the token itself or its sign-in was revoked. Refresh tokens are checked with this alone:
   * the refresh re-reads the user and tenant, and their own record says whether they were revoked.
   */
  revokedToken(claims: RevocableClaims): boolean {
    return this.isRevoked(claims.jti) || this.isRevoked(claims.sid);
  }

  admits(claims: RevocableClaims): boolean {
    return (
      (claims.gen ?? 0) === this.generationOf(claims.user_id) &&
      !this.isRevoked(claims.jti) &&
      !this.isRevoked(claims.sid) &&
      this.tenantAdmits(claims.tenant_id)
    );
  }
}
