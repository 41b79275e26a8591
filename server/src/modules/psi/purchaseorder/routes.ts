import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fill, messages, purchaseOrderResource, purchaseDetailResource, type Lang } from '@psi/db/model';
import { purchaseOrderDocument as doc } from '@psi/db/model/psi/index';
import { formBody } from '../../../core/route-schemas';
import { auditSchema, headerSchema, idValue, mustHave, perLang, storageBody } from '../shared/http';
import {
  approvalRoute,
  auditBody,
  auditInput,
  copiesValue,
  described,
  detailsField,
  documentRoutes,
  goodsLine,
  lineEndpoints,
  orderBody,
  qtyMessage,
  VERSION,
} from '../shared/doc-routes';
import { specs } from '../shared/specs';
import {
  approvePurchaseAudit,
  approveStorage,
  purchaseLines,
  removePurchaseOrders,
  submitPurchaseOrder,
} from './service';

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
          receivedQuantity: copiesValue(qtyMessage(purchaseDetailResource, lang, 'receivedQuantity'), 0),
        }),
        { error: fill(messages.paramType[lang], { name: 'details' }) },
      )
      .max(2000)
      .optional(),
  }),
);

/** 采购入库单: submit, platform audit, storage by the depository, and its lines. */
export function registerPurchaseRoutes(app: FastifyInstance) {
  documentRoutes(app, {
    spec: specs.purchase,
    body: orderBody({ discount: 'the purchase discount (0.7200)' }),
    submitUrl: '/blade-psi/purchasedetail/submitPurchaseOrder',
    schema: purchaseSchema,
    save: submitPurchaseOrder,
    remove: removePurchaseOrders,
  });
  approvalRoute(app, {
    url: '/blade-psi/purchaseorder/approveAudit',
    spec: specs.purchase,
    takes: { doc, actions: ['auditPass', 'auditReject'] },
    body: auditBody,
    schema: auditSchema,
    approve: (env, actor, body) => approvePurchaseAudit(env, actor, auditInput(body)),
  });
  approvalRoute(app, {
    url: '/blade-psi/purchaseorder/approveStorage',
    spec: specs.purchase,
    takes: { doc, actions: ['storage'] },
    body: formBody({
      ...described({ id: 'the document', storageRemark: "the receiver's note", version: VERSION }),
      details: detailsField({ detailId: 'the line', receivedQuantity: 'copies received' }),
    }),
    schema: storageSchema,
    approve: (env, actor, body) =>
      approveStorage(env, actor, {
        id: body.id!,
        storageRemark: body.storageRemark,
        version: body.version,
        details: body.details?.map((d) => ({
          detailId: d.detailId!,
          receivedQuantity: d.receivedQuantity!,
        })),
      }),
  });
  lineEndpoints(app, {
    spec: specs.purchaseDetail,
    listUrl: '/blade-psi/purchasedetail/listByOrderId',
    listAccess: { menu: 'purchaseorder' },
    listNames: ['pirchaseId', 'purchaseId'],
    parentKey: 'purchaseId',
    shape: (lang) => goodsLine(purchaseDetailResource, lang, true),
    current: (env, parent) =>
      purchaseLines(env, parent).map((l) => ({
        lineId: l.id,
        input: { goodsId: l.goodsId, quantity: l.quantity, discount: l.discount, remark: l.remark },
      })),
    resubmit: (env, actor, parent, details) => void submitPurchaseOrder(env, actor, { id: parent, details }),
  });
}
