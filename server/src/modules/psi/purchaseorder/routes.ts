import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fill, messages, purchaseorderResource, purchasedetailResource, type Lang } from '@psi/db/model';
import { purchaseorderDocument as doc } from '@psi/db/model/psi/index';
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
  approvePurchaseorderAudit,
  approveStorage,
  purchaseorderLines,
  removePurchaseorder,
  submitPurchaseOrder,
} from './service';

const purchaseorderSchema = perLang((lang: Lang) =>
  headerSchema(
    purchaseorderResource,
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
    goodsLine(purchasedetailResource, lang, true),
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
          receivedQuantity: copiesValue(qtyMessage(purchasedetailResource, lang, 'receivedQuantity'), 0),
        }),
        { error: fill(messages.paramType[lang], { name: 'details' }) },
      )
      .max(2000)
      .optional(),
  }),
);

/** 采购入库单: submit, platform audit, storage by the depository, and its lines. */
export function registerPurchaseorderRoutes(app: FastifyInstance) {
  documentRoutes(app, {
    spec: specs.purchaseorder,
    body: orderBody({ discount: 'the purchase discount (0.7200)' }),
    submitUrl: '/blade-psi/purchasedetail/submitPurchaseOrder',
    schema: purchaseorderSchema,
    save: submitPurchaseOrder,
    remove: removePurchaseorder,
  });
  approvalRoute(app, {
    url: '/blade-psi/purchaseorder/approveAudit',
    spec: specs.purchaseorder,
    takes: { doc, actions: ['auditPass', 'auditReject'] },
    body: auditBody,
    schema: auditSchema,
    approve: (env, actor, body) => approvePurchaseorderAudit(env, actor, auditInput(body)),
  });
  approvalRoute(app, {
    url: '/blade-psi/purchaseorder/approveStorage',
    spec: specs.purchaseorder,
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
    spec: specs.purchasedetail,
    listUrl: '/blade-psi/purchasedetail/listByOrderId',
    listAccess: { menu: 'purchaseorder' },
    listNames: ['pirchaseId', 'purchaseId'],
    parentKey: 'purchaseId',
    shape: (lang) => goodsLine(purchasedetailResource, lang, true),
    current: (env, parent) =>
      purchaseorderLines(env, parent).map((l) => ({
        lineId: l.id,
        input: { goodsId: l.goodsId, quantity: l.quantity, discount: l.discount, remark: l.remark },
      })),
    resubmit: (env, actor, parent, details) => void submitPurchaseOrder(env, actor, { id: parent, details }),
  });
}
