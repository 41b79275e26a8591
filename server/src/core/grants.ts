import type Database from 'better-sqlite3';
import { prepare } from './data';
import type { DataScopeRule } from './data-scope';

/** An api scope granted to a role: the paths (`/blade-desk/notice/**`) its users may call. */
export interface ApiScopeRule {
  scopePath: string;
}

const roleIdsOf = (roleIds: string[]) => roleIds.filter((r) => /^\d+$/.test(r)).map((r) => BigInt(r));

/**
 * Menu and button codes, api scopes and data scopes granted to a set of roles, cached until a grant,
 * menu, scope or role changes (`clear()`), so the permission check on every request is a set lookup.
 */
export class GrantCache {
  private byRoles = new Map<string, Set<string>>();
  private apiByRoles = new Map<string, ApiScopeRule[]>();
  private dataByRoles = new Map<string, DataScopeRule[]>();

  constructor(private readonly sqlite: Database.Database) {}

  /**
   * The cached answer for a set of roles: `query` reads the rows of the roles' ids (its `marks` are
   * their placeholders; no valid id reads nothing) and `shape` turns them into what is cached.
   */
  private cached<Row, T>(
    cache: Map<string, T>,
    roleIds: string[],
    query: (marks: string) => string,
    shape: (rows: Row[]) => T,
  ): T {
    const key = [...roleIds].sort().join(',');
    let value = cache.get(key);
    if (value === undefined) {
      const ids = roleIdsOf(roleIds);
      const rows = ids.length
        ? prepare<Row, bigint[]>(this.sqlite, query(ids.map(() => '?').join(','))).all(...ids)
        : [];
      value = shape(rows);
      cache.set(key, value);
    }
    return value;
  }

  codesFor(roleIds: string[]): Set<string> {
    return this.cached(
      this.byRoles,
      roleIds,
      (marks) =>
        `SELECT DISTINCT m.code AS code FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id
         JOIN blade_role r ON r.id = rm.role_id AND r.is_deleted = 0
         WHERE m.is_deleted = 0 AND rm.role_id IN (${marks})`,
      (rows: { code: string }[]) => new Set(rows.map((r) => r.code)),
    );
  }

  /** Api scopes (scope category 2) granted to the roles; empty means the roles are not limited. */
  apiScopesFor(roleIds: string[]): ApiScopeRule[] {
    return this.cached(
      this.apiByRoles,
      roleIds,
      (marks) =>
        `SELECT DISTINCT a.scope_path AS scopePath FROM blade_role_scope rs
         JOIN blade_scope_api a ON a.id = rs.scope_id AND a.is_deleted = 0 AND a.status = 1
         JOIN blade_role r ON r.id = rs.role_id AND r.is_deleted = 0
         WHERE rs.scope_category = 2 AND rs.role_id IN (${marks})`,
      (rows: ApiScopeRule[]) => rows,
    );
  }

  /** Data scopes (scope category 1) granted to the roles. */
  dataScopesFor(roleIds: string[]): DataScopeRule[] {
    return this.cached(
      this.dataByRoles,
      roleIds,
      (marks) =>
        `SELECT DISTINCT d.resource_code AS resourceCode, d.scope_type AS scopeType, d.scope_column AS scopeColumn,
           d.scope_value AS scopeValue FROM blade_role_scope rs
         JOIN blade_scope_data d ON d.id = rs.scope_id AND d.is_deleted = 0 AND d.status = 1
         JOIN blade_role r ON r.id = rs.role_id AND r.is_deleted = 0
         WHERE rs.scope_category = 1 AND rs.role_id IN (${marks})`,
      (rows: (Omit<DataScopeRule, 'scopeType'> & { scopeType: bigint })[]) =>
        rows.map((r) => ({
          ...r,
          scopeType: Number(r.scopeType),
        })),
    );
  }

  clear(): void {
    this.byRoles.clear();
    this.apiByRoles.clear();
    this.dataByRoles.clear();
  }
}
