import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tenant as tenantTable } from '@psi/db/schema';
import { hashPassword, md5Hex } from '@psi/db/password';
import { writeDefaultReports } from '@psi/db/seed';
import { formatDateTime, normalizeDateTime, nextId, parseId, t, tenantResource } from '@psi/db/model';
import { done, ok } from '../../core/envelope';
import { ApiError, badRequest } from '../../core/errors';
import { prepare } from '../../core/data';
import { paramValue, tenantLimitTexts } from '../../core/tenant-rules';
import { actorOf, idsParam } from '../../core/crud';
import type { SessionUser } from '../../core/context';
import { allMenus, packageMenuIds, withAncestors, withDescendants } from './menu-service';
import { crudRoutes, isAdministrator, param, PLATFORM_TENANT, requirePlatform } from '../../core/crud';
import { z } from 'zod';
import {
  answers,
  emptyOrIdValue,
  formParams,
  idListValue,
  noQuery,
  textQuery,
  requiredParam,
} from '../../core/route-schemas';

const settingParams = formParams({
  ids: idListValue.describe('comma-joined tenant record ids'),
  accountNumber: 'the account limit (-1 unlimited)',
  expireTime: 'the expiry (yyyy-MM-dd HH:mm:ss, empty: none)',
});
const tenantInfo = z.object({ tenantId: z.string(), domain: z.string(), backgroundUrl: z.string() });
const tenantChoice = z.object({ id: z.string(), tenantId: z.string(), tenantName: z.string() });

export const tenantTexts = {
  ...tenantLimitTexts,
  superAdminOnly: t('仅平台超级管理员可操作租户', 'Only the platform super-admin may manage tenants'),
  platformTenant: t('不可删除平台租户', 'The platform tenant cannot be removed'),
  tenantIdTaken: t('租户ID已存在', 'The tenant ID is taken'),
  accountNumber: t(
    '账号额度须为-1(不限)或正整数',
    'The account limit is -1 (unlimited) or a positive number',
  ),
  expireTime: t('过期时间格式不正确', 'The expiry time is invalid'),
  packageMissing: t('产品包不存在', 'The package does not exist'),
  datasourceMissing: t('数据源不存在', 'The data source does not exist'),
  noIds: t('请选择至少一个租户', 'Please select at least one tenant'),
};

/** Tenants are the platform's: only its super-admin manages them. */
export function requireSuperAdmin(user: SessionUser) {
  requirePlatform(user);
  if (!isAdministrator(user)) throw new ApiError(403, 403, tenantTexts.superAdminOnly);
}

function newTenantId(app: FastifyInstance): string {
  const taken = prepare(app.ctx.sqlite, 'SELECT 1 FROM blade_tenant WHERE tenant_id = ?');
  for (let i = 0; i < 1000; i++) {
    const id = String(randomInt(100000, 1000000));
    if (!taken.get(id)) return id;
  }
  throw new Error('no free tenant id');
}

/**
 * What a new tenant starts with (Blade's TenantServiceImpl): an `admin` role granted the menus of the
 * param `tenant.default.menuCode` (with their pages and buttons, within the tenant's package), a
 * department named after the tenant, a `ceo` post, an `admin` user whose password is the param
 * `tenant.default.password`, and the default saved reports.
 */
