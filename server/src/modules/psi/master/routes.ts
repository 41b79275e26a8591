import { prepareNumbers } from '../../../core/data';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  emptyData,
  goodsInfoResource,
  schoolYyptInfoResource,
  type Access,
  type Lang,
  type Text,
} from '@psi/db/model';
import { psiMessages } from '@psi/db/model/psi/index';
import { ok } from '../../../core/envelope';
import { badRequest } from '../../../core/errors';
import { crudRoutes, importRoutes, optionalId, scopedRowSchema, type ImportColumn } from '../../../core/crud';
import type { SheetRecord } from '../../../core/export';
import { answers, optionalIdValue } from '../../../core/route-schemas';
import { typed } from '../../../core/schema';
import { findOne, listAll, wire } from '../../../core/scoped-list';
import { big, type PsiActor, type PsiEnv } from '../shared/env';
import { liveEnv, psiActor, psiCrud } from '../shared/http';
import { everyone } from '../shared/scopes';
import { specs, type PsiSpec } from '../shared/specs';
import { parseOrThrow } from '../shared/validate';
import { depositoriesServing, loadSchool } from '../shared/docs';
import { enabledRow } from '../shared/rules';
import { bookExample, schoolExample } from './examples';
import {
  removeDepositories,
  removeGoods,
  removeRosterRows,
  removeSchools,
  saveDepository,
  saveGoods,
  saveSchool,
} from './service';
import { GOODS_COLUMNS, ROSTER_COLUMNS, importGoods, importRoster, saveRosterRow } from './imports';

/** The import messages of the PSI masters. */
const importTexts = {
  noFile: psiMessages.importNoFile,
  badFile: psiMessages.importBadFile,
  header: psiMessages.importHeader,
  tooMany: psiMessages.importTooManyRows,
  done: psiMessages.importDone,
  failed: psiMessages.importFailed,
  rowError: psiMessages.importRowError,
};

/** What an import did: rows created, updated and left as they were. */
const importResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});

const t = (zh: string, en: string): Text => ({ zh, en });

/** `schoolId` of the depository lookups: optional (a school user's own school applies). */
const schoolQuery = z.looseObject({
  schoolId: optionalIdValue.describe('the school (a school user always gets its own)'),
});

type ImportResult = z.output<typeof importResult>;

/** A master's spreadsheet import: upload, template and the shared texts, committed as one write. */
function masterImport(
  app: FastifyInstance,
  o: {
    api: string;
    access: Access;
    columns: ImportColumn[];
    run: (env: PsiEnv, actor: PsiActor, rows: SheetRecord[], lang: Lang) => ImportResult;
    template: { name: Text; notes: Text[] };
  },
) {
  const env = liveEnv(app);
  importRoutes(app, {
    api: o.api,
    access: o.access,
    columns: o.columns,
    run: (req, rows, lang) => o.run(env, psiActor(app, req), rows, lang),
    result: importResult,
    texts: importTexts,
    commit: psiCrud(app).commit,
    template: o.template,
  });
}

/** A master's CRUD routes: the declared values parsed, saved by the service, answered as listed. */
function masterCrud(
  app: FastifyInstance,
  spec: PsiSpec,
  o: {
    example?: Record<string, unknown>;
    save: (env: PsiEnv, actor: PsiActor, values: Record<string, unknown>, id?: string | null) => string;
    remove: (env: PsiEnv, actor: PsiActor, ids: string[]) => void;
  },
) {
  const env = liveEnv(app);
  crudRoutes(app, spec, {
    ...psiCrud(app),
    ...(o.example ? { example: o.example } : {}),
    submit: (req, id, body) => {
      const values = parseOrThrow(spec.def, body, req.lang, id ? 'edit' : 'add');
      const saved = o.save(env, psiActor(app, req), values, id);
      return findOne(app.ctx.sqlite, spec, psiActor(app, req), saved);
    },
    remove: (req, ids) => o.remove(env, psiActor(app, req), ids),
  });
}

