import { prepareNumbers } from '../../core/data';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  defaultAccess,
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
import { ok } from '../../core/envelope';
import { ApiError, badRequest } from '../../core/errors';
import { allows } from '../../core/access';
import { forbidden } from '../../core/errors';
import { actorOf, bodyOf } from '../../core/crud';
import { big, fail, tx, type PsiActor, type PsiEnv } from './env';
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
  textValue,
} from './http';
import { findOne, listAll, listPage, wire, type ListSpec } from './lists';
import { specs } from './specs';
import { queryId, readRoutes, writeRoutes } from './routes-common';
import {
  approvePurchaseAudit,
  approveStorage,
  purchaseLines,
  removePurchaseOrders,
  submitPurchaseOrder,
} from './purchase';
import { approveYyptAudit, removeYyptOrders, submitYyptOrder, yyptLines } from './yypt';
import {
  approveAuditDepository,
  depositoryOrderLines,
  removeDepositoryOrders,
  submitDirectOrder,
} from './depository-order';
import { approveDelivery, deliveryLines, removeDeliveries, submitDeliveryOrder } from './delivery';
import { checkLines, removeChecks, saveCheckList } from './check';

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
  const declared = defaultAccess(def).submit;
  const codes = typeof declared === 'object' && 'button' in declared ? [declared.button].flat() : [];
  const needed = codes.filter((c) => !c.endsWith(hasId ? '_add' : '_edit'));
  if (!allows(app, actorOf(req), { button: needed })) throw forbidden();
}

const submitAccess = (def: ResourceDef): Access => defaultAccess(def).submit;

