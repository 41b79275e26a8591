import type { FastifyInstance } from 'fastify';
import { purchaseOrderDepositoryResource, purchaseDetailDepositoryResource, type Lang } from '@psi/db/model';
import { depositoryOrderDocument as doc } from '@psi/db/model/psi/index';
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
  depositoryOrderLines,
  removeDepositoryOrders,
  submitDirectOrder,
} from './service';

const directOrderSchema = perLang((lang: Lang) =>
  schoolOrderSchema(purchaseOrderDepositoryResource, purchaseDetailDepositoryResource, lang),
);

/** 配送单 (and 补订单, the direct ones): submit, the depository's audit, the list, and its lines. */
export function registerDepositoryOrderRoutes(app: FastifyInstance) {
  documentRoutes(app, {
    spec: specs.pod,
    body: orderBody(),
    submitUrl: '/blade-psi/purchasedetaildepository/submitPurchaseOrderDepository',
    schema: directOrderSchema,
    save: submitDirectOrder,
    remove: removeDepositoryOrders,
  });
  approvalRoute(app, {
    url: '/blade-psi/purchaseorderdepository/approveAuditDepository',
    spec: specs.pod,
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
        querystring: listQuery(purchaseOrderDepositoryResource),
        response: answers.page(scopedRowSchema(specs.pod)),
      },
    },
    async (req) => ok(listPage(app.ctx.sqlite, specs.pod, psiActor(app, req), req.query), req.lang),
  );
  lineEndpoints(app, {
    spec: specs.podDetail,
    listUrl: '/blade-psi/purchasedetaildepository/listByOrderId',
    listAccess: { menu: 'purchaseorderdepository' },
    listNames: ['purchaseId', 'pirchaseId'],
    parentKey: 'purchaseId',
    shape: (lang) => goodsLine(purchaseDetailDepositoryResource, lang, false),
    current: (env, parent) => goodsLineInputs(depositoryOrderLines(env, parent)),
    resubmit: (env, actor, parent, details) => void submitDirectOrder(env, actor, { id: parent, details }),
  });
}
