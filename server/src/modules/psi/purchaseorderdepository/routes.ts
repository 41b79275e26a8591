import type { FastifyInstance } from 'fastify';
import { purchaseorderdepositoryResource, purchasedetaildepositoryResource, type Lang } from '@psi/db/model';
import { purchaseorderdepositoryDocument as doc } from '@psi/db/model/psi/index';
import { ok } from '../../../core/envelope';
import { scopedRowSchema } from '../../../core/crud';
import { answers, listQuery } from '../../../core/route-schemas';
import { typed } from '../../../core/schema';
import { listPage } from '../../../core/scoped-list';
import { auditSchema, perLang, psiActor } from '../shared/http';
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
  approveAuditDepository,
  purchaseorderdepositoryLines,
  removePurchaseorderdepository,
  submitPurchaseOrderDepository,
} from './service';

const directOrderSchema = perLang((lang: Lang) =>
  schoolOrderSchema(purchaseorderdepositoryResource, purchasedetaildepositoryResource, lang),
);

/** 配送单 (and 补订单, the direct ones): submit, the depository's audit, the list, and its lines. */
export function registerPurchaseorderdepositoryRoutes(app: FastifyInstance) {
  documentRoutes(app, {
    spec: specs.purchaseorderdepository,
    body: orderBody(),
    submitUrl: '/blade-psi/purchasedetaildepository/submitPurchaseOrderDepository',
    schema: directOrderSchema,
    save: submitPurchaseOrderDepository,
    remove: removePurchaseorderdepository,
  });
  approvalRoute(app, {
    url: '/blade-psi/purchaseorderdepository/approveAuditDepository',
    spec: specs.purchaseorderdepository,
    takes: { doc, actions: ['auditPass', 'auditReject'] },
    body: auditBody,
    schema: auditSchema,
    approve: (env, actor, body) => approveAuditDepository(env, actor, auditInput(body)),
  });
  typed(app).get(
    '/blade-psi/purchaseorderdepository/purchaseOrderDepository',
    {
      config: { access: { menu: 'purchaseorderdepository' } },
      schema: {
        querystring: listQuery(purchaseorderdepositoryResource),
        response: answers.page(scopedRowSchema(specs.purchaseorderdepository)),
      },
    },
    async (req) =>
      ok(listPage(app.ctx.sqlite, specs.purchaseorderdepository, psiActor(app, req), req.query), req.lang),
  );
  lineEndpoints(app, {
    spec: specs.purchasedetaildepository,
    listUrl: '/blade-psi/purchasedetaildepository/listByOrderId',
    listAccess: { menu: 'purchaseorderdepository' },
    listNames: ['purchaseId', 'pirchaseId'],
    parentKey: 'purchaseId',
    shape: (lang) => goodsLine(purchasedetaildepositoryResource, lang, false),
    current: (env, parent) => goodsLineInputs(purchaseorderdepositoryLines(env, parent)),
    resubmit: (env, actor, parent, details) =>
      void submitPurchaseOrderDepository(env, actor, { id: parent, details }),
  });
}
