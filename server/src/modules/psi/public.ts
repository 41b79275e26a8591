/**
 * The PSI module's public entry: the services code outside the module may call (the demo and
 * large seeds write their data through them, so every row passes the same guards, numbering and
 * ledger postings as real traffic). Everything else under `modules/psi/` is the module's own and
 * may change without notice; eslint.config.js refuses a seed import that reaches past this file.
 */
export { resolveActor, type PsiActor, type PsiEnv } from './shared/env';
export { parseValues } from './shared/validate';
export { GOODS_COLUMNS, ROSTER_COLUMNS, importRoster } from './master/imports';
export { removeGoods, removeSchools, saveDepository, saveGoods, saveSchool } from './master/service';
export { recharge } from './account/service';
export {
  approvePurchaseorderAudit,
  approveStorage,
  purchaseorderLines,
  removePurchaseorder,
  submitPurchaseOrder,
} from './purchaseorder/service';
export {
  approvePurchaseorderyyptAudit,
  removePurchaseorderyypt,
  submitPurchaseOrderYypt,
} from './purchaseorderyypt/service';
export {
  approveAuditDepository,
  purchaseorderdepositoryLines,
  submitPurchaseOrderDepository,
} from './purchaseorderdepository/service';
export { approveDelivery, submitDeliveryOrder } from './deliveryorder/service';
export { saveCheckList } from './depositorycheck/service';
