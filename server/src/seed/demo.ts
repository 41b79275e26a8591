import { prepareNumbers } from '../core/data';
/**
 * The demo data set of DOMAIN.md section 5, produced by calling the PSI services in the order of its
 * July–August 2025 timeline (submit, approve, deliver, count), so every ledger invariant holds from
 * the first request. Only the system rows (tenants, roles, departments, users) are written directly.
 *
 * The timeline is dated to a day (`DEMO_TODAY`, by default the day of seeding): every date moves by the
 * same whole number of weeks, so weekdays stay, the story's last day (2025-08-29) falls on that day or
 * within the six days before it, and document and voucher numbers follow their dates. The orders' term
 * is the term of that day. With `DEMO_TODAY=2025-08-29` the data is DOMAIN.md section 5 exactly.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { writeDefaultReports, type SeedContext } from '@psi/db/seed';
import * as schema from '@psi/db/schema';
import { hashPassword, md5Hex } from '@psi/db/password';
import { goodsInfoResource, nextId, parseMoney, termOf, today as todayIn } from '@psi/db/model';
import { resolveActor, type PsiActor, type PsiEnv } from '../modules/psi/shared/env';
import {
  removeGoods,
  saveDepository,
  saveGoods,
  saveSchool,
  removeSchools,
} from '../modules/psi/master/service';
import { importRoster } from '../modules/psi/master/imports';
import { recharge } from '../modules/psi/account/service';
import {
  approvePurchaseAudit,
  approveStorage,
  purchaseLines,
  removePurchaseOrders,
  submitPurchaseOrder,
} from '../modules/psi/purchase/service';
import { approveYyptAudit, removeYyptOrders, submitYyptOrder } from '../modules/psi/yypt/service';
import {
  approveAuditDepository,
  depositoryOrderLines,
  submitDirectOrder,
} from '../modules/psi/depository-order/service';
import { approveDelivery, submitDeliveryOrder } from '../modules/psi/delivery/service';
import { saveCheckList } from '../modules/psi/check/service';
import { parseValues } from '../modules/psi/shared/validate';
import type { SheetRecord as SheetRow } from '../core/export';
import { ROSTER_COLUMNS } from '../modules/psi/master/imports';
import { seedDemoInbox } from './demo-inbox';

const fixtures = (name: string) => fileURLToPath(new URL(`../../../fixtures/psi/${name}`, import.meta.url));

export interface DemoFixture {
  password: string;
  tenants: {
    tenantId: string;
    tenantName: string;
    linkman: string;
    contactNumber: string;
    address: string;
  }[];
  users: { tenantId: string; account: string; realName: string; role: string; phone: string }[];
  depositories: (Record<string, string | number | null> & { tenantId: string; user: string | null })[];
  schoolUsers: Record<string, string>;
  goods: (Record<string, string | number> & { code: string })[];
  deletedGoods: Record<string, string | number>;
  deletedSchool: {
    schoolCode: string;
    schoolName: string;
    schoolType: number;
    regionCode: string;
    depository: string;
  };
  isolation: { school: Record<string, string | number>; goods: string[] };
}

export interface ImportFixture {
  goodsBad: Record<string, string>[];
  goodsFixed: Record<string, string>[];
  schoolsBad: Record<string, string>[];
  schoolsFixed: Record<string, string>[];
}

export const loadDemoFixture = (): DemoFixture => JSON.parse(readFileSync(fixtures('demo.json'), 'utf8'));
export const loadImportFixture = (): ImportFixture =>
  JSON.parse(readFileSync(fixtures('imports.json'), 'utf8'));

const ROLE_NAMES: Record<string, string> = {
  yypt_admin: '平台管理员',
  depository_admin: '仓库管理员',
  school_admin: '学校管理员',
};

/** A sheet row keyed by field from a row keyed by the template's header names. */
export function sheetRowOf(
  columns: typeof ROSTER_COLUMNS,
  row: Record<string, string>,
  index: number,
): SheetRow {
  const cells: Record<string, string> = {};
  for (const c of columns) {
    const v = row[c.names[0]];
    if (v !== undefined && v !== '') cells[c.key] = v;
  }
  return { row: index + 2, cells };
}