/** Depositories serving a school (default first), as wire rows. */
function servingList(app: FastifyInstance, actor: PsiActor, schoolId: string) {
  const env = liveEnv(app);
  const school = loadSchool(env, actor.tenantId, schoolId);
  if (!school) return [];
  const ids = depositoriesServing(env, actor.tenantId, school);
  if (!ids.length) return [];
  const rows = listAll(app.ctx.sqlite, { ...specs.depository, scope: everyone }, actor, {}, 500, {
    sql: `"id" IN (${ids.map(() => '?').join(', ')})`,
    params: ids.map((i) => BigInt(i)),
  });
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  return ids
    .map((i) => byId.get(i))
    .filter((r) => r !== undefined)
    .map((r) => wire(specs.depository.def, r));
}

function registerGoodsRoutes(app: FastifyInstance) {
  masterCrud(app, specs.goods, { example: bookExample, save: saveGoods, remove: removeGoods });
  masterImport(app, {
    api: goodsInfoResource.api,
    access: { button: 'goodsinfo_import' },
    columns: GOODS_COLUMNS,
    run: importGoods,
    template: {
      name: t('图书导入模板', 'books-template'),
      notes: [
        t(
          '每行一种图书，带*为必填列。ISBN为13位并校验末位（可含连字符）。',
          'One book per row; * marks required columns. ISBN-13 with a valid check digit (hyphens allowed).',
        ),
        t(
          '学段：小学/初中/高中；学期：秋季/春季/全年；类型：教材/教辅/其他；定价大于0；进货折扣在0到1之间，如0.72。',
          'Stage: 小学/初中/高中; Term: 秋季/春季/全年; Type: 教材/教辅/其他; Price > 0; Purchase discount in (0, 1], e.g. 0.72.',
        ),
        t(
          '按ISBN匹配：已有图书更新，新图书新增。任一行有误则整份文件不导入。',
          'Rows are matched by ISBN: existing books are updated, new ones created. Any bad row rejects the whole file.',
        ),
        t(
          '示例：9787107524455 | 义务教育教科书·语文 一年级上册 | | 人民教育出版社 | 统编版 | 小学 | 一年级 | 语文 | 上册 | 秋季 | 11.20 | 教材 | 0.72',
          'Example: 9787107524455 | 义务教育教科书·语文 一年级上册 | | 人民教育出版社 | 统编版 | 小学 | 一年级 | 语文 | 上册 | 秋季 | 11.20 | 教材 | 0.72',
        ),
      ],
    },
  });
}

function registerDepositoryRoutes(app: FastifyInstance) {
  const api = typed(app);
  masterCrud(app, specs.depository, { save: saveDepository, remove: removeDepositories });
  const depositoryList = answers.list(
    scopedRowSchema(specs.depository, {
      userId: z.string().optional().describe("the depository's admin account (not shown to a school)"),
    }),
  );
  api.get(
    '/blade-psi/depositoryinfo/getSchoolDepositoryList',
    { config: { access: 'user' }, schema: { querystring: schoolQuery, response: depositoryList } },
    async (req) => {
      const actor = psiActor(app, req);
      const schoolId = actor.kind === 'school' ? actor.schoolId : optionalId(req.query, 'schoolId');
      if (actor.kind !== 'school' && !schoolId) throw badRequest('paramMissing', { name: 'schoolId' });
      return ok(shownTo(actor, schoolId ? servingList(app, actor, schoolId) : []), req.lang);
    },
  );
  api.get(
    '/blade-psi/depositoryinfo/allList',
    { config: { access: 'user' }, schema: { querystring: schoolQuery, response: depositoryList } },
    async (req) => {
      const actor = psiActor(app, req);
      const wanted = optionalId(req.query, 'schoolId');
      const schoolId = wanted && actor.kind === 'school' ? actor.schoolId : wanted;
      if (schoolId) return ok(shownTo(actor, servingList(app, actor, schoolId)), req.lang);
      const rows = listAll(
        app.ctx.sqlite,
        { ...specs.depository, scope: everyone },
        actor,
        {},
        500,
        enabledRow(),
      );
      return ok(
        shownTo(
          actor,
          rows.map((r) => wire(specs.depository.def, r)),
        ),
        req.lang,
      );
    },
  );
}

