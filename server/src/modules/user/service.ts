import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signedFileLink } from '../../core/file-links';
import { parseId, parseIdList, SUPER_ADMIN_ROLE, t, userResource, type Lang } from '@psi/db/model';
import { user as userTable } from '@psi/db/schema';
import { ApiError, badRequest, otherTenant } from '../../core/errors';
import { prepare } from '../../core/data';
import { toWireRow } from '../../core/serialize';
import type { SessionUser } from '../../core/context';
import { hashPassword, md5Hex } from '@psi/db/password';
import { isAdministrator, namesOf } from '../../core/crud';
import { tenantFilterOfSuperAdminOnly, type ListSpec } from '../../core/scoped-list';
import type { SqlWhere } from '../../core/filters';
import { paramValue } from '../../core/tenant-rules';

/** The initial password of new and reset accounts: the param `account.initPassword` (default 123456). */
export const initPasswordHash = (app: FastifyInstance) =>
  hashPassword(md5Hex(paramValue(app, 'account.initPassword') || '123456'));

export const userTexts = {
  accountTaken: t('当前账号已被使用!', 'The account is already in use!'),
  removeSelf: t('不能删除本账号!', 'You cannot remove your own account!'),
  chooseUser: t('请至少选择一个用户', 'Please select at least one user'),
  chooseRole: t('请选择角色', 'Please select the roles'),
  wrongConfirm: t('请输入正确的确认密码!', 'The confirmation does not match the new password!'),
  wrongOld: t('原密码不正确!', 'The old password is wrong!'),
  grantAdministrator: t('无权授予超管角色！', 'You may not grant the super-admin role!'),
  roleMissing: t('角色不存在: {name}', 'Unknown role: {name}'),
  deptMissing: t('部门不存在: {name}', 'Unknown department: {name}'),
  postMissing: t('岗位不存在: {name}', 'Unknown post: {name}'),
  registerClosed: t('当前系统未开启注册功能', 'Registration is turned off'),
  oauthTaken: t(
    '第三方账号不存在或已绑定其他用户',
    'The third-party account does not exist or is bound to another user',
  ),
  tenantMissing: t('租户ID不存在', 'Tenant ID does not exist'),
  duplicateInFile: t('账号在文件中重复: {account}', 'The account appears twice in the file: {account}'),
  userTypeInvalid: t('用户平台格式不正确', 'The platform is invalid'),
  userExtInvalid: t('平台扩展须为JSON', 'The platform extension must be JSON'),
  md5: t('密码须为客户端MD5摘要', 'The password must arrive as the client md5 digest'),
};

export const MD5 = /^[a-fA-F0-9]{32}$/;

/** The `status` labels of users (dictionary `account_status`). */
const STATUS_LABELS: Record<number, { zh: string; en: string }> = {
  1: t('正常', 'Active'),
  2: t('待审核', 'Awaiting approval'),
  0: t('停用', 'Disabled'),
};

export interface UserRow extends Record<string, unknown> {
  id: string;
  tenantId: string;
  account: string;
  roleId: string;
  deptId: string;
  postId: string;
  status: number;
}

function loadUsers(app: FastifyInstance, ids: string[]): UserRow[] {
  if (!ids.length) return [];
  const rows = prepare<Record<string, unknown>>(
    app.ctx.sqlite,
    `SELECT id, tenant_id AS tenantId, account, role_id AS roleId, dept_id AS deptId, post_id AS postId, status
     FROM blade_user WHERE is_deleted = 0 AND id IN (${ids.map(() => '?').join(',')})`,
  ).all(...ids.map((i) => BigInt(i)));
  return rows.map((r) => ({
    ...r,
    id: String(r.id),
    tenantId: String(r.tenantId),
    account: String(r.account),
    roleId: String(r.roleId ?? ''),
    deptId: String(r.deptId ?? ''),
    postId: String(r.postId ?? ''),
    status: Number(r.status),
  }));
}

/**
 * `userIds` of a form call: every one must be a user the caller may change, in its tenant and not a
 * super-admin account unless the caller holds that role (the batch fails whole).
 */
export function usersInReach(app: FastifyInstance, user: SessionUser, raw: string | undefined): UserRow[] {
  if (!raw) throw badRequest(userTexts.chooseUser);
  const ids = parseIdList(raw);
  if (!ids) throw badRequest('paramType', { name: 'userIds' });
  const rows = loadUsers(app, ids);
  if (!user.isSuperAdmin && rows.some((r) => r.tenantId !== user.tenantId)) throw otherTenant();
  if (!rows.length) throw badRequest('recordNotFound');
  for (const r of rows) guardSuperAdminAccount(app, user, r.roleId);
  return rows;
}

/**
 * Checks that comma-joined role, dept and post ids exist in the user's tenant; a caller without the
 * super-admin role may not hand out the super-admin role. Returns the canonical lists.
 */
