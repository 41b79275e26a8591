import type Database from 'better-sqlite3';
import { prepare } from './data';

/** An api scope granted to a role: the paths (`/blade-desk/notice/**`) its users may call. */
export interface ApiScopeRule {
  scopePath: string;
}

/** A data scope granted to a role: which rows of a resource (`resourceCode`) its users see in lists. */
export interface DataScopeRule {
  resourceCode: string;
  /** 1 all, 2 own rows, 3 own dept, 4 own dept and below, 5 chosen depts (`scopeValue`) */
  scopeType: number;
  scopeColumn: string | null;
  scopeValue: string | null;
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

  codesFor(roleIds: string[]): Set<string> {
    const key = [...roleIds].sort().join(',');
    let codes = this.byRoles.get(key);
    if (!codes) {
      const ids = roleIds.filter((r) => /^\d+$/.test(r)).map((r) => BigInt(r));
      const rows = ids.length
        ? (prepare(
            this.sqlite,
            `SELECT DISTINCT m.code AS code FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id
             JOIN blade_role r ON r.id = rm.role_id AND r.is_deleted = 0
             WHERE m.is_deleted = 0 AND rm.role_id IN (${ids.map(() => '?').join(',')})`,
          ).all(...ids) as { code: string }[])
        : [];
      codes = new Set(rows.map((r) => r.code));
      this.byRoles.set(key, codes);
    }
    return codes;
  }

  /** Api scopes (scope category 2) granted to the roles; empty means the roles are not limited. */
  apiScopesFor(roleIds: string[]): ApiScopeRule[] {
    const key = [...roleIds].sort().join(',');
    let rules = this.apiByRoles.get(key);
    if (!rules) {
      const ids = roleIdsOf(roleIds);
      rules = ids.length
        ? (prepare(
            this.sqlite,
            `SELECT DISTINCT a.scope_path AS scopePath FROM blade_role_scope rs
             JOIN blade_scope_api a ON a.id = rs.scope_id AND a.is_deleted = 0 AND a.status = 1
             JOIN blade_role r ON r.id = rs.role_id AND r.is_deleted = 0
             WHERE rs.scope_category = 2 AND rs.role_id IN (${ids.map(() => '?').join(',')})`,
          ).all(...ids) as ApiScopeRule[])
        : [];
      this.apiByRoles.set(key, rules);
    }
    return rules;
  }

  /** Data scopes (scope category 1) granted to the roles. */
  dataScopesFor(roleIds: string[]): DataScopeRule[] {
    const key = [...roleIds].sort().join(',');
    let rules = this.dataByRoles.get(key);
    if (!rules) {
      const ids = roleIdsOf(roleIds);
      rules = ids.length
        ? (
            prepare(
              this.sqlite,
              `SELECT DISTINCT d.resource_code AS resourceCode, d.scope_type AS scopeType, d.scope_column AS scopeColumn,
                 d.scope_value AS scopeValue FROM blade_role_scope rs
               JOIN blade_scope_data d ON d.id = rs.scope_id AND d.is_deleted = 0 AND d.status = 1
               JOIN blade_role r ON r.id = rs.role_id AND r.is_deleted = 0
               WHERE rs.scope_category = 1 AND rs.role_id IN (${ids.map(() => '?').join(',')})`,
            ).all(...ids) as (Omit<DataScopeRule, 'scopeType'> & { scopeType: bigint })[]
          ).map((r) => ({ ...r, scopeType: Number(r.scopeType) }))
        : [];
      this.dataByRoles.set(key, rules);
    }
    return rules;
  }

  clear(): void {
    this.byRoles.clear();
    this.apiByRoles.clear();
    this.dataByRoles.clear();
  }
}