function provisionTenant(
  app: FastifyInstance,
  user: SessionUser,
  tenantId: string,
  tenantName: string,
): void {
  const sqlite = app.ctx.sqlite;
  const now = formatDateTime();
  const audit = [BigInt(user.userId), null, now, BigInt(user.userId), now] as const;
  const roleId = nextId();
  prepare(
    sqlite,
    `INSERT INTO blade_role (id, tenant_id, parent_id, role_name, sort, role_alias, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
     VALUES (?, ?, 0, '管理员', 1, 'admin', ?, ?, ?, ?, ?, 1, 0)`,
  ).run(BigInt(roleId), tenantId, ...audit);
  const deptId = nextId();
  prepare(
    sqlite,
    `INSERT INTO blade_dept (id, tenant_id, parent_id, ancestors, dept_category, dept_name, full_name, sort, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
     VALUES (?, ?, 0, '0', 1, ?, ?, 1, ?, ?, ?, ?, ?, 1, 0)`,
  ).run(BigInt(deptId), tenantId, tenantName.slice(0, 45), tenantName.slice(0, 100), ...audit);
  const postId = nextId();
  prepare(
    sqlite,
    `INSERT INTO blade_post (id, tenant_id, category, post_code, post_name, sort, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
     VALUES (?, ?, 1, 'ceo', '首席执行官', 1, ?, ?, ?, ?, ?, 1, 0)`,
  ).run(BigInt(postId), tenantId, ...audit);
  const password = paramValue(app, 'tenant.default.password') || 'admin';
  prepare(
    sqlite,
    `INSERT INTO blade_user (id, tenant_id, user_type, account, password, name, real_name, role_id, dept_id, post_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
     VALUES (?, ?, 1, 'admin', ?, 'admin', '管理员', ?, ?, ?, ?, ?, ?, ?, ?, 1, 0)`,
  ).run(BigInt(nextId()), tenantId, hashPassword(md5Hex(password)), roleId, deptId, postId, ...audit);

  const menus = allMenus(sqlite);
  const codes = new Set(
    (paramValue(app, 'tenant.default.menuCode') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  const chosen = new Set(menus.filter((m) => codes.has(m.code)).map((m) => m.id));
  let granted = new Set([...withAncestors(menus, chosen), ...withDescendants(menus, chosen)]);
  const allowed = packageMenuIds(sqlite, tenantId, menus);
  if (allowed) granted = new Set([...granted].filter((id) => allowed.has(id)));
  const add = prepare(sqlite, 'INSERT INTO blade_role_menu (id, menu_id, role_id) VALUES (?, ?, ?)');
  for (const m of granted) add.run(BigInt(nextId()), BigInt(m), BigInt(roleId));
  writeDefaultReports(app.ctx.db, tenantId, {
    createUser: user.userId,
    createDept: deptId,
    createTime: now,
    updateUser: user.userId,
    updateTime: now,
    status: 1,
    isDeleted: 0,
  });
}

/** An optional id parameter that, when given, must name a live row of `table`. */
function optionalLiveId(
  req: FastifyRequest,
  name: string,
  table: 'blade_datasource' | 'blade_tenant_package',
  missing: ReturnType<typeof t>,
): string | null {
  const raw = param(req, name);
  const id = raw ? parseId(raw) : null;
  if (raw && !id) throw badRequest('paramType', { name });
  if (
    id &&
    !prepare(req.server.ctx.sqlite, `SELECT 1 FROM ${table} WHERE id = ? AND is_deleted = 0`).get(BigInt(id))
  )
    throw badRequest(missing);
  return id;
}

/** A tenant's link to a row of another table (its data source, its product package). */
interface TenantLink {
  url: string;
  button: string;
  /** the form parameter of the linked id (empty clears the link), and its description */
  name: string;
  describe: string;
  table: 'blade_datasource' | 'blade_tenant_package';
  column: 'datasource_id' | 'package_id';
  missing: ReturnType<typeof t>;
  /** the platform tenant's link may not be changed */
  lockPlatform?: boolean;
  /** runs in the same transaction once the link is set */
  linked?: (tenantId: string) => void;
}

/** `tenantId` + the linked id: the super-admin sets (or clears) one link of a tenant. */
export function tenantLinkRoute(app: FastifyInstance, link: TenantLink, afterwards?: () => void) {
  const sqlite = app.ctx.sqlite;
  app.post(
    link.url,
    {
      config: { access: { button: link.button } },
      schema: {
        ...formParams({
          tenantId: requiredParam('the tenant'),
          [link.name]: emptyOrIdValue.describe(link.describe),
        }),
        response: answers.done(),
      },
    },
    async (req) => {
      requireSuperAdmin(actorOf(req));
      const tenantId = param(req, 'tenantId');
      if (!tenantId) throw badRequest('paramMissing', { name: 'tenantId' });
      if (link.lockPlatform && tenantId === PLATFORM_TENANT) throw badRequest(tenantTexts.platformTenant);
      const linkedId = optionalLiveId(req, link.name, link.table, link.missing);
      sqlite.transaction(() => {
        const changed = prepare(
          sqlite,
          `UPDATE blade_tenant SET ${link.column} = ?, update_time = ? WHERE tenant_id = ? AND is_deleted = 0`,
        ).run(linkedId ? BigInt(linkedId) : null, formatDateTime(), tenantId).changes;
        if (!changed) throw badRequest(tenantTexts.tenantMissing);
        link.linked?.(tenantId);
      })();
      afterwards?.();
      return done(req.lang);
    },
  );
}

export function tenantRoutes(app: FastifyInstance) {
  const sqlite = app.ctx.sqlite;

  crudRoutes(
    app,
    { def: tenantResource, table: tenantTable },
    {
      platform: true,
      returnRecord: true,
      clearsGrants: true,
      beforeSave: (ctx) => {
        requireSuperAdmin(ctx.user);
        if (ctx.mode !== 'add') return;
        const wanted = ctx.values.tenantId as string | undefined;
        if (wanted && prepare(sqlite, 'SELECT 1 FROM blade_tenant WHERE tenant_id = ?').get(wanted))
          throw badRequest(tenantTexts.tenantIdTaken);
        ctx.values.tenantId = wanted || newTenantId(app);
        ctx.tenantId = String(ctx.values.tenantId);
        const limit = Number(paramValue(app, 'tenant.default.accountNumber') ?? -1);
        ctx.values.accountNumber = Number.isSafeInteger(limit) ? limit : -1;
        ctx.values.expireTime = normalizeDateTime(paramValue(app, 'tenant.default.expireTime')) ?? null;
      },
      afterSave: (ctx) => {
        if (ctx.mode === 'add')
          provisionTenant(app, ctx.user, String(ctx.values.tenantId), String(ctx.values.tenantName));
      },
      beforeRemove: (ids, req) => {
        requireSuperAdmin(actorOf(req));
        const rows = prepare<{ t: string }>(
          sqlite,
          `SELECT tenant_id AS t FROM blade_tenant WHERE id IN (${ids.map(() => '?').join(',')})`,
        ).all(...ids.map((i) => BigInt(i)));
        if (rows.some((r) => r.t === PLATFORM_TENANT)) throw badRequest(tenantTexts.platformTenant);
      },
    },
  );

  /** `ids` + `accountNumber` + `expireTime`: the account limit and expiry of tenants. */
  app.post(
    '/blade-system/tenant/setting',
    {
      config: { access: { button: 'tenant_setting' } },
      schema: {
        querystring: settingParams.querystring.extend({ ids: idListValue.optional() }),
        body: settingParams.body,
        response: answers.done(),
      },
    },
    async (req) => {
      requireSuperAdmin(actorOf(req));
      const ids = idsParam(req);
      const rawNumber = param(req, 'accountNumber');
      const rawExpire = param(req, 'expireTime');
      const accountNumber = rawNumber === undefined || rawNumber === '' ? -1 : Number(rawNumber);
      if (!Number.isSafeInteger(accountNumber) || accountNumber < -1 || accountNumber === 0)
        throw badRequest(tenantTexts.accountNumber);
      const expireTime = rawExpire ? normalizeDateTime(rawExpire) : null;
      if (rawExpire && !expireTime) throw badRequest(tenantTexts.expireTime);
      const me = actorOf(req);
      sqlite.transaction(() => {
        const update = prepare(
          sqlite,
          'UPDATE blade_tenant SET account_number = ?, expire_time = ?, update_user = ?, update_time = ? WHERE id = ? AND is_deleted = 0',
        );
        for (const id of ids)
          update.run(accountNumber, expireTime, BigInt(me.userId), formatDateTime(), BigInt(id));
      })();
      return done(req.lang);
    },
  );

  tenantLinkRoute(app, {
    url: '/blade-system/tenant/datasource',
    button: 'tenant_datasource',
    name: 'datasourceId',
    describe: 'its data source (empty: the default)',
    table: 'blade_datasource',
    column: 'datasource_id',
    missing: tenantTexts.datasourceMissing,
  });

  /** Public: the login page asks which tenant a domain belongs to (`{}` when none). */
  app.get(
    '/blade-system/tenant/info',
    {
      config: { access: 'public' },
      schema: {
        querystring: textQuery({ domain: 'the domain the login page is on' }),
        response: answers.maybe(tenantInfo),
      },
    },
    async (req) => {
      const domain = param(req, 'domain');
      if (!domain) return ok(null, req.lang);
      const row = prepare<Record<string, string | null>, [string]>(
        sqlite,
        `SELECT tenant_id AS tenantId, domain, background_url AS backgroundUrl FROM blade_tenant
       WHERE domain = ? AND domain <> '' AND is_deleted = 0 AND status = 1 LIMIT 1`,
      ).get(domain.slice(0, 255));
      return ok(
        row
          ? { tenantId: row.tenantId, domain: row.domain ?? '', backgroundUrl: row.backgroundUrl ?? '' }
          : null,
        req.lang,
      );
    },
  );

  /** Tenants for choosers: every tenant for the super-admin, the caller's own otherwise. */
  app.get(
    '/blade-system/tenant/select',
    { config: { access: 'user' }, schema: { querystring: noQuery, response: answers.list(tenantChoice) } },
    async (req) => {
      const me = actorOf(req);
      const rows = prepare<Record<string, unknown>>(
        sqlite,
        `SELECT id, tenant_id AS tenantId, tenant_name AS tenantName FROM blade_tenant WHERE is_deleted = 0${me.isSuperAdmin ? '' : ' AND tenant_id = ?'} ORDER BY tenant_id`,
      ).all(...(me.isSuperAdmin ? [] : [me.tenantId]));
      return ok(
        rows.map((r) => ({ id: String(r.id), tenantId: r.tenantId, tenantName: r.tenantName })),
        req.lang,
      );
    },
  );
}