/** Depository rows as a caller may see them: a school is not shown the admin accounts behind them. */
function shownTo(actor: PsiActor, rows: Record<string, unknown>[]): Record<string, unknown>[] {
  if (actor.kind !== 'school') return rows;
  return rows.map(({ userId: _admin, ...shown }) => shown);
}

/** The school `detailByUserId` names: the caller's own, or (platform) any account's; null when none. */
function schoolOfUser(app: FastifyInstance, query: Record<string, unknown>, actor: PsiActor) {
  if (actor.kind === 'school') return actor.schoolId;
  const userId = optionalId(query, 'userId') ?? actor.userId;
  if (userId !== actor.userId && actor.kind !== 'platform') return null;
  const row = prepareNumbers<{ id: string }, [string, bigint]>(
    app.ctx.sqlite,
    `SELECT CAST(id AS TEXT) AS id FROM psi_school_info WHERE tenant_id = ? AND user_id = ? AND is_deleted = 0`,
  ).get(actor.tenantId, big(userId));
  return row?.id ?? null;
}

function registerSchoolRoutes(app: FastifyInstance) {
  masterCrud(app, specs.school, { example: schoolExample, save: saveSchool, remove: removeSchools });
  typed(app).get(
    '/blade-psi/schoolinfo/detailByUserId',
    {
      config: { access: 'user' },
      schema: {
        querystring: z.looseObject({
          userId: optionalIdValue.describe('the school account (default: the caller)'),
        }),
        response: answers.maybe(
          scopedRowSchema(specs.school, {
            discount: z.string().describe("the school's sale discount, four decimals (1.0000 without terms)"),
          }),
        ),
      },
    },
    async (req) => {
      const actor = psiActor(app, req);
      const schoolId = schoolOfUser(app, req.query, actor);
      if (!schoolId) return ok(null, req.lang);
      const school = findOne(app.ctx.sqlite, { ...specs.school, scope: everyone }, actor, schoolId);
      if (!school) return ok(null, req.lang);
      const terms = prepareNumbers<{ discount: number }, [string, bigint]>(
        app.ctx.sqlite,
        `SELECT discount FROM psi_school_yypt_info WHERE tenant_id = ? AND school_id = ? AND is_deleted = 0`,
      ).get(actor.tenantId, big(schoolId));
      return ok(
        { ...school, discount: wire(specs.roster.def, { discount: terms?.discount ?? 10000 }).discount },
        req.lang,
      );
    },
  );
}

/** School platform terms (the roster). */
function registerRosterRoutes(app: FastifyInstance) {
  const env = liveEnv(app);
  crudRoutes(app, specs.roster, {
    ...psiCrud(app),
    submitted: emptyData,
    submit: (req, id, body) => {
      const values = parseOrThrow(schoolYyptInfoResource, body, req.lang, id ? 'edit' : 'add');
      saveRosterRow(env, psiActor(app, req), values, id, req.lang);
      return undefined;
    },
    remove: (req, ids) => removeRosterRows(env, psiActor(app, req), ids),
  });
  masterImport(app, {
    api: schoolYyptInfoResource.api,
    access: { button: 'schoolyyptinfo_import' },
    columns: ROSTER_COLUMNS,
    run: importRoster,
    template: {
      name: t('学校导入模板', 'schools-template'),
      notes: [
        t(
          '每行一所学校，按学校标识码匹配；带*为必填列。任一行有误则整份文件不导入。',
          'One school per row, matched by school code; * marks required columns. Any bad row rejects the whole file.',
        ),
        t(
          '学校类型：小学/初中/高中/九年一贯制/完全中学；地区代码为区县代码，如330402；销售折扣在0到1之间，如0.95。',
          'Type: 小学/初中/高中/九年一贯制/完全中学; region code: county code such as 330402; discount in (0, 1], e.g. 0.95.',
        ),
        t(
          '默认仓库编码须为服务该地区的仓库。导入不会改变学校账号和账户余额。',
          'The default depository code must name a depository serving the region. The import never changes accounts or balances.',
        ),
      ],
    },
  });
}

/** The masters: books, depositories, schools and the schools' platform terms. */
export function registerMasterRoutes(app: FastifyInstance) {
  registerGoodsRoutes(app);
  registerDepositoryRoutes(app);
  registerSchoolRoutes(app);
  registerRosterRoutes(app);
}
