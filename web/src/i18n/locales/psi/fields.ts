import type { DeclaredLabels } from '../../declared';
import {
  deliveryorderResource,
  depositorycheckdetailResource,
  depositorycheckResource,
  goodsInfoResource,
  purchasedetailResource,
  purchasedetailyyptResource,
  purchaseorderResource,
  purchaseorderyyptResource,
  accountStatementResource,
} from '@psi/db/model';

/** `psi.field.*` keys whose label is the one a resource declaration gives its field. */
export const fieldLabels = {
  school: [purchaseorderyyptResource, 'schoolName'],
  depository: [deliveryorderResource, 'depositoryName'],
  term: [purchaseorderResource, 'term'],
  receiverName: [purchaseorderyyptResource, 'receiverName'],
  receiverPhone: [purchaseorderyyptResource, 'receiverPhone'],
  receiverAddress: [purchaseorderyyptResource, 'receiverAddress'],
  status: [depositorycheckResource, 'checkStatus'],
  supplierName: [purchaseorderResource, 'supplierName'],
  supplierContact: [purchaseorderResource, 'supplierContact'],
  expectedDate: [purchaseorderResource, 'expectedDate'],
  storageRemark: [purchaseorderResource, 'storageRemark'],
  isbn: [goodsInfoResource, 'isbn'],
  goodsName: [goodsInfoResource, 'goodsName'],
  publisher: [goodsInfoResource, 'publisher'],
  price: [goodsInfoResource, 'price'],
  discount: [purchasedetailyyptResource, 'discount'],
  unitPrice: [purchasedetailyyptResource, 'unitPrice'],
  quantity: [purchasedetailyyptResource, 'quantity'],
  listAmount: [purchasedetailyyptResource, 'listAmount'],
  amount: [purchasedetailyyptResource, 'amount'],
  received: [purchasedetailResource, 'receivedQuantity'],
  logistics: [deliveryorderResource, 'logisticsCompany'],
  trackingNo: [deliveryorderResource, 'trackingNo'],
  packageCount: [deliveryorderResource, 'packageCount'],
  checkNo: [depositorycheckResource, 'checkNo'],
  checkDate: [depositorycheckResource, 'checkDate'],
  countedQuantity: [depositorycheckResource, 'totalCountedQuantity'],
  difference: [depositorycheckdetailResource, 'differenceQuantity'],
  differenceAmount: [depositorycheckResource, 'differenceAmount'],
  gain: [depositorycheckResource, 'totalGainQuantity'],
  loss: [depositorycheckResource, 'totalLossQuantity'],
  completeTime: [depositorycheckResource, 'completeTime'],
} satisfies DeclaredLabels<string>;

/** `psi.audit.*` keys the declarations label. */
export const auditLabels = {
  remark: [purchaseorderResource, 'auditRemark'],
} satisfies DeclaredLabels<string>;

/** `psi.account.*` keys the declarations label. */
export const accountLabels = {
  payMethod: [accountStatementResource, 'payMethod'],
  voucherNo: [accountStatementResource, 'voucherNo'],
} satisfies DeclaredLabels<string>;
