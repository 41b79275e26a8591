import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  depositorycheckdetailResource,
  depositorycheckResource,
  fill,
  messages,
  type Lang,
} from '@psi/db/model';
import { depositorycheckDocument as doc } from '@psi/db/model/psi/index';
import { ok } from '../../../core/envelope';
import { badRequest, forbidden } from '../../../core/errors';
import { allows } from '../../../core/access';
import { actorOf, crudRoutes, scopedRowSchema } from '../../../core/crud';
import { answers, formBody } from '../../../core/route-schemas';
import { typed } from '../../../core/schema';
import {
  boolValue,
  idValue,
  intValue,
  invalid,
  liveEnv,
  parseBody,
  perLang,
  psiActor,
  psiCrud,
  textValue,
  write,
} from '../shared/http';
import {
  copiesValue,
  described,
  detailsField,
  docDetail,
  lineEndpoints,
  lineIdValue,
  qtyMessage,
  remarkLine,
  VERSION,
} from '../shared/doc-routes';
import { specs } from '../shared/specs';
import { accessOf } from '../shared/rules';
import { depositorycheckLines, removeChecks, saveCheckList } from './service';

const checkLineShape = (lang: Lang) => ({
  goodsId: lineIdValue(fill(messages.requiredSelect[lang], { label: lang === 'en' ? 'Book' : '图书' })),
  countedQuantity: copiesValue(qtyMessage(depositorycheckdetailResource, lang, 'countedQuantity'), 0),
  remark: remarkLine(lang),
});

const checkSchema = perLang((lang: Lang) =>
  z.object({
    depositoryId: idValue(fill(messages.paramType[lang], { name: 'depositoryId' })),
    checkId: idValue(fill(messages.paramType[lang], { name: 'checkId' })),
    checkDate: textValue(invalid(depositorycheckResource, 'checkDate', lang), 10).refine(
      (v) => v === undefined || v === null || /^\d{4}-\d{2}-\d{2}$/.test(v),
      { message: invalid(depositorycheckResource, 'checkDate', lang) },
    ),
    remark: textValue(fill(messages.tooLong[lang], { label: 'remark', max: 500 }), 500),
    complete: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? false : v),
      boolValue(fill(messages.paramType[lang], { name: 'complete' })),
    ),
    version: intValue(fill(messages.paramType[lang], { name: 'version' })),
    details: z
      .array(z.object(checkLineShape(lang)), { error: fill(messages.paramType[lang], { name: 'details' }) })
      .max(5000)
      .optional(),
  }),
);

const checkBody = {
  ...described({
    depositoryId: 'the depository counted (a platform user chooses)',
    checkId: 'the open stocktake to save into (absent: a new one)',
    checkDate: 'the day of the count (yyyy-MM-dd)',
    remark: 'a note',
    complete: 'true to complete the stocktake (posts the differences)',
    version: VERSION,
  }),
  details: detailsField({
    goodsId: 'the book',
    countedQuantity: 'copies counted',
    remark: 'a note',
  }),
};

const bookChanged = z
  .array(
    z.object({
      goodsId: z.string(),
      isbn: z.string(),
      goodsName: z.string(),
      bookQuantityAtSave: z.number().int(),
      bookQuantity: z.number().int(),
    }),
  )
  .describe('lines whose stock moved since the last save (on completion)');

/** 盘点: save a count (and complete it), the stocktake resource, and its lines. */
export function registerDepositorycheckRoutes(app: FastifyInstance) {
  const env = liveEnv(app);
  const check = (req: FastifyRequest, body: Record<string, unknown>) => {
    const input = parseBody(checkSchema(req.lang), body);
    if (input.complete && !allows(app, actorOf(req), accessOf(doc, 'complete'))) throw forbidden();
    const result = saveCheckList(env, psiActor(app, req), {
      ...input,
      details: input.details?.map((d) => ({
        goodsId: d.goodsId!,
        countedQuantity: d.countedQuantity!,
        remark: d.remark,
      })),
    });
    return { ...docDetail(app, req, specs.depositorycheck, result.id), bookChanged: result.bookChanged };
  };
  const checkAnswer = z.union([
    scopedRowSchema(specs.depositorycheck, { bookChanged }),
    z.object({ bookChanged }),
  ]);
  typed(app).post(
    '/blade-psi/depositoryinfo/saveCheckList',
    {
      config: { access: accessOf(doc, 'save', 'complete') },
      schema: { body: formBody(checkBody), response: answers.of(checkAnswer) },
    },
    async (req) => ok(await write(app, () => check(req, req.body)), req.lang),
  );
  crudRoutes(app, specs.depositorycheck, {
    ...psiCrud(app),
    body: checkBody,
    submitted: checkAnswer,
    submit: (req, id, body) => {
      const { id: _id, ...rest } = body;
      if (rest.complete) throw badRequest('paramType', { name: 'complete' });
      return check(req, { ...rest, checkId: id ?? undefined, complete: false });
    },
    remove: (req, ids) => removeChecks(env, psiActor(app, req), ids),
  });
  lineEndpoints(app, {
    spec: specs.depositorycheckdetail,
    listUrl: '/blade-psi/depositorycheckdetail/listByCheckId',
    listAccess: { menu: 'depositorycheck' },
    listNames: ['checkId'],
    parentKey: 'checkId',
    shape: checkLineShape,
    current: (env, parent) =>
      depositorycheckLines(env, parent).map((l) => ({
        lineId: l.id,
        input: { goodsId: l.goodsId, countedQuantity: l.countedQuantity, remark: l.remark },
      })),
    resubmit: (env, actor, parent, details) =>
      void saveCheckList(env, actor, { checkId: parent, complete: false, details }),
  });
}
