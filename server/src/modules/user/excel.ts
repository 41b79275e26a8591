import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hashPassword, md5Hex } from '@psi/db/password';
import { fill, messages, submitSchema, t, userResource, type Lang, type Text } from '@psi/db/model';
import { ok } from '../../core/envelope';
import { otherTenant } from '../../core/errors';
import { prepare, type Repo } from '../../core/data';
import { listAll } from '../../core/scoped-list';
import { actorOf } from '../../core/crud';
import {
  columnKeys,
  fieldReader,
  readUpload,
  readWorkbook,
  rowErrors,
  sendWorkbook,
  workbookBuffer,
  type SheetColumn,
} from '../../core/export';
import { usualLog } from '../../core/logs';
import type { SessionUser } from '../../core/context';
import { liveTenant, param } from '../../core/crud';
import { checkTenantCapacity } from '../../core/tenant-rules';
import { z } from 'zod';
import {
  answers,
  binaryAnswer,
  listQuery,
  MULTIPART,
  noQuery,
  optionalIdValue,
  uploadBody,
  XLSX,
} from '../../core/route-schemas';

/** The user list's query: the declared filters and a department (with every department below it). */
export const userListQuery = listQuery(userResource).extend({
  deptId: optionalIdValue.describe('the department, with every department below it'),
});
const importAnswer = z.object({ added: z.number(), updated: z.number() });
import {
  accountTaken,
  checkAssignments,
  decorateUsers,
  guardSuperAdminAccount,
  initPasswordHash,
  userTexts,
  userListSpec,
} from './service';

const MAX_FILE = 2 * 1024 * 1024;
const MAX_ROWS = 1000;

const field = (name: string) => userResource.fields.find((f) => f.name === name)!;

interface UserColumn {
  key: string;
  label: Text;
  required?: boolean;
}

/** The spreadsheet's columns: what export writes and import reads (by header, in either language). */
const COLUMNS: UserColumn[] = [
  { key: 'tenantId', label: t('租户ID', 'Tenant ID') },
  { key: 'account', label: field('account').label, required: true },
  { key: 'name', label: field('name').label, required: true },
  { key: 'realName', label: field('realName').label, required: true },
  { key: 'roleName', label: t('所属角色', 'Roles'), required: true },
  { key: 'deptName', label: t('所属部门', 'Departments'), required: true },
  { key: 'postName', label: t('所属岗位', 'Posts') },
  { key: 'phone', label: field('phone').label },
  { key: 'email', label: field('email').label },
  { key: 'sex', label: field('sex').label },
  { key: 'birthday', label: field('birthday').label },
  { key: 'userType', label: field('userType').label },
  { key: 'code', label: field('code').label },
  { key: 'status', label: field('status').label },
];
const PASSWORD_COLUMN: UserColumn = { key: 'password', label: t('初始密码', 'Initial password') };

const texts = {
  exportName: t('用户数据导出', 'Users'),
  templateName: t('用户数据模板', 'User import template'),
};

/** Readers from stored codes to labels and back, for the coded columns. */
function codedColumns(app: FastifyInstance, lang: Lang, tenantId: string) {
  const coded = ['sex', 'userType', 'status'];
  const toLabel = Object.fromEntries(coded.map((k) => [k, fieldReader(app, field(k), lang, tenantId)]));
  const fromLabel: Record<string, Map<string, string>> = {};
  for (const k of coded) {
    const m = new Map<string, string>();
    for (const o of field(k).options ?? []) {
      m.set(String(o.value), String(o.value));
      m.set(o.label.zh.toLowerCase(), String(o.value));
      m.set(o.label.en.toLowerCase(), String(o.value));
    }
    const read = toLabel[k];
    for (const o of field(k).options ?? []) {
      const label = read(o.value);
      if (typeof label === 'string') m.set(label.toLowerCase(), String(o.value));
    }
    fromLabel[k] = m;
  }
  return { toLabel, fromLabel };
}

function sheetColumns(app: FastifyInstance, lang: Lang, tenantId: string): SheetColumn[] {
  const { toLabel } = codedColumns(app, lang, tenantId);
  return COLUMNS.map((c) => ({
    key: c.key,
    header: c.label[lang],
    value: toLabel[c.key]
      ? (row) => toLabel[c.key](row[c.key])
      : (row) => (row[c.key] === '' ? null : row[c.key]),
  }));
}

