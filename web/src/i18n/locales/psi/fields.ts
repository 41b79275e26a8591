import type { DeclaredLabels } from '../../declared';
import {
  deliveryOrderResource,
  depositoryCheckDetailResource,
  depositoryCheckResource,
  goodsInfoResource,
  purchaseDetailResource,
  purchaseDetailYyptResource,
  purchaseOrderResource,
  purchaseOrderYyptResource,
  accountStatementResource,
} from '@psi/db/model';

/** `psi.field.*` keys whose label is the one a resource declaration gives its field. */
export const fieldLabels = {
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
} satisfies DeclaredLabels<string>;

/** `psi.audit.*` keys the declarations label. */
export const auditLabels = {
  remark: [purchaseOrderResource, 'auditRemark'],
} satisfies DeclaredLabels<string>;

/** `psi.account.*` keys the declarations label. */
export const accountLabels = {
  payMethod: [accountStatementResource, 'payMethod'],
  voucherNo: [accountStatementResource, 'voucherNo'],
} satisfies DeclaredLabels<string>;
