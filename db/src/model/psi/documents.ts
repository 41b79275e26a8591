import type { ResourceDef } from '../resource';
import { t } from '../text';
import {
  deliveryorderResource,
  depositorycheckResource,
  purchaseorderdepositoryResource,
  purchaseorderResource,
  purchaseorderyyptResource,
} from '../resources/psi/index';
import { type CodeDef, type CodeSet } from './codes';
import { PSI_DICT } from './dicts';

/**
 * The PSI document kinds (DOMAIN.md section 3), each declared once: its workflow statuses, the
 * transitions between them and who may take each, and which fields of its resource declaration the
 * list, the search bar and the detail header show. The server's guards, its action routes' buttons
 * and its status sets (status.ts: `statusSet`, `transitionRule`) and the web's tags, tabs, columns,
 * row actions and detail header are derived from here: a status or a transition added here changes
 * the rules, not only the screens.
 *
 * A kind's key is its Blade route segment, which is also its menu code (fixtures/menus.json): the same
 * word names its resource (`<key>Resource`), its declaration (`<key>Document`), its server folder
 * (`server/src/modules/psi/<key>/`) and its page folder (`web/src/pages/psi/<key>/`). Only the SQL
 * tables keep the names the product spec gives them (`psi_purchase_order_yypt`, …).
 */
export type DocumentKind =
  'purchaseorder' | 'purchaseorderyypt' | 'purchaseorderdepository' | 'deliveryorder' | 'depositorycheck';

/** A workflow status. Its code is a key of the document's status dictionary in fixtures/dicts.json. */
export interface StatusDef extends CodeDef {
  /** The document may be re-submitted (its lines replaced) in this status. */
  editable?: boolean;
  /** The document may be deleted in this status. */
  removable?: boolean;
  /** No further step is expected. */
  final?: boolean;
  /** Refused by an audit: the detail shows the audit remark as an error. */
  rejected?: boolean;
  /**
   * Under way: the document still holds its depository and school (neither can be removed while
   * one is open) and counts as open work. Never together with `final`.
   */
  open?: boolean;
}

/** `action: from… → to`, and the buttons (permission codes) of whoever may start it. */
export interface TransitionDef<N extends string = string> {
  from: readonly N[];
  /** Several targets when the result depends on the quantities (partly or fully delivered). */
  to: N | readonly N[];
  who: readonly string[];
}

/** A field of the detail header; `with` is shown in the same cell, `optional` hides it when empty. */
export interface DetailItem {
  field: string;
  with?: string;
  optional?: boolean;
}

export interface DocumentDef<S extends StatusDef = StatusDef> {
  kind: DocumentKind;
  resource: ResourceDef;
  /** The field holding the document number (linked in lists, named in confirmations). */
  numberField: string;
  statusField: string;
  statuses: CodeSet<S>;
  transitions: Readonly<Record<string, TransitionDef<S['name']>>>;
  /** Who may create, edit (in an editable status) and remove (in a removable status). */
  who: { create: readonly string[]; edit: readonly string[]; remove: readonly string[] };
  /** Editing is further limited to documents whose `field` holds `code`. */
  editableWhen?: { field: string; code: number };
  /** Fields of `resource`, in order: the list's columns, its text filters, the detail header. */
  columns: readonly string[];
  filters: readonly string[];
  detail: readonly (string | DetailItem)[];
}

const pending = {
  name: 'pending',
  code: 1,
  label: t('待审核', 'Pending audit'),
  color: 'gold',
  open: true,
} as const;
const editable = { editable: true, removable: true } as const;
const rejected = {
  name: 'rejected',
  code: 8,
  label: t('已驳回', 'Rejected'),
  color: 'red',
  rejected: true,
  ...editable,
} as const;
const partial = {
  name: 'partial',
  code: 4,
  label: t('部分发货', 'Partly delivered'),
  color: 'cyan',
  open: true,
} as const;
const completed = {
  name: 'completed',
  code: 3,
  label: t('已完成', 'Completed'),
  color: 'green',
  final: true,
} as const;

/** Submitting again: a pending or rejected document goes (back) to its audit. */
const resubmit = <const W extends readonly string[]>(who: W) =>
  ({ from: ['pending', 'rejected'], to: 'pending', who }) as const;

/** The audit of a pending document: passed to `passed`, or rejected. */
const audits = <const P extends string, const W extends readonly string[]>(passed: P, who: W) =>
  ({
    auditPass: { from: ['pending'], to: passed, who },
    auditReject: { from: ['pending'], to: 'rejected', who },
  }) as const;

/** Deliveries against a school's order: partly, then completely (a 发货单 is created and shipped). */
const deliverFrom = <const F extends string>(accepted: F) =>
  ({ from: [accepted, 'partial'], to: ['partial', 'completed'], who: ['deliveryorder_add'] }) as const;