/** Names (or ids) of roles, departments or posts of a tenant → comma-joined ids; unknown names are errors. */
function resolver(app: FastifyInstance, table: string, column: string) {
  const byTenant = new Map<string, Map<string, string>>();
  return (tenantId: string, text: string): { ids: string; unknown?: string } => {
    let names = byTenant.get(tenantId);
    if (!names) {
      const rows = prepare<{ id: bigint; n: string }, [string]>(
        app.ctx.sqlite,
        `SELECT id, ${column} AS n FROM ${table} WHERE is_deleted = 0 AND tenant_id = ? ORDER BY id`,
      ).all(tenantId);
      names = new Map();
      for (const r of rows) {
        names.set(String(r.id), String(r.id));
        if (!names.has(r.n)) names.set(r.n, String(r.id));
      }
      byTenant.set(tenantId, names);
    }
    const ids: string[] = [];
    for (const part of text
      .split(/[,，、]/)
      .map((s) => s.trim())
      .filter(Boolean)) {
      const id = names.get(part);
      if (!id) return { ids: '', unknown: part };
      ids.push(id);
    }
    return { ids: [...new Set(ids)].join(',') };
  };
}

interface PlannedRow {
  row: number;
  tenantId: string;
  existingId?: string;
  values: Record<string, unknown>;
  plainPassword?: string;
}

/** Rows of one user export at most (every page of the list). */
const USER_EXPORT_LIMIT = 50_000;

export function userExcelRoutes(app: FastifyInstance, repo: Repo) {
  const sqlite = app.ctx.sqlite;

  /** The page's rows (same filters and department) as an .xlsx, every page (`export` is the generic name). */
  const exportUsers = async (
    req: FastifyRequest<{ Querystring: z.output<typeof userListQuery> }>,
    reply: FastifyReply,
  ) => {
    const me = actorOf(req);
    const rows = listAll(sqlite, userListSpec, me, req.query, USER_EXPORT_LIMIT);
    const name = texts.exportName[req.lang];
    return sendWorkbook(
      reply,
      await workbookBuffer(name, sheetColumns(app, req.lang, me.tenantId), decorateUsers(app, rows, req)),
      name,
    );
  };
  const exportRoute = {
    config: { access: { button: 'user_export' } },
    schema: { querystring: userListQuery, response: binaryAnswer(XLSX, 'the users as a spreadsheet') },
  };
  app.get('/blade-user/export-user', exportRoute, exportUsers);
  app.get('/blade-user/export', exportRoute, exportUsers);

  app.get(
    '/blade-user/export-template',
    {
      config: { access: { button: ['user_import', 'user_export'] } },
      schema: { querystring: noQuery, response: binaryAnswer(XLSX, 'the empty import sheet') },
    },
    async (req, reply) => {
      const name = texts.templateName[req.lang];
      const columns = [...COLUMNS, PASSWORD_COLUMN].map((c) => ({ key: c.key, header: c.label[req.lang] }));
      return sendWorkbook(reply, await workbookBuffer(name, columns, []), name);
    },
  );

  /**
   * Multipart `file` (.xlsx) + `isCovered` (1: rows whose account exists update it). Every row is
   * validated first; any bad row refuses the whole file (naming each bad row) and nothing is written.
   */
  app.post(
    '/blade-user/import-user',
    {
      config: {
        access: { button: 'user_import' },
        rateLimit: { max: app.ctx.options.authRateLimit ?? 120, timeWindow: '1 minute' },
      },
      schema: {
        consumes: MULTIPART,
        // Blade's clients send isCovered in the query string (Saber's upload action), a form field may too
        querystring: z.looseObject({
          isCovered: z.string().optional().describe('1: rows whose account exists update it'),
        }),
        body: uploadBody({ isCovered: '1: rows whose account exists update it' }),
        response: answers.of(importAnswer),
      },
    },
    async (req) => {
      const me = actorOf(req);
      const upload = await readUpload(req, MAX_FILE);
      const covered = ['1', 'true', 'yes'].includes(
        String(param(req, 'isCovered') ?? upload.fields.isCovered ?? '0').toLowerCase(),
      );
      const sheet = await readWorkbook(upload.buffer, MAX_ROWS);
      const at = columnKeys(sheet.headers, [...COLUMNS, PASSWORD_COLUMN], req.lang);
      const plan = planImport(app, req, me, sheet.rows, at, covered);
      // hashing is slow: done before the write transaction, which then only writes
      const hashes = plan.map((p) =>
        p.plainPassword ? hashPassword(md5Hex(p.plainPassword)) : p.existingId ? null : initPasswordHash(app),
      );
      let added = 0;
      let updated = 0;
      sqlite.transaction(() => {
        const newPerTenant = new Map<string, number>();
        for (const p of plan)
          if (!p.existingId) newPerTenant.set(p.tenantId, (newPerTenant.get(p.tenantId) ?? 0) + 1);
        for (const [tenantId, n] of newPerTenant) checkTenantCapacity(app, tenantId, n);
        plan.forEach((p, i) => {
          const values = hashes[i] ? { ...p.values, password: hashes[i] } : p.values;
          if (p.existingId) {
            repo.update({ tenantId: p.tenantId }, p.existingId, values, me);
            updated++;
          } else {
            repo.insert({ ...values, status: values.status ?? 1 }, me, p.tenantId);
            added++;
          }
        });
      })();
      usualLog(app, req, 'info', 'user.import', { added, updated, file: upload.filename });
      return ok({ added, updated }, req.lang);
    },
  );
}

