import { prepareNumbers } from '../../../core/data';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  defaultAccess,
  emptyData,
  fill,
  messages,
  purchaseOrderResource,
  purchaseOrderYyptResource,
  purchaseOrderDepositoryResource,
  deliveryOrderResource,
  depositoryCheckResource,
  purchaseDetailResource,
  purchaseDetailYyptResource,
  purchaseDetailDepositoryResource,
  deliveryDetailResource,
  depositoryCheckDetailResource,
  type Access,
  type Lang,
  type ResourceDef,
  MAX_QUANTITY,
} from '@psi/db/model';
import { psiMessages } from '@psi/db/model/psi/index';
import { ok } from '../../../core/envelope';
import { ApiError, badRequest } from '../../../core/errors';
import { allows } from '../../../core/access';
import { forbidden } from '../../../core/errors';
import { actorOf, crudRoutes, queryId, scopedRowSchema, submitCodes } from '../../../core/crud';
import { answers, formBody, listQuery, submitBody } from '../../../core/route-schemas';
import { typed } from '../../../core/schema';
import { findOne, listAll, listPage, wire } from '../../../core/scoped-list';
import { big, fail, tx, type PsiActor, type PsiEnv } from '../shared/env';
import {
  auditSchema,
  mustHave,
  write,
  boolValue,
  discountValue,
  headerSchema,
  deliverBody,
  storageBody,
  idValue,
  intValue,
  invalid,
  liveEnv,
  parseBody,
  perLang,
  psiActor,
  psiCrud,
  textValue,
} from '../shared/http';
import { specs, type PsiSpec } from '../shared/specs';
import {
  approvePurchaseAudit,
  approveStorage,
  purchaseLines,
  removePurchaseOrders,
  submitPurchaseOrder,
} from './service';
import { approveYyptAudit, removeYyptOrders, submitYyptOrder, yyptLines } from '../yypt/service';
import {
  approveAuditDepository,
  depositoryOrderLines,
  removeDepositoryOrders,
  submitDirectOrder,
} from '../depository-order/service';
import { approveDelivery, deliveryLines, removeDeliveries, submitDeliveryOrder } from '../delivery/service';
import { checkLines, removeChecks, saveCheckList } from '../check/service';

const present = (v: unknown) => v !== undefined && v !== null;

const qtyMessage = (def: ResourceDef, lang: Lang, name = 'quantity') => invalid(def, name, lang);

function goodsLine(def: ResourceDef, lang: Lang, withDiscount: boolean) {
  const goods = fill(messages.requiredSelect[lang], {
    label: def.fields.find((f) => f.name === 'goodsId')!.label[lang],
  });
  return {
    goodsId: mustHave(idValue(goods)).refine(present, { message: goods }),
    quantity: mustHave(intValue(qtyMessage(def, lang), MAX_QUANTITY)).refine(
      (v) => v !== undefined && v >= 1,
      {
        message: qtyMessage(def, lang),
      },
    ),
    remark: textValue(fill(messages.tooLong[lang], { label: 'remark', max: 255 }), 255),
    ...(withDiscount ? { discount: discountValue(psiMessages.discountInvalid[lang]) } : {}),
  };
}

const purchaseSchema = perLang((lang: Lang) =>
  headerSchema(
    purchaseOrderResource,
    lang,
    {
      supplierName: 'text',
      supplierContact: 'text',
      depositoryId: 'id',
      term: 'text',
      expectedDate: 'date',
      remark: 'text',
    },
    ['supplierName', 'term'],
    goodsLine(purchaseDetailResource, lang, true),
  ),
);

const schoolOrderSchema = (def: ResourceDef, lineDef: ResourceDef, lang: Lang) =>
  headerSchema(
    def,
    lang,
    {
      schoolId: 'id',
      depositoryId: 'id',
      term: 'text',
      receiverName: 'text',
      receiverPhone: 'text',
      receiverAddress: 'text',
      remark: 'text',
    },
    ['term'],
    goodsLine(lineDef, lang, false),
  );

