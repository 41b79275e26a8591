import type { PsiRoute } from './client';

/**
 * The `/blade-psi` routes the PSI screens call beyond the declarations' own (`list`, `detail`,
 * `remove`): every one a route of the document (`satisfies`), named after it, so no screen holds an
 * endpoint string and a route the server drops or renames fails the typecheck here.
 */
export const psiRoutes = {
  accountstatementRecharge: 'accountstatement/recharge',
  deliverydetailSubmitDeliveryOrder: 'deliverydetail/submitDeliveryOrder',
  deliveryorderApproveDelivery: 'deliveryorder/approveDelivery',
  deliveryorderList: 'deliveryorder/list',
  depositorycheckList: 'depositorycheck/list',
  depositoryinfoSaveCheckList: 'depositoryinfo/saveCheckList',
  goodsinfoList: 'goodsinfo/list',
  purchasedetailSubmitPurchaseOrder: 'purchasedetail/submitPurchaseOrder',
  purchasedetaildepositorySubmitPurchaseOrderDepository:
    'purchasedetaildepository/submitPurchaseOrderDepository',
  purchasedetailyyptSubmitPurchaseOrderYypt: 'purchasedetailyypt/submitPurchaseOrderYypt',
  purchaseorderApproveAudit: 'purchaseorder/approveAudit',
  purchaseorderApproveStorage: 'purchaseorder/approveStorage',
  purchaseorderList: 'purchaseorder/list',
  purchaseorderdepositoryApproveAuditDepository: 'purchaseorderdepository/approveAuditDepository',
  purchaseorderdepositoryPurchaseOrderDepository: 'purchaseorderdepository/purchaseOrderDepository',
  purchaseorderyyptApproveAudit: 'purchaseorderyypt/approveAudit',
  purchaseorderyyptList: 'purchaseorderyypt/list',
  schoolyyptinfoList: 'schoolyyptinfo/list',
} as const satisfies Record<string, PsiRoute | PsiRoute<'post'>>;
