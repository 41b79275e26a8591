import type { FastifyInstance } from 'fastify';
import {
  defaultAccess,
  purchaseOrderYyptResource,
  purchaseDetailYyptResource,
  type Lang,
} from '@psi/db/model';
import { yyptOrderDocument as doc } from '@psi/db/model/psi/index';
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
import { approveYyptAudit, removeYyptOrders, submitYyptOrder, yyptLines } from './service';

const yyptOrderSchema = perLang((lang: Lang) =>
  schoolOrderSchema(purchaseOrderYyptResource, purchaseDetailYyptResource, lang),
);

/** 征订单: a school's order, the platform audit, and its lines. */
export function registerYyptRoutes(app: FastifyInstance) {
  documentRoutes(app, {
    spec: specs.yypt,
    body: orderBody(),
    submitUrl: '/blade-psi/purchasedetailyypt/submitPurchaseOrderYypt',
    schema: yyptOrderSchema,
    save: submitYyptOrder,
    remove: removeYyptOrders,
  });
  approvalRoute(app, {
    url: '/blade-psi/purchaseorderyypt/approveAudit',
    spec: specs.yypt,
    takes: { doc, actions: ['auditPass', 'auditReject'] },
    body: auditBody,
    schema: auditSchema,
    approve: (env, actor, body) => void approveYyptAudit(env, actor, auditInput(body)),
  });
  lineEndpoints(app, {
    spec: specs.yyptDetail,
    listUrl: '/blade-psi/purchasedetailyypt/listByOrderId',
    listAccess: defaultAccess(purchaseDetailYyptResource).list,
    listNames: ['purchaseId', 'pirchaseId'],
    parentKey: 'purchaseId',
    shape: (lang) => goodsLine(purchaseDetailYyptResource, lang, false),
    current: (env, parent) => goodsLineInputs(yyptLines(env, parent)),
    resubmit: (env, actor, parent, details) => void submitYyptOrder(env, actor, { id: parent, details }),
  });
}
