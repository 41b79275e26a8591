import type { Lang, ResourceDef } from '@psi/db/model';
import {
  deliveryOrderResource,
  depositoryCheckDetailResource,
  depositoryCheckResource,
  goodsInfoResource,
  purchaseDetailResource,
  purchaseDetailYyptResource,
  purchaseOrderResource,
  purchaseOrderYyptResource,
} from '@psi/db/model';

/** `psi.field.*` keys whose label is the one a resource declaration gives its field. */
const DECLARED = {
  school: [purchaseOrderYyptResource, 'schoolName'],
  depository: [deliveryOrderResource, 'depositoryName'],
  term: [purchaseOrderResource, 'term'],
  receiverName: [purchaseOrderYyptResource, 'receiverName'],
  receiverPhone: [purchaseOrderYyptResource, 'receiverPhone'],
  receiverAddress: [purchaseOrderYyptResource, 'receiverAddress'],
  status: [depositoryCheckResource, 'checkStatus'],
  supplierName: [purchaseOrderResource, 'supplierName'],
  supplierContact: [purchaseOrderResource, 'supplierContact'],
  expectedDate: [purchaseOrderResource, 'expectedDate'],
  storageRemark: [purchaseOrderResource, 'storageRemark'],
  isbn: [goodsInfoResource, 'isbn'],
  goodsName: [goodsInfoResource, 'goodsName'],
  publisher: [goodsInfoResource, 'publisher'],
  price: [goodsInfoResource, 'price'],
  discount: [purchaseDetailYyptResource, 'discount'],
  unitPrice: [purchaseDetailYyptResource, 'unitPrice'],
  quantity: [purchaseDetailYyptResource, 'quantity'],
  listAmount: [purchaseDetailYyptResource, 'listAmount'],
  amount: [purchaseDetailYyptResource, 'amount'],
  received: [purchaseDetailResource, 'receivedQuantity'],
  logistics: [deliveryOrderResource, 'logisticsCompany'],
  trackingNo: [deliveryOrderResource, 'trackingNo'],
  packageCount: [deliveryOrderResource, 'packageCount'],
  checkNo: [depositoryCheckResource, 'checkNo'],
  checkDate: [depositoryCheckResource, 'checkDate'],
  countedQuantity: [depositoryCheckResource, 'totalCountedQuantity'],
  difference: [depositoryCheckDetailResource, 'differenceQuantity'],
  differenceAmount: [depositoryCheckResource, 'differenceAmount'],
  gain: [depositoryCheckResource, 'totalGainQuantity'],
  loss: [depositoryCheckResource, 'totalLossQuantity'],
  completeTime: [depositoryCheckResource, 'completeTime'],
} satisfies Record<string, [ResourceDef, string]>;

/** The declared field labels in `lang`, keyed as the PSI screens ask for them. */
export function declaredFieldLabels(lang: Lang): Record<keyof typeof DECLARED, string> {
  return Object.fromEntries(
    Object.entries(DECLARED).map(([key, [resource, name]]: [string, [ResourceDef, string]]) => {
      const field = resource.fields.find((f) => f.name === name);
      if (!field) throw new Error(`${resource.key} declares no field ${name}`);
      return [key, field.label[lang]];
    }),
  ) as Record<keyof typeof DECLARED, string>;
}