export function checkAssignments(
  app: FastifyInstance,
  caller: SessionUser,
  tenantId: string,
  values: { roleId?: unknown; deptId?: unknown; postId?: unknown },
  lang: Lang,
): void {
  const check = (
    key: 'roleId' | 'deptId' | 'postId',
    table: string,
    message: (typeof userTexts)['roleMissing'],
  ) => {
    const raw = values[key];
    if (raw === undefined || raw === null || raw === '') return;
    const ids = parseIdList(raw);
    if (!ids) throw badRequest('paramType', { name: key });
    const rows = prepare<{ id: bigint; tenantId: string; alias?: string }>(
      app.ctx.sqlite,
      `SELECT id, tenant_id AS tenantId${table === 'blade_role' ? ', role_alias AS alias' : ''} FROM ${table}
       WHERE is_deleted = 0 AND id IN (${ids.map(() => '?').join(',')})`,
    ).all(...ids.map((i) => BigInt(i)));
    const found = new Set(rows.map((r) => String(r.id)));
    const missing = ids.find((i) => !found.has(i));
    if (missing) throw badRequest(message[lang].replace('{name}', missing));
    if (rows.some((r) => r.tenantId !== tenantId)) throw otherTenant();
    if (rows.some((r) => r.alias === SUPER_ADMIN_ROLE) && !isAdministrator(caller))
      throw new ApiError(403, 403, userTexts.grantAdministrator);
    values[key] = ids.join(',');
  };
  check('roleId', 'blade_role', userTexts.roleMissing);
  check('deptId', 'blade_dept', userTexts.deptMissing);
  check('postId', 'blade_post', userTexts.postMissing);
}

/** Only the super-admin role may change or remove an account that holds the super-admin role. */
export function guardSuperAdminAccount(app: FastifyInstance, caller: SessionUser, roleIds: unknown): void {
  if (isAdministrator(caller)) return;
  const ids = parseIdList(roleIds) ?? [];
  if (!ids.length) return;
  const held = prepare(
    app.ctx.sqlite,
    `SELECT 1 FROM blade_role WHERE is_deleted = 0 AND role_alias = ? AND id IN (${ids.map(() => '?').join(',')}) LIMIT 1`,
  ).get(SUPER_ADMIN_ROLE, ...ids.map((i) => BigInt(i)));
  if (held) throw new ApiError(403, 403, userTexts.grantAdministrator);
}

export function accountTaken(
  app: FastifyInstance,
  tenantId: string,
  account: string,
  exceptId?: string,
): boolean {
  return !!prepare(
    app.ctx.sqlite,
    `SELECT 1 FROM blade_user WHERE is_deleted = 0 AND tenant_id = ? AND account = ?${exceptId ? ' AND id <> ?' : ''}`,
  ).get(tenantId, account, ...(exceptId ? [BigInt(exceptId)] : []));
}

/** Wire rows of users with their role, department and post names (the password is always ""). */
export function decorateUsers(
  app: FastifyInstance,
  rows: Record<string, unknown>[],
  req: FastifyRequest,
): Record<string, unknown>[] {
  const roles = new Map<string, string>();
  const depts = new Map<string, string>();
  const posts = new Map<string, string>();
  return rows.map((raw) => {
    const r = toWireRow(raw, userResource);
    return {
      ...r,
      password: '',
      ...(typeof r.avatar === 'string'
        ? { avatar: signedFileLink(app.ctx.options.jwtSecret, r.avatar) }
        : {}),
      roleName: namesOf(app, 'blade_role', 'role_name', r.roleId, roles),
      deptName: namesOf(app, 'blade_dept', 'dept_name', r.deptId, depts),
      postName: namesOf(app, 'blade_post', 'post_name', r.postId, posts),
      statusName: STATUS_LABELS[Number(r.status)]?.[req.lang] ?? '',
    };
  });
}

/** A dept filter that includes every department below it (`ancestors` holds the path). */
function deptAndBelow(deptId: string): SqlWhere {
  return {
    clauses: [
      `EXISTS (SELECT 1 FROM blade_dept d WHERE d.is_deleted = 0 AND (d.id = ? OR instr(',' || d.ancestors || ',', ',' || ? || ',') > 0)
         AND instr(',' || "dept_id" || ',', ',' || d.id || ',') > 0)`,
    ],
    params: [BigInt(deptId), deptId],
  };
}

/**
 * The user list through the list engine: the declared filters, the tenant rule, the caller's data
 * scope, and `deptId` narrowed to that department and every department below it.
 */
export const userListSpec: ListSpec<SessionUser> = {
  def: userResource,
  table: userTable,
  narrow: tenantFilterOfSuperAdminOnly,
  filters: (query) => {
    const { deptId: raw, ...rest } = query;
    const text = typeof raw === 'string' ? raw.trim() : raw === undefined || raw === null ? '' : String(raw);
    if (!text) return { where: { clauses: [], params: [] }, rest };
    const deptId = parseId(text);
    if (!deptId) throw badRequest('paramType', { name: 'deptId' });
    return { where: deptAndBelow(deptId), rest };
  },
};
