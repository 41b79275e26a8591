import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/client';
import { nextId } from '../src/model/id';
import { DATE_TIME_PATTERN } from '../src/model/time';
import { md5Hex, verifyPassword } from '../src/password';
import * as schema from '../src/schema/index';
import { isSeeded, seed, type SeedProgress } from '../src/seed';
import { closeDatabases, freshDatabase } from './helpers';

const ADMIN_USER_ID = '1123598821738675201';
const ADMINISTRATOR_ROLE_ID = '1123598816738675201';
const MENU = 1;
const BUTTON = 2;

type MenuRow = typeof schema.menu.$inferSelect;

let handle: DatabaseHandle;
let menus: MenuRow[];
const progress: SeedProgress[] = [];

function roleId(alias: string): string {
  const [role] = handle.db.select().from(schema.role).where(eq(schema.role.roleAlias, alias)).all();
  expect(role, `role ${alias}`).toBeDefined();
  return role.id;
}

/** Menu codes granted to a role. */
function grantedCodes(alias: string): Set<string> {
  const rows = handle.db
    .select({ code: schema.menu.code })
    .from(schema.roleMenu)
    .innerJoin(schema.menu, eq(schema.menu.id, schema.roleMenu.menuId))
    .where(eq(schema.roleMenu.roleId, roleId(alias)))
    .all();
  return new Set(rows.map((r) => r.code));
}

beforeAll(() => {
  handle = freshDatabase();
  expect(isSeeded(handle)).toBe(false);
  seed(handle, 'minimal', { onProgress: (p) => progress.push(p) });
  menus = handle.db.select().from(schema.menu).all();
});

afterAll(closeDatabases);

describe('seed minimal', () => {
  it('marks the database as seeded and reports each table', () => {
    expect(isSeeded(handle)).toBe(true);
    expect(progress.map((p) => p.step)).toContain('menus');
    expect(progress.at(-1)).toMatchObject({ done: progress.length, total: progress.length });
  });

  it('creates admin in tenant 000000 with a verifiable argon2id hash of the md5 password', () => {
    const [admin] = handle.db.select().from(schema.user).where(eq(schema.user.account, 'admin')).all();
    expect(admin).toMatchObject({
      id: ADMIN_USER_ID,
      tenantId: '000000',
      realName: '管理员',
      roleId: ADMINISTRATOR_ROLE_ID,
    });
    expect(admin.password).toMatch(/^\$argon2id\$/);
    expect(verifyPassword(admin.password, md5Hex('admin'))).toBe(true);
    expect(verifyPassword(admin.password, md5Hex('Admin'))).toBe(false);
    expect(verifyPassword(admin.password, 'admin')).toBe(false);
  });

  it('seeds the tenant and the saber and sword clients', () => {
    const [tenant] = handle.db.select().from(schema.tenant).all();
    expect(tenant).toMatchObject({ tenantId: '000000', tenantName: '管理组', domain: '', accountNumber: -1 });
    expect(tenant.expireTime).toBeNull();
    const clients = handle.db.select().from(schema.client).all();
    const client = clients.find((c) => c.clientId === 'saber')!;
    expect(client).toMatchObject({
      clientId: 'saber',
      clientSecret: 'saber_secret',
      scope: 'all',
      accessTokenValidity: 3600,
      refreshTokenValidity: 604800,
    });
    expect(client.authorizedGrantTypes.split(',')).toEqual(
      expect.arrayContaining(['password', 'refresh_token', 'captcha', 'social', 'authorization_code']),
    );
    // the public Sword client's own credentials, beside Saber's
    expect(clients.find((c) => c.clientId === 'sword')).toMatchObject({
      clientSecret: 'sword_secret',
      accessTokenValidity: 3600,
      authorizedGrantTypes: client.authorizedGrantTypes,
    });
  });

  it('fills the audit columns of seeded rows', () => {
    for (const menu of menus) {
      expect(menu).toMatchObject({
        createUser: ADMIN_USER_ID,
        updateUser: ADMIN_USER_ID,
        status: 1,
        isDeleted: 0,
      });
      expect(menu.createTime).toMatch(DATE_TIME_PATTERN);
    }
  });
});

