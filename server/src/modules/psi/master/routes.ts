import { prepareNumbers } from '../../../core/data';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  emptyData,
  fill,
  goodsInfoResource,
  depositoryInfoResource,
  messages,
  schoolInfoResource,
  schoolYyptInfoResource,
  accountStatementResource,
  type Text,
} from '@psi/db/model';
import { psiMessages } from '@psi/db/model/psi/index';
import { schoolYyptInfo } from '@psi/db/schema';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { ok } from '../../../core/envelope';
import { badRequest } from '../../../core/errors';
import { tableMeta } from '../../../core/table-meta';
import { crudRoutes, importRoutes, optionalId, scopedRowSchema } from '../../../core/crud';
import { answers, formBody } from '../../../core/route-schemas';
import { typed } from '../../../core/schema';
import { findOne, listAll, wire } from '../../../core/scoped-list';
import { big, fail, nowText, requireTenantAdmin, tx, type PsiActor, type PsiEnv } from '../shared/env';
import {
  idValue,
  intValue,
  liveEnv,
  moneyValue,
  mustHave,
  parseBody,
  psiActor,
  psiCrud,
  textValue,
  write,
} from '../shared/http';
import { everyone } from '../shared/scopes';
import { bookExample, schoolExample } from './examples';
import { specs } from '../shared/specs';
import { parseOrThrow } from '../shared/validate';
import {
  removeDepositories,
  removeGoods,
  removeSchools,
  saveDepository,
  saveGoods,
  saveSchool,
} from './service';
import { GOODS_COLUMNS, ROSTER_COLUMNS, importGoods, importRoster, saveRosterRow } from './imports';
import { depositoriesServing, loadSchool } from '../shared/docs';
import { recharge } from '../account/service';

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
  schoolId: z.string().optional().describe('the school (a school user always gets its own)'),
});

