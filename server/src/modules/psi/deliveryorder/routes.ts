import type { FastifyInstance } from 'fastify';
import { deliverydetailResource, deliveryorderResource, fill, messages, type Lang } from '@psi/db/model';
import { deliveryorderDocument as doc } from '@psi/db/model/psi/index';
import { formBody } from '../../../core/route-schemas';
import { deliverBody, headerSchema, perLang } from '../shared/http';
import {
  approvalRoute,
  copiesValue,
  described,
  detailsField,
  documentRoutes,
  lineEndpoints,
  lineIdValue,
  qtyMessage,
  remarkLine,
  VERSION,
  versionValue,
} from '../shared/doc-routes';
import { specs } from '../shared/specs';
import {
  approveDelivery,
  deliveryorderLines,
  removeDeliveries,
  submitDeliveryOrder,
  type DeliveryorderInput,
} from './service';

const deliveryLineShape = (lang: Lang) => ({
  sourceDetailId: lineIdValue(fill(messages.paramType[lang], { name: 'sourceDetailId' })),
  quantity: copiesValue(qtyMessage(deliverydetailResource, lang), 1),
  remark: remarkLine(lang),
});

const deliveryorderSchema = perLang((lang: Lang) =>
  headerSchema(
    deliveryorderResource,
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

const deliveryBody = {
  version: versionValue,
  details: detailsField({
    sourceDetailId: 'the 配送单 line delivered',
    quantity: 'copies',
    remark: 'a note',
  }),
};

/** 发货单: submit against a 配送单, the shipment (stock falls), and its lines. */
export function registerDeliveryorderRoutes(app: FastifyInstance) {
  documentRoutes<DeliveryorderInput>(app, {
    spec: specs.deliveryorder,
    body: deliveryBody,
    submitUrl: '/blade-psi/deliverydetail/submitDeliveryOrder',
    schema: deliveryorderSchema,
    save: submitDeliveryOrder,
    remove: removeDeliveries,
  });
  approvalRoute(app, {
    url: '/blade-psi/deliveryorder/approveDelivery',
    spec: specs.deliveryorder,
    takes: { doc, actions: ['deliver'] },
    body: formBody(described({ id: 'the document', deliveryRemark: "the shipper's note", version: VERSION })),
    schema: deliverBody,
    approve: (env, actor, body) =>
      approveDelivery(env, actor, {
        id: body.id!,
        deliveryRemark: body.deliveryRemark,
        version: body.version,
      }),
  });
  lineEndpoints(app, {
    spec: specs.deliverydetail,
    listUrl: '/blade-psi/deliverydetail/listByOrderId',
    listAccess: { menu: 'deliveryorder' },
    listNames: ['deliveryId'],
    parentKey: 'deliveryId',
    shape: deliveryLineShape,
    current: (env, parent) =>
      deliveryorderLines(env, parent).map((l) => ({
        lineId: l.id,
        input: { sourceDetailId: l.sourceDetailId, quantity: l.quantity, remark: l.remark },
      })),
    resubmit: (env, actor, parent, details) => void submitDeliveryOrder(env, actor, { id: parent, details }),
  });
}