/** Totals and audit fields every order's detail header shows after its parties. */
const totals = ['totalQuantity', 'totalListAmount', 'totalAmount'] as const;
const audit = ['submitTime', 'auditTime', 'auditRemark'] as const;
const receiver = [{ field: 'receiverName', with: 'receiverPhone' }, 'receiverAddress'] as const;
const optionalTerm = { field: 'term', optional: true } as const;
const optionalRemark = { field: 'remark', optional: true } as const;
/** The detail of a school's order (征订单, 配送单) after its number and statuses. */
const schoolOrderDetail = [
  'schoolName',
  'depositoryName',
  optionalTerm,
  ...receiver,
  ...totals,
  'deliveredQuantity',
  ...audit,
  optionalRemark,
] as const;

/** 采购入库单: the platform buys from a publisher into one depository. */
export const purchaseorderDocument = {
  kind: 'purchaseorder',
  resource: purchaseorderResource,
  numberField: 'orderNo',
  statusField: 'orderStatus',
  statuses: {
    dict: PSI_DICT.purchaseorderStatus,
    codes: [
      { ...pending, ...editable },
      { name: 'audited', code: 2, label: t('待入库', 'Awaiting receipt'), color: 'blue', open: true },
      { name: 'stored', code: 3, label: t('已入库', 'Stored'), color: 'green', final: true },
      rejected,
    ],
  },
  transitions: {
    submit: resubmit(['purchaseorder_add', 'purchaseorder_edit']),
    ...audits('audited', ['purchaseorder_audit']),
    storage: { from: ['audited'], to: 'stored', who: ['purchaseorder_storage'] },
  },
  who: { create: ['purchaseorder_add'], edit: ['purchaseorder_edit'], remove: ['purchaseorder_delete'] },
  columns: [
    'orderNo',
    'supplierName',
    'depositoryName',
    'term',
    'totalQuantity',
    'receivedQuantity',
    'totalListAmount',
    'totalAmount',
    'orderStatus',
    'submitTime',
  ],
  filters: ['orderNo', 'supplierName'],
  detail: [
    'orderNo',
    'orderStatus',
    'supplierName',
    'supplierContact',
    'depositoryName',
    optionalTerm,
    ...totals,
    'receivedQuantity',
    ...audit,
    'storageTime',
    'storageRemark',
    optionalRemark,
  ],
} as const satisfies DocumentDef;

/** 征订单: a school's order placed with the platform. */
export const purchaseorderyyptDocument = {
  kind: 'purchaseorderyypt',
  resource: purchaseorderyyptResource,
  numberField: 'orderNo',
  statusField: 'orderStatus',
  statuses: {
    dict: PSI_DICT.purchaseorderyyptStatus,
    codes: [
      { ...pending, ...editable },
      { name: 'approved', code: 2, label: t('已审核', 'Approved'), color: 'blue', open: true },
      partial,
      completed,
      {
        name: 'returned',
        code: 7,
        label: t('仓库退回', 'Returned'),
        color: 'volcano',
        final: true,
        rejected: true,
      },
      rejected,
    ],
  },
  transitions: {
    submit: resubmit(['purchaseorderyypt_add', 'purchaseorderyypt_edit', 'order_s_add', 'order_s_edit']),
    ...audits('approved', ['purchaseorderyypt_audit', 'order_yy_audit']),
    /** the depository returns the 配送单 made from it */
    depositoryReject: { from: ['approved'], to: 'returned', who: ['purchaseorderdepository_audit'] },
    /** through its 配送单 */
    deliver: deliverFrom('approved'),
  },
  who: {
    create: ['purchaseorderyypt_add', 'order_s_add'],
    edit: ['purchaseorderyypt_edit', 'order_s_add', 'order_s_edit'],
    remove: ['purchaseorderyypt_delete', 'order_s_delete'],
  },
  columns: [
    'orderNo',
    'schoolName',
    'depositoryName',
    'term',
    'totalQuantity',
    'totalAmount',
    'deliveredQuantity',
    'orderStatus',
    'payStatus',
    'submitTime',
  ],
  filters: ['orderNo', 'term'],
  detail: ['orderNo', 'orderStatus', 'payStatus', ...schoolOrderDetail],
} as const satisfies DocumentDef;