/** Soft-deletes live rows of the tenant (platform only); any unknown id refuses the batch. */
function softRemove(env: PsiEnv, actor: PsiActor, table: SQLiteTable, ids: string[]) {
  requireTenantAdmin(actor);
  const name = tableMeta(table).name;
  tx(env, () => {
    for (const id of ids) {
      const changed = prepareNumbers(
        env.sqlite,
        `UPDATE "${name}" SET is_deleted = 1, update_user = ?, update_time = ? WHERE id = ? AND tenant_id = ? AND is_deleted = 0`,
      ).run(big(actor.userId), nowText(env), big(id), actor.tenantId).changes;
      if (changed !== 1) throw fail('docNotFound');
    }
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

export function registerMasterRoutes(app: FastifyInstance) {
  const env = liveEnv(app);
  const api = typed(app);
  const hooks = psiCrud(app);

  // ------------------------------------------------------------------ goods
  crudRoutes(app, specs.goods, {
    ...hooks,
    example: bookExample,
    submit: (req, id, body) => {
      const values = parseOrThrow(goodsInfoResource, body, req.lang, id ? 'edit' : 'add');
      const saved = saveGoods(env, psiActor(app, req), values, id);
      return findOne(app.ctx.sqlite, specs.goods, psiActor(app, req), saved);
    },
    remove: (req, ids) => removeGoods(env, psiActor(app, req), ids),
  });
  importRoutes(app, {
    api: goodsInfoResource.api,
    access: { button: 'goodsinfo_import' },
    columns: GOODS_COLUMNS,
    run: (req, rows, lang) => importGoods(env, psiActor(app, req), rows, lang),
    result: importResult,
    texts: importTexts,
    commit: hooks.commit,
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

  // ------------------------------------------------------------------ depositories
  crudRoutes(app, specs.depository, {
    ...hooks,
    submit: (req, id, body) => {
      const values = parseOrThrow(depositoryInfoResource, body, req.lang, id ? 'edit' : 'add');
      const saved = saveDepository(env, psiActor(app, req), values, id);
      return findOne(app.ctx.sqlite, specs.depository, psiActor(app, req), saved);
    },
    remove: (req, ids) => removeDepositories(env, psiActor(app, req), ids),
  });
  const depositoryList = answers.list(scopedRowSchema(specs.depository));
  api.get(
    '/blade-psi/depositoryinfo/getSchoolDepositoryList',
    { config: { access: 'user' }, schema: { querystring: schoolQuery, response: depositoryList } },
    async (req) => {
      const actor = psiActor(app, req);
      const schoolId = actor.kind === 'school' ? actor.schoolId : optionalId(req.query, 'schoolId');
      if (actor.kind !== 'school' && !schoolId) throw badRequest('paramMissing', { name: 'schoolId' });
      return ok(schoolId ? servingList(app, actor, schoolId) : [], req.lang);
    },
  );
  api.get(
    '/blade-psi/depositoryinfo/allList',
    { config: { access: 'user' }, schema: { querystring: schoolQuery, response: depositoryList } },
    async (req) => {
      const actor = psiActor(app, req);
      const wanted = optionalId(req.query, 'schoolId');
      const schoolId = wanted && actor.kind === 'school' ? actor.schoolId : wanted;
      if (schoolId) return ok(servingList(app, actor, schoolId), req.lang);
      const rows = listAll(app.ctx.sqlite, { ...specs.depository, scope: everyone }, actor, {}, 500, {
        sql: '"status" = 1',
        params: [],
      });
      return ok(
        rows.map((r) => wire(specs.depository.def, r)),
        req.lang,
      );
    },
  );

  // ------------------------------------------------------------------ schools
  crudRoutes(app, specs.school, {
    ...hooks,
    example: schoolExample,
    submit: (req, id, body) => {
      const values = parseOrThrow(schoolInfoResource, body, req.lang, id ? 'edit' : 'add');
      const saved = saveSchool(env, psiActor(app, req), values, id);
      return findOne(app.ctx.sqlite, specs.school, psiActor(app, req), saved);
    },
    remove: (req, ids) => removeSchools(env, psiActor(app, req), ids),
  });
  api.get(
    '/blade-psi/schoolinfo/detailByUserId',
    {
      config: { access: 'user' },
      schema: {
        querystring: z.looseObject({
          userId: z.string().optional().describe('the school account (default: the caller)'),
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
      let schoolId: string | null = null;
      if (actor.kind === 'school') schoolId = actor.schoolId;
      else {
        const userId = optionalId(req.query, 'userId') ?? actor.userId;
        if (userId !== actor.userId && actor.kind !== 'platform') return ok(null, req.lang);
        const row = prepareNumbers(
          app.ctx.sqlite,
          `SELECT CAST(id AS TEXT) AS id FROM psi_school_info WHERE tenant_id = ? AND user_id = ? AND is_deleted = 0`,
        ).get(actor.tenantId, big(userId)) as { id: string } | undefined;
        schoolId = row?.id ?? null;
      }
      if (!schoolId) return ok(null, req.lang);
      const school = findOne(app.ctx.sqlite, { ...specs.school, scope: everyone }, actor, schoolId);
      if (!school) return ok(null, req.lang);
      const terms = prepareNumbers(
        app.ctx.sqlite,
        `SELECT discount FROM psi_school_yypt_info WHERE tenant_id = ? AND school_id = ? AND is_deleted = 0`,
      ).get(actor.tenantId, big(schoolId)) as { discount: number } | undefined;
      return ok(
        { ...school, discount: wire(specs.roster.def, { discount: terms?.discount ?? 10000 }).discount },
        req.lang,
      );
    },
  );

  // ------------------------------------------------------------------ school platform terms (roster)
  crudRoutes(app, specs.roster, {
    ...hooks,
    submitted: emptyData,
    submit: (req, id, body) => {
      const values = parseOrThrow(schoolYyptInfoResource, body, req.lang, id ? 'edit' : 'add');
      saveRosterRow(env, psiActor(app, req), values, id, req.lang);
      return undefined;
    },
    remove: (req, ids) => softRemove(env, psiActor(app, req), schoolYyptInfo, ids),
  });
  importRoutes(app, {
    api: schoolYyptInfoResource.api,
    access: { button: 'schoolyyptinfo_import' },
    columns: ROSTER_COLUMNS,
    run: (req, rows, lang) => importRoster(env, psiActor(app, req), rows, lang),
    result: importResult,
    texts: importTexts,
    commit: hooks.commit,
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

  // ------------------------------------------------------------------ ledgers (appended by the postings only)
  const ledgerReadOnly = () => fail('ledgerReadOnly');
  crudRoutes(app, specs.log, { ...hooks, readOnly: ledgerReadOnly });
  crudRoutes(app, specs.statement, { ...hooks, readOnly: ledgerReadOnly });
  const rechargeAnswer = answers.maybe(scopedRowSchema(specs.statement));
  api.post(
    '/blade-psi/accountstatement/recharge',
    {
      config: { access: { button: 'accountstatement_recharge' } },
      schema: {
        body: formBody({
          schoolId: z.unknown().optional().describe('the school credited'),
          amount: z.unknown().optional().describe('the amount, yuan (1000.00)'),
          payMethod: z.unknown().optional().describe('how it was paid (1..5)'),
          voucherNo: z.unknown().optional().describe('the payment voucher, unique'),
          remark: z.unknown().optional(),
        }),
        response: rechargeAnswer,
      },
    },
    async (req) => {
      const lang = req.lang;
      const label = (name: string) =>
        accountStatementResource.fields.find((f) => f.name === name)!.label[lang];
      const schema = z.object({
        schoolId: mustHave(idValue(fill(messages.paramType[lang], { name: 'schoolId' }))).refine((v) => !!v, {
          message: psiMessages.rechargeSchool[lang],
        }),
        amount: z
          .unknown()
          .refine((v) => v !== undefined && v !== null && v !== '', {
            message: psiMessages.rechargeAmount[lang],
            abort: true,
          })
          .pipe(moneyValue(psiMessages.amountInvalid[lang]))
          .refine((v) => v !== undefined && v > 0, { message: psiMessages.amountInvalid[lang] }),
        payMethod: mustHave(
          intValue(fill(messages.invalidValue[lang], { label: label('payMethod') })),
        ).refine((v) => v !== undefined && v >= 1 && v <= 5, {
          message: psiMessages.rechargePayMethod[lang],
        }),
        voucherNo: mustHave(
          textValue(fill(messages.tooLong[lang], { label: label('voucherNo'), max: 64 }), 64),
        ).refine((v) => !!v, { message: psiMessages.rechargeVoucher[lang] }),
        remark: textValue(fill(messages.tooLong[lang], { label: label('remark'), max: 255 }), 255),
      });
      const body = parseBody(schema, req.body);
      const row = await write(app, () => {
        const id = recharge(env, psiActor(app, req), {
          schoolId: body.schoolId!,
          amount: body.amount!,
          payMethod: body.payMethod!,
          voucherNo: body.voucherNo!,
          remark: body.remark ?? null,
        });
        return findOne(app.ctx.sqlite, specs.statement, psiActor(app, req), id);
      });
      return ok(row, lang);
    },
  );
}