/** The last day of DOMAIN.md's story: the day it is dated to when `DEMO_TODAY=2025-08-29`. */
export const STORY_LAST_DAY = '2025-08-29';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoDating {
  /** the day the demo is dated to, `yyyy-MM-dd` */
  today: string;
  /** whole days (a multiple of 7) added to every date of the story */
  shiftDays: number;
  /** the term of every order */
  term: string;
}

/**
 * The shift that puts the story's last day on `today` or within the six days before it; `today` defaults
 * to `DEMO_TODAY`, else the day of seeding (Asia/Shanghai).
 */
export function demoDating(today: string = process.env.DEMO_TODAY?.trim() || todayIn()): DemoDating {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(`${today}T00:00:00Z`)))
    throw new Error(`DEMO_TODAY must be a date such as 2025-08-29, not ${today}`);
  const days = Math.round(
    (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${STORY_LAST_DAY}T00:00:00Z`)) / DAY_MS,
  );
  return { today, shiftDays: Math.floor(days / 7) * 7, term: termOf(today) };
}

/** Moves the demo's clock: `at('2025-08-01 09:00')` in Asia/Shanghai, shifted to the demo's dating. */
class Clock {
  private current: Date;
  constructor(private readonly shiftDays: number) {
    this.current = this.toDate('2025-07-01 08:00');
  }
  private toDate(local: string) {
    return new Date(new Date(`${local.replace(' ', 'T')}:00+08:00`).getTime() + this.shiftDays * DAY_MS);
  }
  now = () => this.current;
  at(local: string) {
    this.current = this.toDate(local);
  }
  /** a story day (`2025-08-25`) as the demo's day */
  day(story: string) {
    return todayIn(this.toDate(`${story} 12:00`));
  }
  /** a story day as the digits of a document or voucher number (`20250825`) */
  digits(story: string) {
    return this.day(story).replace(/-/g, '');
  }
}

class Tenant {
  readonly users = new Map<string, string>();
  readonly actors = new Map<string, PsiActor>();
  readonly goods = new Map<string, string>();
  readonly schools = new Map<string, string>();
  readonly depositories = new Map<string, string>();
  roles = new Map<string, string>();
  deptId = '';

  constructor(
    readonly tenantId: string,
    private readonly sqlite: Database.Database,
  ) {}

  actor(account: string): PsiActor {
    let a = this.actors.get(account);
    if (!a) {
      const role = prepareNumbers(
        this.sqlite,
        `SELECT r.role_alias AS alias FROM blade_user u JOIN blade_role r ON r.id = u.role_id WHERE u.id = ?`,
      ).get(BigInt(this.users.get(account)!)) as { alias: string };
      a = resolveActor(this.sqlite, {
        tenantId: this.tenantId,
        userId: this.users.get(account)!,
        deptId: this.deptId,
        roleAliases: [role.alias],
      });
      this.actors.set(account, a);
    }
    return a;
  }

  goodsId = (code: string) => this.goods.get(code)!;
}

/** Tenants, per-tenant roles (with the grants of the platform's roles of the same alias), users. */
function writeSystemRows(ctx: SeedContext, fixture: DemoFixture): Map<string, Tenant> {
  const { db, sqlite } = ctx.handle;
  const audit = ctx.audit;
  const hash = hashPassword(md5Hex(fixture.password));
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
    for (const [alias, roleName] of Object.entries(ROLE_NAMES)) {
      const id = nextId();
      tenant.roles.set(alias, id);
      db.insert(schema.role)
        .values({ id, tenantId: t.tenantId, parentId: '0', roleName, roleAlias: alias, sort: 4, ...audit })
        .run();
      const grants = prepareNumbers(
        sqlite,
        `SELECT CAST(rm.menu_id AS TEXT) AS menuId FROM blade_role_menu rm JOIN blade_role r ON r.id = rm.role_id
         WHERE r.tenant_id = '000000' AND r.role_alias = ? AND r.is_deleted = 0`,
      ).all(alias) as { menuId: string }[];
      for (const g of grants)
        db.insert(schema.roleMenu).values({ id: nextId(), roleId: id, menuId: g.menuId }).run();
    }
  }
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

/** Goods values as a catalogue form would send them, checked like one. */
function goodsValues(g: Record<string, string | number>): Record<string, unknown> {
  const { code, ...rest } = g;
  const { values, issues } = parseValues(goodsInfoResource, { ...rest, goodsCode: code }, 'zh', 'add');
  if (issues.length)
    throw new Error(`demo goods ${String(code)}: ${issues.map((i) => i.message).join('; ')}`);
  return values;
}

const money = (text: string) => parseMoney(text)!;

/** The demo layer dated to `today` (`yyyy-MM-dd`; `DEMO_TODAY` or the day of seeding when not given). */
export function datedDemoLayer(today?: string): (ctx: SeedContext) => void {
  return (ctx) => seedDemo(ctx, demoDating(today));
}

/** The demo layer dated to `DEMO_TODAY`, or to the day of seeding. */
export const demoLayer = datedDemoLayer();

function seedDemo(ctx: SeedContext, dating: DemoDating): void {
  const fixture = loadDemoFixture();
  const imports = loadImportFixture();
  const sqlite = ctx.handle.sqlite;
  const clock = new Clock(dating.shiftDays);
  const term = dating.term;
  const env: PsiEnv = { sqlite, now: clock.now };
  const steps = 13;
  let step = 0;
  const progress = (name: string) => ctx.onProgress({ step: `demo: ${name}`, done: ++step, total: steps });

  clock.at('2025-07-01 08:00');
  const tenants = writeSystemRows(ctx, fixture);
  const jh = tenants.get('100001')!;
  const qt = tenants.get('100002')!;
  progress('tenants and users');

  // ------------------------------------------------------------ master data
  for (const d of fixture.depositories) {
    const t = tenants.get(d.tenantId)!;
    const { tenantId: _t, user, ...values } = d;
    const admin = t.actor(t === jh ? 'pt_admin' : 'pt_admin2');
    const id = saveDepository(env, admin, { ...values, userId: user ? t.users.get(user) : null });
    t.depositories.set(String(d.depositoryCode), id);
  }
  progress('depositories');

  const ptAdmin = jh.actor('pt_admin');
  const roster = imports.schoolsFixed.slice(0, 8).map((r, i) => sheetRowOf(ROSTER_COLUMNS, r, i));
  importRoster(env, ptAdmin, roster, 'zh');
  for (const row of prepareNumbers(
    sqlite,
    `SELECT CAST(id AS TEXT) AS id, school_code AS code FROM psi_school_info WHERE tenant_id = '100001' AND is_deleted = 0`,
  ).all() as { id: string; code: string }[])
    jh.schools.set(row.code, row.id);
  for (const [code, account] of Object.entries(fixture.schoolUsers))
    saveSchool(env, ptAdmin, { userId: jh.users.get(account) }, jh.schools.get(code));
  // SC99: created, then removed (must never show)
  const sc99 = saveSchool(env, ptAdmin, {
    schoolCode: fixture.deletedSchool.schoolCode,
    schoolName: fixture.deletedSchool.schoolName,
    schoolType: fixture.deletedSchool.schoolType,
    regionCode: fixture.deletedSchool.regionCode,
    depositoryId: jh.depositories.get(fixture.deletedSchool.depository),
  });
  removeSchools(env, ptAdmin, [sc99]);
  progress('schools');

  for (const g of fixture.goods) jh.goods.set(String(g.code), saveGoods(env, ptAdmin, goodsValues(g)));
  const g31 = saveGoods(env, ptAdmin, goodsValues({ ...fixture.deletedGoods }));
  removeGoods(env, ptAdmin, [g31]);
  progress('goods');

  // ------------------------------------------------------------ 07-01 recharges (rows 1–7)
  const initial: [string, string][] = [
    ['SC01', '20000.00'],
    ['SC02', '500.00'],
    ['SC03', '25000.00'],
    ['SC04', '30000.00'],
    ['SC05', '20000.00'],
    ['SC06', '8000.00'],
    ['SC07', '25000.00'],
  ];
  clock.at('2025-07-01 10:00');
  initial.forEach(([code, amount], i) =>
    recharge(env, ptAdmin, {
      schoolId: jh.schools.get(code)!,
      amount: money(amount),
      payMethod: 1,
      voucherNo: `JH${clock.digits('2025-07-01')}${String(i + 1).padStart(5, '0')}`,
      remark: '秋季征订预付款',
    }),
  );
  progress('recharges');

  // ------------------------------------------------------------ 采购入库 (July)
  const lines = (spec: [string, number][]) =>
    spec.map(([code, quantity]) => ({ goodsId: jh.goodsId(code), quantity }));
  const purchase = (
    day: string,
    depository: string,
    supplierName: string,
    spec: [string, number][],
    end: 'stored' | 'audited' | 'pending' | 'rejected',
    received?: Record<string, number>,
  ) => {
    clock.at(`${day} 09:00`);
    const op = depository === 'D01' ? 'ck_jx' : depository === 'D02' ? 'ck_xz' : 'ck_hn';
    const order = submitPurchaseOrder(env, jh.actor(op), {
      supplierName,
      supplierContact: `${supplierName}发行部`,
      depositoryId: jh.depositories.get(depository),
      term,
      expectedDate: clock.day(day),
      details: lines(spec),
    });
    if (end === 'pending') return order;
    clock.at(`${day} 10:30`);
    if (end === 'rejected') {
      approvePurchaseAudit(env, ptAdmin, {
        id: order.id,
        pass: false,
        auditRemark: 'G30为2012版已停用，请改订新版',
      });
      return order;
    }
    approvePurchaseAudit(env, ptAdmin, { id: order.id, pass: true, auditRemark: '同意采购' });
    if (end === 'audited') return order;
    clock.at(`${day} 15:00`);
    const details = received
      ? purchaseLines(env, order.id).map((l) => ({
          detailId: l.id,
          receivedQuantity: received[[...jh.goods].find(([, id]) => id === l.goodsId)![0]] ?? l.quantity,
        }))
      : undefined;
    approveStorage(env, jh.actor(op), {
      id: order.id,
      details,
      storageRemark: received ? '人教社到货短缺，G10实收380册' : '到货验收无误',
    });
    return order;
  };
  purchase(
    '2025-07-10',
    'D01',
    '人民教育出版社',
    [
      ['G01', 300],
      ['G02', 300],
      ['G04', 300],
      ['G05', 300],
      ['G08', 200],
      ['G10', 600],
      ['G11', 600],
      ['G13', 500],
      ['G14', 500],
      ['G15', 500],
      ['G16', 400],
      ['G17', 400],
      ['G29', 300],
    ],
    'stored',
  );
  purchase(
    '2025-07-10',
    'D01',
    '北京师范大学出版社',
    [
      ['G03', 200],
      ['G12', 300],
    ],
    'stored',
  );
  purchase(
    '2025-07-10',
    'D01',
    '外语教学与研究出版社',
    [
      ['G06', 300],
      ['G22', 200],
    ],
    'stored',
  );
  purchase('2025-07-10', 'D01', '教育科学出版社', [['G07', 200]], 'stored');
  purchase(
    '2025-07-11',
    'D02',
    '人民教育出版社',
    [
      ['G01', 200],
      ['G04', 200],
      ['G08', 150],
      ['G20', 300],
      ['G21', 300],
      ['G23', 300],
      ['G24', 300],
      ['G25', 300],
      ['G26', 300],
    ],
    'stored',
  );
  purchase(
    '2025-07-12',
    'D03',
    '人民教育出版社',
    [
      ['G10', 400],
      ['G11', 400],
      ['G13', 350],
      ['G14', 350],
      ['G15', 300],
      ['G20', 200],
      ['G21', 200],
    ],
    'stored',
    { G10: 380 },
  );
  purchase(
    '2025-07-20',
    'D03',
    '外语教学与研究出版社',
    [
      ['G22', 150],
      ['G06', 100],
    ],
    'audited',
  );
  purchase('2025-07-20', 'D02', '外语教学与研究出版社', [['G22', 250]], 'pending');
  purchase('2025-07-20', 'D01', '人民教育出版社', [['G30', 200]], 'rejected');
  // G30 (the 2012 edition) is withdrawn from the catalogue after the rejection
  clock.at('2025-07-20 16:00');
  saveGoods(env, ptAdmin, { status: 0, remark: '2012版已停用' }, jh.goodsId('G30'));
  // a draft entered by mistake and removed: never shows
  clock.at('2025-07-21 09:00');
  const draft = submitPurchaseOrder(env, jh.actor('ck_jx'), {
    supplierName: '人民教育出版社',
    depositoryId: jh.depositories.get('D01'),
    term,
    details: lines([['G18', 50]]),
  });
  removePurchaseOrders(env, jh.actor('ck_jx'), [draft.id]);
  progress('purchase receipts');

  // ------------------------------------------------------------ 征订单 / 配送单 / 发货单 (August)
  const school = (code: string) => {
    const account = fixture.schoolUsers[code];
    return jh.actor(account);
  };
  const yypt = (day: string, code: string, depository: string, spec: [string, number][]) => {
    clock.at(`${day} 09:00`);
    return submitYyptOrder(env, school(code), {
      depositoryId: jh.depositories.get(depository),
      term,
      details: lines(spec),
    });
  };
  const platformAudit = (day: string, id: string, pass = true, auditRemark = '同意') => {
    clock.at(`${day} 10:00`);
    return approveYyptAudit(env, ptAdmin, { id, pass, auditRemark });
  };
  const accept = (day: string, op: string, id: string, pass = true, auditRemark = '接单') => {
    clock.at(`${day} 11:00`);
    approveAuditDepository(env, jh.actor(op), { id, pass, auditRemark });
  };
  const ship = (day: string, op: string, podId: string, spec: string[], approve = true) => {
    clock.at(`${day} 14:00`);
    const src = depositoryOrderLines(env, podId);
    const delivery = submitDeliveryOrder(env, jh.actor(op), {
      depositoryOrderId: podId,
      logisticsCompany: '嘉兴教材物流',
      trackingNo: `JX${clock.digits(day)}${spec.length}`,
      packageCount: spec.length * 2,
      details: spec.map((code) => {
        const line = src.find((l) => l.goodsId === jh.goodsId(code))!;
        return { sourceDetailId: line.id, quantity: line.quantity - line.deliveredQuantity };
      }),
    });
    if (approve) {
      clock.at(`${day} 16:00`);
      approveDelivery(env, jh.actor(op), { id: delivery.id, deliveryRemark: '已装车发出' });
    }
    return delivery;
  };

  const zd0801 = yypt('2025-08-01', 'SC01', 'D01', [
    ['G04', 85],
    ['G05', 85],
    ['G06', 85],
    ['G08', 85],
  ]);
  const ps0801 = platformAudit('2025-08-01', zd0801.id).depositoryOrderId!;
  accept('2025-08-01', 'ck_jx', ps0801);
  ship('2025-08-01', 'ck_jx', ps0801, ['G04', 'G05', 'G06', 'G08']);

  const zd0805 = yypt('2025-08-05', 'SC03', 'D01', [
    ['G10', 300],
    ['G11', 300],
    ['G13', 300],
    ['G15', 300],
    ['G16', 250],
    ['G17', 250],
  ]);
  const ps0805 = platformAudit('2025-08-05', zd0805.id).depositoryOrderId!;
  accept('2025-08-05', 'ck_jx', ps0805);
  ship('2025-08-10', 'ck_jx', ps0805, ['G10', 'G11', 'G13']);
  ship('2025-08-12', 'ck_jx', ps0805, ['G15', 'G16', 'G17']);

  const zd0815 = yypt('2025-08-15', 'SC07', 'D03', [
    ['G10', 260],
    ['G11', 260],
    ['G13', 260],
    ['G14', 260],
  ]);
  const ps0815 = platformAudit('2025-08-15', zd0815.id).depositoryOrderId!;
  accept('2025-08-15', 'ck_hn', ps0815);

  const zd0816 = yypt('2025-08-16', 'SC06', 'D02', [['G07', 90]]);
  const ps0816 = platformAudit('2025-08-16', zd0816.id).depositoryOrderId!;
  accept('2025-08-16', 'ck_xz', ps0816, false, '本仓无教科版科学，请改选嘉兴中心仓');

  ship('2025-08-18', 'ck_hn', ps0815, ['G10', 'G11']);

  const zd0819 = yypt('2025-08-19', 'SC05', 'D02', [['G20', 3200]]);
  platformAudit('2025-08-19', zd0819.id, false, '高一新生320人，订数3200疑似多录一位，请核实');

  ship('2025-08-20', 'ck_hn', ps0815, ['G13', 'G14'], false);
  progress('subscription orders and deliveries');

  clock.at('2025-08-22 09:30');
  recharge(env, ptAdmin, {
    schoolId: jh.schools.get('SC03')!,
    amount: money('10000.00'),
    payMethod: 1,
    voucherNo: `JH${clock.digits('2025-08-22')}00017`,
    remark: '追加预付款',
  });
  clock.at('2025-08-22 10:00');
  const direct0822 = submitDirectOrder(env, school('SC03'), {
    depositoryId: jh.depositories.get('D01'),
    term,
    remark: '插班生补订',
    details: lines([
      ['G10', 12],
      ['G13', 12],
      ['G29', 40],
    ]),
  });
  accept('2025-08-22', 'ck_jx', direct0822.id);
  progress('direct order');

  clock.at('2025-08-25 17:00');
  saveCheckList(env, jh.actor('ck_jx'), {
    depositoryId: jh.depositories.get('D01'),
    checkDate: clock.day('2025-08-25'),
    remark: '月末盘点',
    complete: true,
    details: [
      { goodsId: jh.goodsId('G10'), countedQuantity: 298, remark: '破损' },
      { goodsId: jh.goodsId('G11'), countedQuantity: 301, remark: '漏记' },
      { goodsId: jh.goodsId('G13'), countedQuantity: 200 },
    ],
  });
  progress('stocktake');

  const zd0826 = yypt('2025-08-26', 'SC04', 'D01', [
    ['G10', 180],
    ['G11', 180],
    ['G13', 180],
    ['G14', 180],
  ]);
  platformAudit('2025-08-26', zd0826.id);

  clock.at('2025-08-27 09:00');
  const removed = submitYyptOrder(env, school('SC01'), {
    depositoryId: jh.depositories.get('D01'),
    term,
    details: lines([['G27', 50]]),
  });
  removeYyptOrders(env, school('SC01'), [removed.id]);
  clock.at('2025-08-27 10:00');
  submitDirectOrder(env, school('SC04'), {
    depositoryId: jh.depositories.get('D01'),
    term,
    remark: '转学生补订',
    details: lines([
      ['G10', 6],
      ['G11', 6],
    ]),
  });

  yypt('2025-08-28', 'SC01', 'D01', [
    ['G01', 120],
    ['G02', 120],
    ['G04', 95],
  ]);
  clock.at('2025-08-28 09:30');
  submitYyptOrder(env, school('SC02'), {
    depositoryId: jh.depositories.get('D01'),
    term,
    details: lines([
      ['G01', 60],
      ['G03', 60],
    ]),
  });
  progress('open orders');

  clock.at('2025-08-29 16:00');
  saveCheckList(env, jh.actor('ck_xz'), {
    depositoryId: jh.depositories.get('D02'),
    checkDate: clock.day('2025-08-29'),
    remark: '开学前盘点',
    complete: false,
    details: [
      { goodsId: jh.goodsId('G20'), countedQuantity: 300 },
      { goodsId: jh.goodsId('G21'), countedQuantity: 298, remark: '破损2册' },
      { goodsId: jh.goodsId('G01'), countedQuantity: 201, remark: '多出1册' },
    ],
  });
  progress('open stocktake');

  isolationTenant(env, clock, term, fixture, qt);
  seedDemoInbox(sqlite);
  progress('isolation tenant');

  // the demo ends on the last day of its story
  clock.at(`${STORY_LAST_DAY} 18:00`);
  progress('done');
}

/** Tenant 100002 reuses 100001's codes and ISBNs (DOMAIN.md 5.11). */
function isolationTenant(env: PsiEnv, clock: Clock, term: string, fixture: DemoFixture, qt: Tenant) {
  const admin = qt.actor('pt_admin2');
  clock.at('2025-07-02 09:00');
  importRoster(
    env,
    admin,
    [
      sheetRowOf(
        ROSTER_COLUMNS,
        {
          学校标识码: String(fixture.isolation.school.schoolCode),
          学校名称: String(fixture.isolation.school.schoolName),
          学校类型: '小学',
          地区代码: String(fixture.isolation.school.regionCode),
          地址: String(fixture.isolation.school.address),
          联系人: String(fixture.isolation.school.contactName),
          联系电话: String(fixture.isolation.school.contactPhone),
          在校生数: String(fixture.isolation.school.studentCount),
          默认仓库编码: String(fixture.isolation.school.defaultDepositoryCode),
          销售折扣: String(fixture.isolation.school.discount),
        },
        0,
      ),
    ],
    'zh',
  );
  const schoolId = (
    prepareNumbers(
      env.sqlite,
      `SELECT CAST(id AS TEXT) AS id FROM psi_school_info WHERE tenant_id = '100002' AND school_code = 'SC01' AND is_deleted = 0`,
    ).get() as { id: string }
  ).id;
  saveSchool(env, admin, { userId: qt.users.get('xx_qt') }, schoolId);
  for (const code of fixture.isolation.goods) {
    const g = fixture.goods.find((x) => x.code === code)!;
    qt.goods.set(code, saveGoods(env, admin, goodsValues(g)));
  }
  clock.at('2025-07-15 09:00');
  const order = submitPurchaseOrder(env, qt.actor('ck_qt'), {
    supplierName: '人民教育出版社',
    depositoryId: qt.depositories.get('D01'),
    term,
    details: fixture.isolation.goods.map((code) => ({ goodsId: qt.goodsId(code), quantity: 100 })),
  });
  approvePurchaseAudit(env, admin, { id: order.id, pass: true, auditRemark: '同意' });
  approveStorage(env, qt.actor('ck_qt'), { id: order.id });
  clock.at('2025-07-16 10:00');
  recharge(env, admin, {
    schoolId,
    amount: parseMoney('5000.00')!,
    payMethod: 1,
    voucherNo: `QT${clock.digits('2025-07-16')}00001`,
  });
  clock.at('2025-08-28 10:00');
  submitYyptOrder(env, qt.actor('xx_qt'), {
    depositoryId: qt.depositories.get('D01'),
    term,
    details: [{ goodsId: qt.goodsId('G10'), quantity: 30 }],
  });
}
