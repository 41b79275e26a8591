/** Chapter 1: tenants, per-tenant roles (with the grants of the platform's roles of the same alias), users. */
import { writeDefaultReports, type SeedContext } from '@psi/db/seed';
import * as schema from '@psi/db/schema';
import { hashPassword, md5Hex } from '@psi/db/password';
import { nextId } from '@psi/db/model';
import { prepareNumbers } from '../../core/data';
import type { DemoFixture, DemoStory } from './fixture';
import { Tenant } from './story';

export function writeTenants(ctx: SeedContext, fixture: DemoFixture, story: DemoStory): Map<string, Tenant> {
  const { db, sqlite } = ctx.handle;
  const audit = ctx.audit;
  const tenants = new Map<string, Tenant>();
  for (const t of fixture.tenants) {
    const tenant = new Tenant(t.tenantId, sqlite);
    tenants.set(t.tenantId, tenant);
    db.insert(schema.tenant)
      .values({ id: nextId(), ...t, domain: '', accountNumber: -1, ...audit })
      .run();
    writeDefaultReports(db, t.tenantId, audit);
    tenant.deptId = nextId();
    db.insert(schema.dept)
      .values({
        id: tenant.deptId,
        tenantId: t.tenantId,
        parentId: '0',
        ancestors: '0',
        deptCategory: 1,
        deptName: t.tenantName,
        fullName: t.tenantName,
        sort: 1,
        ...audit,
      })
      .run();
    for (const [alias, roleName] of Object.entries(story.roleNames)) {
      const id = nextId();
      tenant.roles.set(alias, id);
      db.insert(schema.role)
        .values({ id, tenantId: t.tenantId, parentId: '0', roleName, roleAlias: alias, sort: 4, ...audit })
        .run();
      const grants = prepareNumbers<{ menuId: string }, [string]>(
        sqlite,
        `SELECT CAST(rm.menu_id AS TEXT) AS menuId FROM blade_role_menu rm JOIN blade_role r ON r.id = rm.role_id
         WHERE r.tenant_id = '000000' AND r.role_alias = ? AND r.is_deleted = 0`,
      ).all(alias);
      for (const g of grants)
        db.insert(schema.roleMenu).values({ id: nextId(), roleId: id, menuId: g.menuId }).run();
    }
  }
  const hash = hashPassword(md5Hex(fixture.password));
  for (const u of fixture.users) {
    const tenant = tenants.get(u.tenantId)!;
    const id = nextId();
    tenant.users.set(u.account, id);
    db.insert(schema.user)
      .values({
        id,
        tenantId: u.tenantId,
        userType: 1,
        account: u.account,
        password: hash,
        name: u.realName,
        realName: u.realName,
        phone: u.phone,
        roleId: tenant.roles.get(u.role)!,
        deptId: tenant.deptId,
        postId: '',
        ...audit,
      })
      .run();
  }
  return tenants;
}