const yyptOrderSchema = perLang((lang: Lang) =>
  schoolOrderSchema(purchaseOrderYyptResource, purchaseDetailYyptResource, lang),
);
const directOrderSchema = perLang((lang: Lang) =>
  schoolOrderSchema(purchaseOrderDepositoryResource, purchaseDetailDepositoryResource, lang),
);

const deliveryLineShape = (lang: Lang) => {
  const line = fill(messages.paramType[lang], { name: 'sourceDetailId' });
  return {
    sourceDetailId: mustHave(idValue(line)).refine(present, { message: line }),
    quantity: mustHave(intValue(qtyMessage(deliveryDetailResource, lang), MAX_QUANTITY)).refine(
      (v) => v !== undefined && v >= 1,
      {
        message: qtyMessage(deliveryDetailResource, lang),
      },
    ),
    remark: textValue(fill(messages.tooLong[lang], { label: 'remark', max: 255 }), 255),
  };
};

const deliverySchema = perLang((lang: Lang) =>
  headerSchema(
    deliveryOrderResource,
    lang,
    {
      depositoryOrderId: 'id',
      receiverName: 'text',
      receiverPhone: 'text',
      receiverAddress: 'text',
      logisticsCompany: 'text',
      trackingNo: 'text',
      packageCount: 'int',
      remark: 'text',
    },
    ['depositoryOrderId'],
    deliveryLineShape(lang),
  ),
);

const checkLineShape = (lang: Lang) => {
  const goods = fill(messages.requiredSelect[lang], { label: lang === 'en' ? 'Book' : '图书' });
  const counted = qtyMessage(depositoryCheckDetailResource, lang, 'countedQuantity');
  return {
    goodsId: mustHave(idValue(goods)).refine(present, { message: goods }),
    countedQuantity: mustHave(intValue(counted, MAX_QUANTITY)).refine((v) => v !== undefined && v >= 0, {
      message: counted,
    }),
    remark: textValue(fill(messages.tooLong[lang], { label: 'remark', max: 255 }), 255),
  };
};