/** Every row checked and resolved (roles, departments, posts by name); any bad row refuses the file. */
function planImport(
  app: FastifyInstance,
  req: FastifyRequest,
  me: SessionUser,
  rows: { rowNumber: number; values: string[] }[],
  at: Map<string, number>,
  covered: boolean,
): PlannedRow[] {
  const lang = req.lang;
  const roles = resolver(app, 'blade_role', 'role_name');
  const depts = resolver(app, 'blade_dept', 'dept_name');
  const posts = resolver(app, 'blade_post', 'post_name');
  const coded = new Map<string, ReturnType<typeof codedColumns>>();
  const errors: { row: number; msg: string }[] = [];
  const seen = new Set<string>();
  const plan: PlannedRow[] = [];
  for (const r of rows) {
    const cell = (key: string) => {
      const i = at.get(key);
      return i === undefined ? '' : (r.values[i] ?? '');
    };
    const fail = (msg: string) => errors.push({ row: r.rowNumber, msg });
    const tenantId = cell('tenantId') || me.tenantId;
    if (tenantId !== me.tenantId) {
      if (!me.isSuperAdmin) throw otherTenant();
      if (!liveTenant(app, tenantId)) {
        fail(userTexts.tenantMissing[lang]);
        continue;
      }
    }
    let codes = coded.get(tenantId);
    if (!codes) coded.set(tenantId, (codes = codedColumns(app, lang, tenantId)));
    const body: Record<string, unknown> = {};
    for (const key of ['account', 'name', 'realName', 'phone', 'email', 'birthday', 'code']) {
      const v = cell(key);
      if (v !== '') body[key] = v;
    }
    for (const key of ['sex', 'userType', 'status']) {
      const v = cell(key);
      if (v === '') continue;
      const code = codes.fromLabel[key].get(v.toLowerCase());
      if (code === undefined) {
        fail(fill(messages.invalidValue[lang], { label: field(key).label[lang] }));
        continue;
      }
      body[key] = code;
    }
    const refs: [string, string, ReturnType<typeof resolver>, (typeof userTexts)['roleMissing']][] = [
      ['roleName', 'roleId', roles, userTexts.roleMissing],
      ['deptName', 'deptId', depts, userTexts.deptMissing],
      ['postName', 'postId', posts, userTexts.postMissing],
    ];
    for (const [column, key, resolve, message] of refs) {
      const v = cell(column);
      if (v === '') continue;
      const found = resolve(tenantId, v);
      if (found.unknown !== undefined) fail(fill(message[lang], { name: found.unknown }));
      else body[key] = found.ids;
    }
    const account = String(body.account ?? '');
    const existing = account
      ? prepare<{ id: bigint; roleId: string }, [string, string]>(
          app.ctx.sqlite,
          'SELECT id, role_id AS roleId FROM blade_user WHERE is_deleted = 0 AND tenant_id = ? AND account = ?',
        ).get(tenantId, account)
      : undefined;
    const parsed = submitSchema(userResource, lang, existing ? 'edit' : 'add').safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) fail(issue.message);
      continue;
    }
    const values = parsed.data as Record<string, unknown>;
    if (existing) {
      // the account itself is not editable; the row names which account it updates
      delete values.account;
      if (!covered) fail(userTexts.accountTaken[lang]);
    }
    const key = `${tenantId}:${account}`;
    if (seen.has(key)) fail(fill(userTexts.duplicateInFile[lang], { account }));
    seen.add(key);
    try {
      checkAssignments(app, me, tenantId, values, lang);
      if (existing) guardSuperAdminAccount(app, me, existing.roleId);
    } catch (err) {
      fail(
        err instanceof Error && 'messageIn' in err
          ? (err as { messageIn(l: Lang): string }).messageIn(lang)
          : String(err),
      );
    }
    if (!existing && accountTaken(app, tenantId, account)) fail(userTexts.accountTaken[lang]);
    const plainPassword = cell('password') || undefined;
    plan.push({
      row: r.rowNumber,
      tenantId,
      existingId: existing ? String(existing.id) : undefined,
      values,
      plainPassword,
    });
  }
  if (errors.length) throw rowErrors(errors, lang);
  return plan;
}
