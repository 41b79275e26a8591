import type Database from 'better-sqlite3';
import { prepare } from './data';

/**
 * Menu and button codes granted to a set of roles, cached until a grant, menu or role changes
 * (`clear()`), so the permission check on every request is a set lookup.
 */
export class GrantCache {
  private byRoles = new Map<string, Set<string>>();

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

  clear(): void {
    this.byRoles.clear();
  }
}
