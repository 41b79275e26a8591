import type { FastifyInstance } from 'fastify';
import {
  defaultAccess,
  purchaseorderyyptResource,
  purchasedetailyyptResource,
  type Lang,
} from '@psi/db/model';
import { purchaseorderyyptDocument as doc } from '@psi/db/model/psi/index';
import { auditSchema, perLang } from '../shared/http';
import {
  approvalRoute,
  auditBody,
  auditInput,
  documentRoutes,
  goodsLine,
  goodsLineInputs,
  lineEndpoints,
  orderBody,
  schoolOrderSchema,
} from '../shared/doc-routes';
import { specs } from '../shared/specs';
import {
  approvePurchaseorderyyptAudit,
  removePurchaseorderyypt,
  submitPurchaseOrderYypt,
  purchaseorderyyptLines,
} from './service';

const purchaseorderyyptSchema = perLang((lang: Lang) =>
  schoolOrderSchema(purchaseorderyyptResource, purchasedetailyyptResource, lang),
);

/** 征订单: a school's order, the platform audit, and its lines. */
export function registerPurchaseorderyyptRoutes(app: FastifyInstance) {
  documentRoutes(app, {
    spec: specs.purchaseorderyypt,
    body: orderBody(),
    submitUrl: '/blade-psi/purchasedetailyypt/submitPurchaseOrderYypt',
    schema: purchaseorderyyptSchema,
    save: submitPurchaseOrderYypt,
    remove: removePurchaseorderyypt,
  });
  approvalRoute(app, {
    url: '/blade-psi/purchaseorderyypt/approveAudit',
    spec: specs.purchaseorderyypt,
    takes: { doc, actions: ['auditPass', 'auditReject'] },
    body: auditBody,
    schema: auditSchema,
    approve: (env, actor, body) => void approvePurchaseorderyyptAudit(env, actor, auditInput(body)),
  });
  lineEndpoints(app, {
    spec: specs.purchasedetailyypt,
    listUrl: '/blade-psi/purchasedetailyypt/listByOrderId',
    listAccess: defaultAccess(purchasedetailyyptResource).list,
    listNames: ['purchaseId', 'pirchaseId'],
    parentKey: 'purchaseId',
    shape: (lang) => goodsLine(purchasedetailyyptResource, lang, false),
    current: (env, parent) => goodsLineInputs(purchaseorderyyptLines(env, parent)),
    resubmit: (env, actor, parent, details) =>
      void submitPurchaseOrderYypt(env, actor, { id: parent, details }),
  });
}