interface LineConfig<I extends Dict> {
  spec: ListSpec;
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
  writeRoutes(app, cfg.spec.def, {
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

/** `listByOrderId`-style reads: the live lines of one visible header, in `sort` order. */
function linesOf(
  app: FastifyInstance,
  req: FastifyRequest,
  spec: ListSpec,
  column: string,
  parentId: string,
) {
  const rows = listAll(app.ctx.sqlite, spec, psiActor(app, req), {}, 5000, {
    sql: `"${column}" = ?`,
    params: [BigInt(parentId)],
  });
  return ok(
    rows.map((r) => wire(spec.def, r)),
    req.lang,
  );
}

export function registerDocumentRoutes(app: FastifyInstance) {
  const env = liveEnv(app);
  const detail = (req: FastifyRequest, spec: ListSpec, id: string) =>
    findOne(app.ctx.sqlite, spec, psiActor(app, req), id);

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
  readRoutes(app, specs.purchase);
  writeRoutes(app, purchaseOrderResource, {
    submit: (req, _id, body) => submitPurchase(req, body),
    remove: (req, ids) => removePurchaseOrders(env, psiActor(app, req), ids),
  });
  app.post(
    '/blade-psi/purchasedetail/submitPurchaseOrder',
    { config: { access: submitAccess(purchaseOrderResource) } },
    async (req) => {
      requireSubmitButton(app, req, purchaseOrderResource, !!bodyOf(req).id);
      return ok(await write(app, () => submitPurchase(req, bodyOf(req))), req.lang);
    },
  );
  app.post(
    '/blade-psi/purchaseorder/approveAudit',
    { config: { access: { button: 'purchaseorder_audit' } } },
    async (req) => {
      const body = parseBody(auditSchema(req.lang), bodyOf(req));
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
  app.post(
    '/blade-psi/purchaseorder/approveStorage',
    { config: { access: { button: 'purchaseorder_storage' } } },
    async (req) => {
      const body = parseBody(storageSchema(req.lang), bodyOf(req));
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
  readRoutes(app, specs.purchaseDetail);
  app.get(
    '/blade-psi/purchasedetail/listByOrderId',
    { config: { access: { menu: 'purchaseorder' } } },
    async (req) =>
      linesOf(app, req, specs.purchaseDetail, 'purchase_id', queryId(req, ['pirchaseId', 'purchaseId'])),
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
  readRoutes(app, specs.yypt);
  writeRoutes(app, purchaseOrderYyptResource, {
    submit: (req, _id, body) => submitYypt(req, body),
    remove: (req, ids) => removeYyptOrders(env, psiActor(app, req), ids),
  });
  app.post(
    '/blade-psi/purchasedetailyypt/submitPurchaseOrderYypt',
    { config: { access: submitAccess(purchaseOrderYyptResource) } },
    async (req) => {
      requireSubmitButton(app, req, purchaseOrderYyptResource, !!bodyOf(req).id);
      return ok(await write(app, () => submitYypt(req, bodyOf(req))), req.lang);
    },
  );
  app.post(
    '/blade-psi/purchaseorderyypt/approveAudit',
    { config: { access: { button: ['purchaseorderyypt_audit', 'order_yy_audit'] } } },
    async (req) => {
      const body = parseBody(auditSchema(req.lang), bodyOf(req));
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
  readRoutes(app, specs.yyptDetail);
  app.get(
    '/blade-psi/purchasedetailyypt/listByOrderId',
    { config: { access: defaultAccess(purchaseDetailYyptResource).list } },
    async (req) =>
      linesOf(app, req, specs.yyptDetail, 'purchase_id', queryId(req, ['purchaseId', 'pirchaseId'])),
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
  readRoutes(app, specs.pod);
  writeRoutes(app, purchaseOrderDepositoryResource, {
    submit: (req, _id, body) => submitDirect(req, body),
    remove: (req, ids) => removeDepositoryOrders(env, psiActor(app, req), ids),
  });
  app.post(
    '/blade-psi/purchasedetaildepository/submitPurchaseOrderDepository',
    { config: { access: submitAccess(purchaseOrderDepositoryResource) } },
    async (req) => {
      requireSubmitButton(app, req, purchaseOrderDepositoryResource, !!bodyOf(req).id);
      return ok(await write(app, () => submitDirect(req, bodyOf(req))), req.lang);
    },
  );
  app.post(
    '/blade-psi/purchaseorderdepository/approveAuditDepository',
    { config: { access: { button: 'purchaseorderdepository_audit' } } },
    async (req) => {
      const body = parseBody(auditSchema(req.lang), bodyOf(req));
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
  app.get(
    '/blade-psi/purchaseorderdepository/purchaseOrderDepository',
    { config: { access: { menu: 'purchaseorderdepository' } } },
    async (req) => ok(listPage(app.ctx.sqlite, specs.pod, psiActor(app, req), req.query as Dict), req.lang),
  );
  readRoutes(app, specs.podDetail);
  app.get(
    '/blade-psi/purchasedetaildepository/listByOrderId',
    { config: { access: { menu: 'purchaseorderdepository' } } },
    async (req) =>
      linesOf(app, req, specs.podDetail, 'purchase_id', queryId(req, ['purchaseId', 'pirchaseId'])),
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
  readRoutes(app, specs.delivery);
  writeRoutes(app, deliveryOrderResource, {
    submit: (req, _id, body) => submitDelivery(req, body),
    remove: (req, ids) => removeDeliveries(env, psiActor(app, req), ids),
  });
  app.post(
    '/blade-psi/deliverydetail/submitDeliveryOrder',
    { config: { access: submitAccess(deliveryOrderResource) } },
    async (req) => {
      requireSubmitButton(app, req, deliveryOrderResource, !!bodyOf(req).id);
      return ok(await write(app, () => submitDelivery(req, bodyOf(req))), req.lang);
    },
  );
  app.post(
    '/blade-psi/deliveryorder/approveDelivery',
    { config: { access: { button: 'deliveryorder_delivery' } } },
    async (req) => {
      const body = parseBody(deliverBody(req.lang), bodyOf(req));
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
  readRoutes(app, specs.deliveryDetail);
  app.get(
    '/blade-psi/deliverydetail/listByOrderId',
    { config: { access: { menu: 'deliveryorder' } } },
    async (req) => linesOf(app, req, specs.deliveryDetail, 'delivery_id', queryId(req, ['deliveryId'])),
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
  app.post(
    '/blade-psi/depositoryinfo/saveCheckList',
    {
      config: {
        access: { button: ['depositorycheck_add', 'depositorycheck_edit', 'depositorycheck_complete'] },
      },
    },
    async (req) => ok(await write(app, () => check(req, bodyOf(req))), req.lang),
  );
  readRoutes(app, specs.check);
  writeRoutes(app, depositoryCheckResource, {
    submit: (req, id, body) => {
      const { id: _id, ...rest } = body;
      if (rest.complete) throw badRequest('paramType', { name: 'complete' });
      return check(req, { ...rest, checkId: id ?? undefined, complete: false });
    },
    remove: (req, ids) => removeChecks(env, psiActor(app, req), ids),
  });
  readRoutes(app, specs.checkDetail);
  app.get(
    '/blade-psi/depositorycheckdetail/listByCheckId',
    { config: { access: { menu: 'depositorycheck' } } },
    async (req) => linesOf(app, req, specs.checkDetail, 'check_id', queryId(req, ['checkId'])),
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