const checkSchema = perLang((lang: Lang) =>
  z.object({
    depositoryId: idValue(fill(messages.paramType[lang], { name: 'depositoryId' })),
    checkId: idValue(fill(messages.paramType[lang], { name: 'checkId' })),
    checkDate: textValue(invalid(depositoryCheckResource, 'checkDate', lang), 10).refine(
      (v) => v === undefined || v === null || /^\d{4}-\d{2}-\d{2}$/.test(v),
      { message: invalid(depositoryCheckResource, 'checkDate', lang) },
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

const storageSchema = perLang((lang: Lang) =>
  storageBody(lang).extend({
    details: z
      .array(
        z.object({
          detailId: mustHave(idValue(fill(messages.paramType[lang], { name: 'detailId' }))).refine(
            (v) => !!v,
            {
              message: fill(messages.paramMissing[lang], { name: 'detailId' }),
            },
          ),
          receivedQuantity: mustHave(
            intValue(qtyMessage(purchaseDetailResource, lang, 'receivedQuantity'), MAX_QUANTITY),
          ).refine((v) => v !== undefined && v >= 0, {
            message: qtyMessage(purchaseDetailResource, lang, 'receivedQuantity'),
          }),
        }),
        { error: fill(messages.paramType[lang], { name: 'details' }) },
      )
      .max(2000)
      .optional(),
  }),
);

type Dict = Record<string, unknown>;
const clean = <T extends Dict>(v: T) =>
  Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as Partial<T>;

/** A named action (`submitPurchaseOrder`, …) admits the add or edit codes by the presence of `id`. */
function requireSubmitButton(app: FastifyInstance, req: FastifyRequest, def: ResourceDef, hasId: boolean) {
  const codes = submitCodes(def);
  if (!allows(app, actorOf(req), { button: hasId ? codes.edit : codes.add })) throw forbidden();
}

const submitAccess = (def: ResourceDef): Access => defaultAccess(def).submit;

interface LineConfig<I extends Dict> {
  spec: PsiSpec;
  /** the body key and the column of the header id */
  parentKey: string;
  parentColumn: string;
  lineTable: string;
  shape: (lang: Lang) => z.ZodRawShape;
  current: (env: PsiEnv, parentId: string) => { lineId: string; input: I }[];
  resubmit: (env: PsiEnv, actor: PsiActor, parentId: string, details: I[]) => void;
}

/**
 * Line endpoints (`…detail/submit|save|update|remove`): a line change is a re-submit of its
 * header with the changed line list, so every header rule (editable status, scope, duplicates,
 * open quantities, totals) applies to single-line edits too.
 */
function lineRoutes<I extends Dict>(app: FastifyInstance, cfg: LineConfig<I>) {
  const env = liveEnv(app);
  const parentOf = (actor: PsiActor, lineId: string): string => {
    const row = prepareNumbers(
      env.sqlite,
      `SELECT CAST(${cfg.parentColumn} AS TEXT) AS parent FROM ${cfg.lineTable}
       WHERE id = ? AND tenant_id = ? AND is_deleted = 0`,
    ).get(big(lineId), actor.tenantId) as { parent: string } | undefined;
    if (!row) throw new ApiError(400, 400, messages.recordNotFound);
    return row.parent;
  };
  crudRoutes(app, cfg.spec, {
    ...psiCrud(app),
    submitted: emptyData,
    body: { [cfg.parentKey]: z.unknown().optional().describe('the document a new line joins') },
    submit: (req, id, body) => {
      const actor = psiActor(app, req);
      const lang = req.lang;
      const shape = cfg.shape(lang);
      if (id) {
        const partial = parseBody(z.object(shape).partial(), body) as Partial<I>;
        tx(env, () => {
          const parent = parentOf(actor, id);
          const lines = cfg
            .current(env, parent)
            .map((l) => (l.lineId === id ? { ...l.input, ...clean(partial as Dict) } : l.input));
          cfg.resubmit(env, actor, parent, lines as I[]);
        });
        return undefined;
      }
      const parentMsg = fill(messages.paramMissing[lang], { name: cfg.parentKey });
      const full = parseBody(
        z.object({
          ...shape,
          [cfg.parentKey]: mustHave(idValue(parentMsg)).refine((v) => !!v, { message: parentMsg }),
        }),
        body,
      ) as Dict;
      const parent = full[cfg.parentKey] as string;
      const { [cfg.parentKey]: _parent, ...line } = full;
      tx(env, () => {
        const lines = cfg.current(env, parent).map((l) => l.input);
        cfg.resubmit(env, actor, parent, [...lines, clean(line) as I]);
      });
      return undefined;
    },
    remove: (req, ids) => {
      const actor = psiActor(app, req);
      tx(env, () => {
        const byParent = new Map<string, Set<string>>();
        for (const id of ids) {
          const parent = parentOf(actor, id);
          if (!byParent.has(parent)) byParent.set(parent, new Set());
          byParent.get(parent)!.add(id);
        }
        for (const [parent, gone] of byParent) {
          const rest = cfg.current(env, parent).filter((l) => !gone.has(l.lineId));
          if (!rest.length) throw fail('keepOneLine');
          cfg.resubmit(
            env,
            actor,
            parent,
            rest.map((l) => l.input),
          );
        }
      });
    },
  });
}

/**
 * `listByOrderId`-style reads: the live lines of one visible header, in `sort` order. The header id
 * may come under any of `names` (the seed's `pirchaseId` spelling too).
 */
function linesRoute(
  app: FastifyInstance,
  url: string,
  access: Access,
  spec: PsiSpec,
  column: string,
  names: string[],
) {
  const query = z.looseObject(
    Object.fromEntries(
      names.map((n) => [n, z.string().optional().describe('the document whose lines to list')]),
    ),
  );
  typed(app).get(
    url,
    { config: { access }, schema: { querystring: query, response: answers.list(scopedRowSchema(spec)) } },
    async (req) => {
      const parentId = queryId(req.query, names);
      const rows = listAll(app.ctx.sqlite, spec, psiActor(app, req), {}, 5000, {
        sql: `"${column}" = ?`,
        params: [BigInt(parentId)],
      });
      return ok(
        rows.map((r) => wire(spec.def, r)),
        req.lang,
      );
    },
  );
}

const described = (shape: Record<string, string>) =>
  Object.fromEntries(Object.entries(shape).map(([k, d]) => [k, z.unknown().optional().describe(d)]));

/** A document's lines in a submit body (absent: keep the lines on an edit). */
const detailsField = (line: Record<string, string>) =>
  z
    .array(z.looseObject(described(line)))
    .optional()
    .describe("the document's lines (absent: unchanged)");

const VERSION = 'the version read (optimistic lock)';
const orderLine = { goodsId: 'the book', quantity: 'copies', remark: 'a note' };
const orderBody = { version: z.unknown().optional().describe(VERSION), details: detailsField(orderLine) };
const purchaseBody = {
  version: z.unknown().optional().describe(VERSION),
  details: detailsField({ ...orderLine, discount: 'the purchase discount (0.7200)' }),
};
const deliveryBody = {
  version: z.unknown().optional().describe(VERSION),
  details: detailsField({
    sourceDetailId: 'the 配送单 line delivered',
    quantity: 'copies',
    remark: 'a note',
  }),
};
const auditBody = formBody(
  described({
    id: 'the document',
    pass: 'true to pass, false to send back',
    auditRemark: "the reviewer's note",
    version: VERSION,
  }),
);
const checkBody = {
  depositoryId: 'the depository counted (a platform user chooses)',
  checkId: 'the open stocktake to save into (absent: a new one)',
  checkDate: 'the day of the count (yyyy-MM-dd)',
  remark: 'a note',
  complete: 'true to complete the stocktake (posts the differences)',
  version: VERSION,
};
const checkDetails = detailsField({
  goodsId: 'the book',
  countedQuantity: 'copies counted',
  remark: 'a note',
});

export function registerDocumentRoutes(app: FastifyInstance) {
  const env = liveEnv(app);
  const api = typed(app);
  const hooks = psiCrud(app);
  const detail = (req: FastifyRequest, spec: PsiSpec, id: string) =>
    findOne(app.ctx.sqlite, spec, psiActor(app, req), id);
  const action = <B extends z.ZodType>(spec: PsiSpec, access: Access, body: B) => ({
    config: { access },
    schema: { body, response: answers.maybe(scopedRowSchema(spec)) },
  });

  // ------------------------------------------------------------------ 采购入库单
  const submitPurchase = (req: FastifyRequest, body: Dict) => {
    const input = parseBody(purchaseSchema(req.lang), body);
    const saved = submitPurchaseOrder(
      env,
      psiActor(app, req),
      input as Parameters<typeof submitPurchaseOrder>[2],
    );
    return detail(req, specs.purchase, saved.id);
  };
  crudRoutes(app, specs.purchase, {
    ...hooks,
    body: purchaseBody,
    submit: (req, _id, body) => submitPurchase(req, body),
    remove: (req, ids) => removePurchaseOrders(env, psiActor(app, req), ids),
  });
  api.post(
    '/blade-psi/purchasedetail/submitPurchaseOrder',
    action(
      specs.purchase,
      submitAccess(purchaseOrderResource),
      submitBody(purchaseOrderResource, purchaseBody),
    ),
    async (req) => {
      requireSubmitButton(app, req, purchaseOrderResource, !!req.body.id);
      return ok(await write(app, () => submitPurchase(req, req.body)), req.lang);
    },
  );
  api.post(
    '/blade-psi/purchaseorder/approveAudit',
    action(specs.purchase, { button: 'purchaseorder_audit' }, auditBody),
    async (req) => {
      const body = parseBody(auditSchema(req.lang), req.body);
      const saved = await write(app, () => {
        approvePurchaseAudit(env, psiActor(app, req), {
          id: body.id!,
          pass: body.pass,
          auditRemark: body.auditRemark,
          version: body.version,
        });
        return detail(req, specs.purchase, body.id!);
      });
      return ok(saved, req.lang);
    },
  );
  api.post(
    '/blade-psi/purchaseorder/approveStorage',
    action(
      specs.purchase,
      { button: 'purchaseorder_storage' },
      formBody({
        ...described({ id: 'the document', storageRemark: "the receiver's note", version: VERSION }),
        details: detailsField({ detailId: 'the line', receivedQuantity: 'copies received' }),
      }),
    ),
    async (req) => {
      const body = parseBody(storageSchema(req.lang), req.body);
      const saved = await write(app, () => {
        approveStorage(env, psiActor(app, req), {
          id: body.id!,
          storageRemark: body.storageRemark,
          version: body.version,
          details: body.details?.map((d) => ({
            detailId: d.detailId!,
            receivedQuantity: d.receivedQuantity!,
          })),
        });
        return detail(req, specs.purchase, body.id!);
      });
      return ok(saved, req.lang);
    },
  );
  linesRoute(
    app,
    '/blade-psi/purchasedetail/listByOrderId',
    { menu: 'purchaseorder' },
    specs.purchaseDetail,
    'purchase_id',
    ['pirchaseId', 'purchaseId'],
  );
  lineRoutes(app, {
    spec: specs.purchaseDetail,
    parentKey: 'purchaseId',
    parentColumn: 'purchase_id',
    lineTable: 'psi_purchase_detail',
    shape: (lang) => goodsLine(purchaseDetailResource, lang, true),
    current: (e, parent) =>
      purchaseLines(e, parent).map((l) => ({
        lineId: l.id,
        input: { goodsId: l.goodsId, quantity: l.quantity, discount: l.discount, remark: l.remark },
      })),
    resubmit: (e, actor, parent, details) => void submitPurchaseOrder(e, actor, { id: parent, details }),
  });

  // ------------------------------------------------------------------ 征订单
  const submitYypt = (req: FastifyRequest, body: Dict) => {
    const input = parseBody(yyptOrderSchema(req.lang), body);
    const saved = submitYyptOrder(env, psiActor(app, req), input as Parameters<typeof submitYyptOrder>[2]);
    return detail(req, specs.yypt, saved.id);
  };
  crudRoutes(app, specs.yypt, {
    ...hooks,
    body: orderBody,
    submit: (req, _id, body) => submitYypt(req, body),
    remove: (req, ids) => removeYyptOrders(env, psiActor(app, req), ids),
  });
  api.post(
    '/blade-psi/purchasedetailyypt/submitPurchaseOrderYypt',
    action(
      specs.yypt,
      submitAccess(purchaseOrderYyptResource),
      submitBody(purchaseOrderYyptResource, orderBody),
    ),
    async (req) => {
      requireSubmitButton(app, req, purchaseOrderYyptResource, !!req.body.id);
      return ok(await write(app, () => submitYypt(req, req.body)), req.lang);
    },
  );
  api.post(
    '/blade-psi/purchaseorderyypt/approveAudit',
    action(specs.yypt, { button: ['purchaseorderyypt_audit', 'order_yy_audit'] }, auditBody),
    async (req) => {
      const body = parseBody(auditSchema(req.lang), req.body);
      const saved = await write(app, () => {
        approveYyptAudit(env, psiActor(app, req), {
          id: body.id!,
          pass: body.pass,
          auditRemark: body.auditRemark,
          version: body.version,
        });
        return detail(req, specs.yypt, body.id!);
      });
      return ok(saved, req.lang);
    },
  );
  linesRoute(
    app,
    '/blade-psi/purchasedetailyypt/listByOrderId',
    defaultAccess(purchaseDetailYyptResource).list,
    specs.yyptDetail,
    'purchase_id',
    ['purchaseId', 'pirchaseId'],
  );
  lineRoutes(app, {
    spec: specs.yyptDetail,
    parentKey: 'purchaseId',
    parentColumn: 'purchase_id',
    lineTable: 'psi_purchase_detail_yypt',
    shape: (lang) => goodsLine(purchaseDetailYyptResource, lang, false),
    current: (e, parent) =>
      yyptLines(e, parent).map((l) => ({
        lineId: l.id,
        input: { goodsId: l.goodsId, quantity: l.quantity, remark: l.remark },
      })),
    resubmit: (e, actor, parent, details) => void submitYyptOrder(e, actor, { id: parent, details }),
  });

  // ------------------------------------------------------------------ 配送单
  const submitDirect = (req: FastifyRequest, body: Dict) => {
    const input = parseBody(directOrderSchema(req.lang), body);
    const saved = submitDirectOrder(
      env,
      psiActor(app, req),
      input as Parameters<typeof submitDirectOrder>[2],
    );
    return detail(req, specs.pod, saved.id);
  };
  crudRoutes(app, specs.pod, {
    ...hooks,
    body: orderBody,
    submit: (req, _id, body) => submitDirect(req, body),
    remove: (req, ids) => removeDepositoryOrders(env, psiActor(app, req), ids),
  });
  api.post(
    '/blade-psi/purchasedetaildepository/submitPurchaseOrderDepository',
    action(
      specs.pod,
      submitAccess(purchaseOrderDepositoryResource),
      submitBody(purchaseOrderDepositoryResource, orderBody),
    ),
    async (req) => {
      requireSubmitButton(app, req, purchaseOrderDepositoryResource, !!req.body.id);
      return ok(await write(app, () => submitDirect(req, req.body)), req.lang);
    },
  );
  api.post(
    '/blade-psi/purchaseorderdepository/approveAuditDepository',
    action(specs.pod, { button: 'purchaseorderdepository_audit' }, auditBody),
    async (req) => {
      const body = parseBody(auditSchema(req.lang), req.body);
      const saved = await write(app, () => {
        approveAuditDepository(env, psiActor(app, req), {
          id: body.id!,
          pass: body.pass,
          auditRemark: body.auditRemark,
          version: body.version,
        });
        return detail(req, specs.pod, body.id!);
      });
      return ok(saved, req.lang);
    },
  );
  api.get(
    '/blade-psi/purchaseorderdepository/purchaseOrderDepository',
    {
      config: { access: { menu: 'purchaseorderdepository' } },
      schema: {
        querystring: listQuery(purchaseOrderDepositoryResource),
        response: answers.page(scopedRowSchema(specs.pod)),
      },
    },
    async (req) => ok(listPage(app.ctx.sqlite, specs.pod, psiActor(app, req), req.query), req.lang),
  );
  linesRoute(
    app,
    '/blade-psi/purchasedetaildepository/listByOrderId',
    { menu: 'purchaseorderdepository' },
    specs.podDetail,
    'purchase_id',
    ['purchaseId', 'pirchaseId'],
  );
  lineRoutes(app, {
    spec: specs.podDetail,
    parentKey: 'purchaseId',
    parentColumn: 'purchase_id',
    lineTable: 'psi_purchase_detail_depository',
    shape: (lang) => goodsLine(purchaseDetailDepositoryResource, lang, false),
    current: (e, parent) =>
      depositoryOrderLines(e, parent).map((l) => ({
        lineId: l.id,
        input: { goodsId: l.goodsId, quantity: l.quantity, remark: l.remark },
      })),
    resubmit: (e, actor, parent, details) => void submitDirectOrder(e, actor, { id: parent, details }),
  });

  // ------------------------------------------------------------------ 发货单
  const submitDelivery = (req: FastifyRequest, body: Dict) => {
    const input = parseBody(deliverySchema(req.lang), body);
    const saved = submitDeliveryOrder(
      env,
      psiActor(app, req),
      input as Parameters<typeof submitDeliveryOrder>[2],
    );
    return detail(req, specs.delivery, saved.id);
  };
  crudRoutes(app, specs.delivery, {
    ...hooks,
    body: deliveryBody,
    submit: (req, _id, body) => submitDelivery(req, body),
    remove: (req, ids) => removeDeliveries(env, psiActor(app, req), ids),
  });
  api.post(
    '/blade-psi/deliverydetail/submitDeliveryOrder',
    action(
      specs.delivery,
      submitAccess(deliveryOrderResource),
      submitBody(deliveryOrderResource, deliveryBody),
    ),
    async (req) => {
      requireSubmitButton(app, req, deliveryOrderResource, !!req.body.id);
      return ok(await write(app, () => submitDelivery(req, req.body)), req.lang);
    },
  );
  api.post(
    '/blade-psi/deliveryorder/approveDelivery',
    action(
      specs.delivery,
      { button: 'deliveryorder_delivery' },
      formBody(described({ id: 'the document', deliveryRemark: "the shipper's note", version: VERSION })),
    ),
    async (req) => {
      const body = parseBody(deliverBody(req.lang), req.body);
      const saved = await write(app, () => {
        approveDelivery(env, psiActor(app, req), {
          id: body.id!,
          deliveryRemark: body.deliveryRemark,
          version: body.version,
        });
        return detail(req, specs.delivery, body.id!);
      });
      return ok(saved, req.lang);
    },
  );
  linesRoute(
    app,
    '/blade-psi/deliverydetail/listByOrderId',
    { menu: 'deliveryorder' },
    specs.deliveryDetail,
    'delivery_id',
    ['deliveryId'],
  );
  lineRoutes(app, {
    spec: specs.deliveryDetail,
    parentKey: 'deliveryId',
    parentColumn: 'delivery_id',
    lineTable: 'psi_delivery_detail',
    shape: (lang) => deliveryLineShape(lang),
    current: (e, parent) =>
      deliveryLines(e, parent).map((l) => ({
        lineId: l.id,
        input: { sourceDetailId: l.sourceDetailId, quantity: l.quantity, remark: l.remark },
      })),
    resubmit: (e, actor, parent, details) => void submitDeliveryOrder(e, actor, { id: parent, details }),
  });

  // ------------------------------------------------------------------ 盘点
  const check = (req: FastifyRequest, body: Dict) => {
    const input = parseBody(checkSchema(req.lang), body);
    if (input.complete && !allows(app, actorOf(req), { button: 'depositorycheck_complete' }))
      throw forbidden();
    const result = saveCheckList(env, psiActor(app, req), {
      ...input,
      details: input.details?.map((d) => ({
        goodsId: d.goodsId!,
        countedQuantity: d.countedQuantity!,
        remark: d.remark,
      })),
    });
    return { ...detail(req, specs.check, result.id), bookChanged: result.bookChanged };
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
  const checkAnswer = z.union([scopedRowSchema(specs.check, { bookChanged }), z.object({ bookChanged })]);
  api.post(
    '/blade-psi/depositoryinfo/saveCheckList',
    {
      config: {
        access: { button: ['depositorycheck_add', 'depositorycheck_edit', 'depositorycheck_complete'] },
      },
      schema: {
        body: formBody({ ...described(checkBody), details: checkDetails }),
        response: answers.of(checkAnswer),
      },
    },
    async (req) => ok(await write(app, () => check(req, req.body)), req.lang),
  );
  crudRoutes(app, specs.check, {
    ...hooks,
    body: { ...described(checkBody), details: checkDetails },
    submitted: checkAnswer,
    submit: (req, id, body) => {
      const { id: _id, ...rest } = body;
      if (rest.complete) throw badRequest('paramType', { name: 'complete' });
      return check(req, { ...rest, checkId: id ?? undefined, complete: false });
    },
    remove: (req, ids) => removeChecks(env, psiActor(app, req), ids),
  });
  linesRoute(
    app,
    '/blade-psi/depositorycheckdetail/listByCheckId',
    { menu: 'depositorycheck' },
    specs.checkDetail,
    'check_id',
    ['checkId'],
  );
  lineRoutes(app, {
    spec: specs.checkDetail,
    parentKey: 'checkId',
    parentColumn: 'check_id',
    lineTable: 'psi_depository_check_detail',
    shape: (lang) => checkLineShape(lang),
    current: (e, parent) =>
      checkLines(e, parent).map((l) => ({
        lineId: l.id,
        input: { goodsId: l.goodsId, countedQuantity: l.countedQuantity, remark: l.remark },
      })),
    resubmit: (e, actor, parent, details) =>
      void saveCheckList(e, actor, { checkId: parent, complete: false, details }),
  });
}