/** 配送单 (补订单 when entered directly): the depository's work order. */
export const purchaseorderdepositoryDocument = {
  kind: 'purchaseorderdepository',
  resource: purchaseorderdepositoryResource,
  numberField: 'orderNo',
  statusField: 'orderStatus',
  statuses: {
    dict: PSI_DICT.purchaseorderdepositoryStatus,
    codes: [
      { ...pending, ...editable },
      { name: 'accepted', code: 2, label: t('待发货', 'To ship'), color: 'blue', open: true },
      partial,
      completed,
      rejected,
    ],
  },
  transitions: {
    submit: resubmit(['purchaseorderdepository_add', 'purchaseorderdepository_edit', 'order_s_supplement']),
    ...audits('accepted', ['purchaseorderdepository_audit']),
    deliver: deliverFrom('accepted'),
  },
  who: {
    create: ['purchaseorderdepository_add', 'order_s_supplement'],
    edit: ['purchaseorderdepository_edit', 'order_s_supplement'],
    remove: ['purchaseorderdepository_delete'],
  },
  /** only direct orders (补订单) are edited; a platform order follows its 征订单 */
  editableWhen: { field: 'sourceType', code: 2 },
  columns: [
    'orderNo',
    'sourceType',
    'sourceNo',
    'schoolName',
    'depositoryName',
    'totalQuantity',
    'deliveredQuantity',
    'totalAmount',
    'orderStatus',
    'payStatus',
    'submitTime',
  ],
  filters: ['orderNo', 'sourceNo', 'term'],
  detail: [
    'orderNo',
    'orderStatus',
    'payStatus',
    'sourceType',
    { field: 'sourceNo', optional: true },
    ...schoolOrderDetail,
  ],
} as const satisfies DocumentDef;

/** 发货单: one shipment against a 配送单. */
export const deliveryorderDocument = {
  kind: 'deliveryorder',
  resource: deliveryorderResource,
  numberField: 'deliveryNo',
  statusField: 'orderStatus',
  statuses: {
    dict: PSI_DICT.deliveryorderStatus,
    codes: [
      { name: 'pending', code: 1, label: t('待出库', 'To ship'), color: 'gold', open: true, ...editable },
      { name: 'shipped', code: 3, label: t('已出库', 'Shipped'), color: 'green', final: true },
    ],
  },
  transitions: {
    submit: { from: ['pending'], to: 'pending', who: ['deliveryorder_add', 'deliveryorder_edit'] },
    deliver: { from: ['pending'], to: 'shipped', who: ['deliveryorder_delivery'] },
  },
  who: { create: ['deliveryorder_add'], edit: ['deliveryorder_edit'], remove: ['deliveryorder_delete'] },
  columns: [
    'deliveryNo',
    'depositoryOrderNo',
    'schoolName',
    'depositoryName',
    'totalQuantity',
    'totalAmount',
    'trackingNo',
    'orderStatus',
    'submitTime',
    'deliveryTime',
  ],
  filters: ['deliveryNo', 'depositoryOrderNo'],
  detail: [
    'deliveryNo',
    'orderStatus',
    'depositoryOrderNo',
    'schoolName',
    'depositoryName',
    ...receiver,
    ...totals,
    { field: 'logisticsCompany', with: 'trackingNo' },
    'deliveryTime',
    'submitTime',
    optionalRemark,
  ],
} as const satisfies DocumentDef;

/** 盘点: a depository's stocktake. */
export const depositorycheckDocument = {
  kind: 'depositorycheck',
  resource: depositorycheckResource,
  numberField: 'checkNo',
  statusField: 'checkStatus',
  statuses: {
    dict: PSI_DICT.depositorycheckStatus,
    codes: [
      { name: 'counting', code: 1, label: t('盘点中', 'Counting'), color: 'gold', open: true, ...editable },
      { ...completed },
    ],
  },
  transitions: {
    save: { from: ['counting'], to: 'counting', who: ['depositorycheck_add', 'depositorycheck_edit'] },
    complete: { from: ['counting'], to: 'completed', who: ['depositorycheck_complete'] },
  },
  who: {
    create: ['depositorycheck_add'],
    edit: ['depositorycheck_edit', 'depositorycheck_complete'],
    remove: ['depositorycheck_delete'],
  },
  columns: [
    'checkNo',
    'depositoryName',
    'checkDate',
    'checkStatus',
    'totalBookQuantity',
    'totalCountedQuantity',
    'totalGainQuantity',
    'totalLossQuantity',
    'differenceAmount',
    'completeTime',
  ],
  filters: ['checkNo'],
  detail: [
    'checkNo',
    'depositoryName',
    'checkStatus',
    'checkDate',
    'totalBookQuantity',
    'totalCountedQuantity',
    'totalGainQuantity',
    'totalLossQuantity',
    'differenceAmount',
    'completeTime',
  ],
} as const satisfies DocumentDef;

export const PSI_DOCUMENTS = {
  purchaseorder: purchaseorderDocument,
  purchaseorderyypt: purchaseorderyyptDocument,
  purchaseorderdepository: purchaseorderdepositoryDocument,
  deliveryorder: deliveryorderDocument,
  depositorycheck: depositorycheckDocument,
} as const satisfies Record<DocumentKind, DocumentDef>;