describe('menu tree', () => {
  it('has unique menu codes, unique button codes and unique menu paths', () => {
    const codes = menus.map((m) => m.code);
    expect(new Set(codes).size).toBe(codes.length);
    const buttonCodes = menus.filter((m) => m.category === BUTTON).map((m) => m.code);
    expect(new Set(buttonCodes).size).toBe(buttonCodes.length);
    const paths = menus.filter((m) => m.category === MENU).map((m) => m.path);
    expect(paths.every((p) => p)).toBe(true);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('has no orphan, and every button hangs under a menu and has no children', () => {
    const byId = new Map(menus.map((m) => [m.id, m]));
    for (const menu of menus) {
      if (menu.parentId === '0') continue;
      const parent = byId.get(menu.parentId);
      expect(parent, `parent of ${menu.code}`).toBeDefined();
      expect(parent?.category, `parent of ${menu.code}`).toBe(MENU);
    }
    for (const button of menus.filter((m) => m.category === BUTTON)) {
      expect(button.parentId).not.toBe('0');
      expect(button.action, button.code).toBeGreaterThan(0);
    }
  });

  it('names each CRUD button after its menu', () => {
    const byId = new Map(menus.map((m) => [m.id, m]));
    const standard = menus.filter((m) => m.category === BUTTON && ['add', 'edit', 'view'].includes(m.alias));
    for (const button of standard) {
      expect(button.code.startsWith(`${byId.get(button.parentId)?.code}_`), button.code).toBe(true);
    }
  });

  it('contains the Blade screens, the PSI screens and the external pages', () => {
    const byCode = new Map(menus.map((m) => [m.code, m]));
    for (const [code, path] of [
      ['notice', '/desk/notice'],
      ['user', '/system/user'],
      ['dictbiz', '/system/dictbiz'],
      ['tenantpackage', '/system/tenantpackage'],
      ['datascope', '/authority/datascope'],
      ['log_error', '/monitor/log/error'],
      ['region', '/base/region'],
      ['work_todo', '/work/todo'],
      ['goodsinfo', '/psi/goodsinfo'],
      ['purchaseorderyypt', '/psi/purchaseorderyypt'],
      ['order_s', '/psi/order_s'],
    ]) {
      expect(byCode.get(code)?.path, code).toBe(path);
    }
    const external = menus.filter((m) => m.path?.startsWith('http'));
    expect(external.map((m) => m.isOpen).sort()).toEqual([1, 2]);
    expect(byCode.has('tenantpackage_view')).toBe(false);
    for (const code of [
      'purchaseorderyypt_audit',
      'purchaseorder_storage',
      'deliveryorder_delivery',
      'user_unlock',
    ]) {
      expect(byCode.get(code)?.category, code).toBe(BUTTON);
    }
  });
});

describe('role grants', () => {
  it('grants administrator every menu and button', () => {
    const granted = handle.db
      .select({ menuId: schema.roleMenu.menuId })
      .from(schema.roleMenu)
      .where(eq(schema.roleMenu.roleId, ADMINISTRATOR_ROLE_ID))
      .all();
    expect(new Set(granted.map((g) => g.menuId))).toEqual(new Set(menus.map((m) => m.id)));
    expect(granted.length).toBe(menus.length);
  });

  it('grants every role the parents of what it holds', () => {
    const byId = new Map(menus.map((m) => [m.id, m]));
    for (const alias of ['admin', 'user', 'yypt_admin', 'depository_admin', 'school_admin']) {
      const codes = grantedCodes(alias);
      for (const code of codes) {
        const menu = menus.find((m) => m.code === code);
        const parent = menu && byId.get(menu.parentId);
        if (parent) expect(codes.has(parent.code), `${alias}: ${code} without ${parent.code}`).toBe(true);
      }
    }
  });

  it('gives user the notices only', () => {
    expect(grantedCodes('user')).toEqual(new Set(['desk', 'notice', 'notice_view']));
  });

  it('keeps platform-only screens and global writes from admin', () => {
    const codes = grantedCodes('admin');
    for (const code of [
      'tenant',
      'tenant_add',
      'tenantpackage',
      'client',
      'datasource',
      'code',
      'menu_add',
      'dict_edit',
    ]) {
      expect(codes.has(code), code).toBe(false);
    }
    for (const code of ['menu', 'menu_view', 'dict_view', 'user_reset', 'role_grant', 'goodsinfo_import']) {
      expect(codes.has(code), code).toBe(true);
    }
  });

  it('gives the PSI roles what DOMAIN.md 3.8 allows them', () => {
    const platform = grantedCodes('yypt_admin');
    for (const code of [
      'goodsinfo_import',
      'accountstatement_recharge',
      'purchaseorderyypt_audit',
      'purchaseorder_audit',
    ]) {
      expect(platform.has(code), code).toBe(true);
    }
    expect(platform.has('user')).toBe(false);

    const depository = grantedCodes('depository_admin');
    for (const code of [
      'purchaseorder_add',
      'purchaseorder_storage',
      'purchaseorderdepository_audit',
      'deliveryorder_delivery',
      'depositorycheck_complete',
    ]) {
      expect(depository.has(code), code).toBe(true);
    }
    for (const code of ['purchaseorder_audit', 'goodsinfo_edit', 'accountstatement', 'purchaseorderyypt']) {
      expect(depository.has(code), code).toBe(false);
    }

    const school = grantedCodes('school_admin');
    // a school orders, edits and removes its orders under 学校订书 only (not under 征订单 as well)
    for (const code of [
      'order_s_add',
      'order_s_edit',
      'order_s_delete',
      'purchaseorderdepository_add',
      'accountstatement_view',
    ]) {
      expect(school.has(code), code).toBe(true);
    }
    for (const code of [
      'purchaseorderyypt',
      'purchaseorderyypt_add',
      'purchaseorderyypt_audit',
      'purchaseorderdepository_audit',
      'deliveryorder_delivery',
      'goodsinfo_add',
    ]) {
      expect(school.has(code), code).toBe(false);
    }
  });
});

describe('top menus', () => {
  it('puts every root menu under exactly one top menu, with menus only', () => {
    const settings = handle.db.select().from(schema.topMenuSetting).all();
    const byId = new Map(menus.map((m) => [m.id, m]));
    expect(settings.every((s) => byId.get(s.menuId)?.category === MENU)).toBe(true);
    for (const root of menus.filter((m) => m.parentId === '0')) {
      const owners = settings.filter((s) => s.menuId === root.id);
      expect(owners.length, root.code).toBe(1);
    }
    expect(handle.db.select().from(schema.topMenu).all().length).toBe(3);
  });
});

describe('dictionaries', () => {
  it('holds the notice categories under a parent row', () => {
    const rows = handle.db.select().from(schema.dict).where(eq(schema.dict.code, 'notice')).all();
    const parent = rows.find((r) => r.dictKey === '-1');
    expect(parent).toMatchObject({ parentId: '0', dictValue: '通知类型', isSealed: 0 });
    const entries = rows.filter((r) => r.parentId === parent?.id).sort((a, b) => a.sort - b.sort);
    expect(entries.map((e) => [e.dictKey, e.dictValue])).toEqual([
      ['1', '发布通知'],
      ['2', '批转通知'],
      ['3', '转发通知'],
      ['4', '指示'],
      ['5', '决定'],
      ['6', '决议'],
      ['7', '报告'],
    ]);
  });

  it('gives every entry a parent row of the same code, and each code one parent', () => {
    const rows = handle.db.select().from(schema.dict).all();
    const parents = rows.filter((r) => r.parentId === '0');
    expect(parents.every((p) => p.dictKey === '-1')).toBe(true);
    expect(new Set(parents.map((p) => p.code)).size).toBe(parents.length);
    const parentById = new Map(parents.map((p) => [p.id, p]));
    for (const entry of rows.filter((r) => r.parentId !== '0')) {
      expect(parentById.get(entry.parentId)?.code, `${entry.code} ${entry.dictKey}`).toBe(entry.code);
    }
    const codes = new Set(parents.map((p) => p.code));
    for (const code of [
      'sex',
      'menu_category',
      'yes_no',
      'school_stage',
      'term_no',
      'purchaseorderyypt_status',
      'trade_type',
    ]) {
      expect(codes.has(code), code).toBe(true);
    }
  });
});

describe('regions', () => {
  it('has the provinces and cities with their parent codes', () => {
    const byCode = new Map(
      handle.db
        .select()
        .from(schema.region)
        .all()
        .map((r) => [r.code, r]),
    );
    expect(byCode.get('11')).toMatchObject({ name: '北京市', parentCode: '00', level: 1 });
    expect(byCode.get('32')).toMatchObject({ name: '江苏省', parentCode: '00', level: 1 });
    expect(byCode.get('3201')).toMatchObject({
      name: '南京市',
      parentCode: '32',
      ancestors: '00,32',
      provinceName: '江苏省',
      level: 2,
    });
    expect(byCode.get('330402')).toMatchObject({
      name: '南湖区',
      parentCode: '3304',
      cityName: '嘉兴市',
      level: 3,
    });
    for (const region of byCode.values()) {
      if (region.code !== '00') expect(byCode.has(region.parentCode), region.code).toBe(true);
    }
  });
});

describe('snowflake ids', () => {
  it('round-trip above 2^53 as exact strings', () => {
    expect(BigInt(ADMIN_USER_ID)).toBeGreaterThan(2n ** 53n);
    const [admin] = handle.db.select().from(schema.user).where(eq(schema.user.id, ADMIN_USER_ID)).all();
    expect(admin.id).toBe(ADMIN_USER_ID);

    const id = nextId();
    expect(BigInt(id)).toBeGreaterThan(2n ** 53n);
    handle.db
      .insert(schema.param)
      .values({ id, paramName: 'round trip', paramKey: 'test.roundTrip', paramValue: '1' })
      .run();
    const [param] = handle.db.select().from(schema.param).where(eq(schema.param.id, id)).all();
    expect(param.id).toBe(id);
    const raw = handle.sqlite.prepare('SELECT id FROM blade_param WHERE param_key = ?').get('test.roundTrip');
    expect(raw).toEqual({ id: BigInt(id) });
  });
});

describe('seed guards', () => {
  it('refuses a database that is already seeded', () => {
    expect(() => seed(handle)).toThrow(/already seeded/);
  });

  it('runs the demo layer inside the same transaction', () => {
    const demo = freshDatabase();
    seed(demo, 'demo', {
      demo: ({ audit }) => {
        demo.db
          .insert(schema.notice)
          .values({ id: nextId(), title: '开学征订通知', category: 1, ...audit })
          .run();
      },
    });
    expect(demo.db.select().from(schema.notice).all()).toHaveLength(1);
  });

  it('leaves nothing behind when any part fails', () => {
    const failing = freshDatabase();
    expect(() =>
      seed(failing, 'large', {
        demo: () => undefined,
        large: () => {
          throw new Error('layer failed');
        },
      }),
    ).toThrow('layer failed');
    expect(isSeeded(failing)).toBe(false);
    expect(failing.db.select().from(schema.menu).all()).toHaveLength(0);
    expect(failing.db.select().from(schema.region).all()).toHaveLength(0);
  });

  it('ignores the layers for minimal', () => {
    const minimal = freshDatabase();
    seed(minimal, 'minimal', {
      demo: () => {
        throw new Error('not for minimal');
      },
    });
    expect(isSeeded(minimal)).toBe(true);
  });
});
